/// What playback does at the end of the timeline.
public enum LottieLoopMode: Equatable, Sendable {
  /// Play once and hold the last frame.
  case playOnce
  /// Start again from the beginning, forever.
  case loop
  /// Play forwards, then backwards, forever.
  case autoReverse
  /// Play this many times (fractions allowed), then hold.
  case `repeat`(Double)
  /// Forwards then backwards, this many times, then hold.
  case repeatBackwards(Double)
}
