import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// A shadow reaches as far as its blur, by one rule (`LayerState.shadowBlurReach`) that
/// the compositor, the extents and the damage pass all read.
extension DamageTrackerTests {
  @Test(arguments: [(8.0, 12.0), (0.0, 0.0), (-4.0, 0.0), (3.0, 4.5)] as [(CGFloat, CGFloat)])
  func aShadowReachesThreeStandardDeviationsOfItsBlur(radius: CGFloat, reach: CGFloat) {
    var state = LayerState()
    state.shadowRadius = radius
    #expect(state.shadowSigma == max(radius, 0) / 2)
    #expect(state.shadowBlurReach == reach)
  }

  /// A radius that is not positive casts a hard shadow; the damage of it moving is its
  /// shape's, and the frames drawn in that damage equal frames drawn whole.
  @Test(arguments: [-6.0, 0.0, 5.0] as [CGFloat])
  func aMovingShadowIsRedrawnWhereverItPaints(radius: CGFloat) throws {
    let root = F.root(100, 80)
    let caster = F.box(CGRect(x: 20, y: 20, width: 24, height: 18), F.blue)
    caster.shadowOpacity = 1
    caster.shadowColor = F.ink
    caster.shadowRadius = radius
    caster.shadowOffset = CGSize(width: 6, height: 9)
    root.addSublayer(caster)
    let renderer = CARenderer(layer: root)
    let ctx = try #require(CGContext(width: 100, height: 80))
    _ = Self.step(renderer, root, ctx)
    for dx in [3.0, 7.5, -11.25] as [CGFloat] {
      caster.position.x += dx
      let damage = Self.step(renderer, root, ctx)
      let shadow = caster.frame.offsetBy(dx: 6, dy: 9).insetBy(
        dx: -1.5 * max(radius, 0), dy: -1.5 * max(radius, 0))
      #expect(damage.contains { $0.contains(shadow.intersection(Self.frame).integral) })
    }
  }
}
