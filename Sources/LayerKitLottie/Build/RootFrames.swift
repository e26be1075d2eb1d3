import Foundation

/// Where a composition's frames fall on the root composition's paused timeline, so hold
/// keyframes switch at the instants Apple's renders show.
///
/// lottie-ios gives a `CAKeyframeAnimation` whose keyframes all hold (`.discrete`) key
/// times that are fractions of the whole paused timeline, from the root's in point `ip`
/// to `op + 1`, stored as 32-bit floats. The rounding moves a key time by up to about
/// 10⁻⁸ of the timeline: when a frame is sampled exactly at a hold keyframe, Core
/// Animation shows the keyframe before it if the fraction rounded up, and the keyframe
/// itself if it rounded down or was exact. `rounded(_:)` moves a keyframe's frame the
/// same way, so LayerKit's exact timing flips on the same frames.
struct RootFrames {
  /// The root frame of frame `f` of this composition is `scale · f + offset`.
  var scale = 1.0
  var offset = 0.0
  /// The root composition's in point, in frames.
  var start: Double
  /// The paused timeline's length in frames (`op + 1 − ip`).
  var length: Double

  /// The root timeline of a composition with in point `inPoint` and out point `outPoint`.
  init(inPoint: Double, outPoint: Double) {
    start = inPoint
    length = outPoint + 1 - inPoint
  }

  /// The frames of a precomposition's content: its frame `f` is frame
  /// `f · stretch + startTime` of this composition.
  func inside(startTime: Double, stretch: Double) -> RootFrames {
    var r = self
    r.scale = scale * stretch
    r.offset = offset + scale * startTime
    return r
  }

  /// `frame` moved to where the 32-bit key time of its root frame puts it; unchanged
  /// when that fraction is exact or the mapping is degenerate.
  func rounded(_ frame: Double) -> Double {
    guard length > 0, scale != 0, scale.isFinite, frame.isFinite else { return frame }
    let p = (scale * frame + offset - start) / length
    let q = Double(Float(p))
    guard q.isFinite, q != p else { return frame }
    let moved = (start + q * length - offset) / scale
    return moved.isFinite ? moved : frame
  }
}
