/// The frames of an exported animation and how long each one shows, exact to the clock.
///
/// Frame `i` shows the animation at `i / fps` seconds (in the demo's own time, from the
/// manual clock). Containers store whole delays — GIF in centiseconds, WebP in
/// milliseconds — so each delay is the difference of two rounded boundaries,
/// `round((i + 1)·unit / fps) − round(i·unit / fps)`. The rounding errors never accumulate:
/// the delays always add up to `round(count·unit / fps)`, the exact length rounded once.
/// At 30 fps a GIF gets 3, 4, 3, 3, 4, 3, … centiseconds, 100 per second.
public struct FrameTimeline: Equatable, Sendable {
  /// Frames per second, greater than 0.
  public let fps: Double
  /// The number of frames, at least 1.
  public let count: Int

  /// The frames covering `duration` seconds at `fps`: `duration · fps` rounded to the
  /// nearest whole frame, at least one.
  /// - Precondition: `fps` and `duration` are finite, `fps > 0`, `duration >= 0`.
  public init(duration: Double, fps: Double) {
    precondition(fps.isFinite && fps > 0, "fps must be a positive number")
    precondition(duration.isFinite && duration >= 0, "duration must be 0 or more seconds")
    self.init(count: max(1, Int((duration * fps).rounded())), fps: fps)
  }

  /// `count` frames at `fps`.
  public init(count: Int, fps: Double) {
    precondition(fps.isFinite && fps > 0, "fps must be a positive number")
    precondition(count >= 1, "an animation has at least one frame")
    self.count = count
    self.fps = fps
  }

  /// The time of frame `index` in seconds from the start.
  public func time(ofFrame index: Int) -> Double { Double(index) / fps }

  /// The whole-unit time at which frame `index` starts (`unitsPerSecond` 100 for GIF
  /// centiseconds, 1000 for WebP milliseconds); `boundary(count)` is the total length.
  public func boundary(_ index: Int, unitsPerSecond: Int) -> Int {
    Int((Double(index) * Double(unitsPerSecond) / fps).rounded())
  }

  /// How long frame `index` shows, in whole units; the delays add up to
  /// `boundary(count, unitsPerSecond:)`.
  public func delay(ofFrame index: Int, unitsPerSecond: Int) -> Int {
    boundary(index + 1, unitsPerSecond: unitsPerSecond)
      - boundary(index, unitsPerSecond: unitsPerSecond)
  }
}
