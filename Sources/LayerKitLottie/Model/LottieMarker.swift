import Foundation

/// A named point or section of a Lottie timeline (`markers[i]`: `cm` the name, `tm` the
/// frame, `dr` the duration in frames), as After Effects' composition markers export.
///
/// Markers let an app play sections by name (`LottieLayer.play(marker:…)`,
/// `play(fromMarker:toMarker:…)`) without hard-coding frame numbers.
public struct LottieMarker: Equatable, Sendable {
  /// The marker's name (`cm`).
  public var name: String
  /// Where the marker sits, in frames of the root composition (`tm`).
  public var frameTime: Double
  /// How long its section lasts, in frames (`dr`; 0 when absent).
  public var durationFrameTime: Double

  public init(name: String, frameTime: Double, durationFrameTime: Double = 0) {
    self.name = name
    self.frameTime = frameTime
    self.durationFrameTime = durationFrameTime
  }

  /// Reads the file's `markers` list; a marker without a name is left out. Times are
  /// clamped as keyframe times are (`JSONNode.clampedFrameTime`).
  static func list(_ node: JSONNode?) throws(LottieError) -> [LottieMarker] {
    guard let node else { return [] }
    var out: [LottieMarker] = []
    for m in try node.array() {
      guard m.isObject, let name = try m.optionalString("cm") else { continue }
      out.append(
        LottieMarker(
          name: name, frameTime: try m.frameTime("tm", default: 0),
          durationFrameTime: max(0, try m.frameTime("dr", default: 0))))
    }
    return out
  }
}
