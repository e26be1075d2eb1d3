import Foundation
import LayerGraphics
import Testing

@testable import LayerKit

/// The value types animated most get tracks of their own final class, whose evaluation
/// is compiled for that type (a generic class's overrides look the type up at every
/// call).
@Suite struct ValueTrackTests {
  @Test func commonValueTypesGetSpecialisedTracks() {
    let layer = CAShapeLayer()
    let hidden = CAKeyframeAnimation(keyPath: "hidden")
    hidden.values = [false, true]
    hidden.calculationMode = .discrete
    layer.add(hidden, forKey: "hidden")
    let path = CABasicAnimation(keyPath: "path")
    path.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
    path.toValue = CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2), transform: nil)
    layer.add(path, forKey: "path")
    let opacity = CABasicAnimation(keyPath: "opacity")
    opacity.toValue = 0.5
    layer.add(opacity, forKey: "opacity")
    let tracks = layer.animationStorage.entries.compactMap(\.track)
    #expect(tracks.count == 3)
    #expect(tracks.contains { $0 is ValueTrack<Bool> })
    #expect(tracks.contains { $0 is ValueTrack<CGPath?> })
    #expect(tracks.contains { $0 is ValueTrack<Float> })
  }
}
