import Foundation

/// The timing model shared by layers and animations.
///
/// A timed object maps its parent's time `tp` to its own local time:
///
/// ```
///   local = (tp − beginTime) · speed + timeOffset
///
///   parent time ──┬──────────────┬──────────────────▶
///             beginTime      beginTime + active duration
///                 │◀── duration · (repeatCount | repeatDuration) ──▶│
/// ```
///
/// Layers are timed objects with an infinite active duration, so a layer's `speed`,
/// `timeOffset` and `beginTime` rescale and shift the time of everything below it. See
/// SEMANTICS §1 for the full formulas (autoreverse, fill modes, fractional repeats).
public protocol CAMediaTiming: AnyObject {
  /// When the object becomes active, in its parent's time space, in seconds.
  /// Default 0.
  var beginTime: CFTimeInterval { get set }
  /// The length of one simple cycle, in the object's local time, in seconds. Default 0.
  var duration: CFTimeInterval { get set }
  /// How fast local time runs relative to the parent's time. Default 1; 0 freezes local
  /// time at `timeOffset`; negative values run backwards.
  var speed: Float { get set }
  /// A shift added to local time, in seconds; moves the phase, not the active window.
  /// Default 0.
  var timeOffset: CFTimeInterval { get set }
  /// How many simple cycles to play; fractions allowed, `.infinity` repeats forever.
  /// Default 0 (one pass).
  var repeatCount: Float { get set }
  /// How long to repeat, in the object's local time, in seconds; wins over
  /// `repeatCount` when both are set. Default 0.
  var repeatDuration: CFTimeInterval { get set }
  /// Whether each cycle plays forwards then backwards. Default false.
  var autoreverses: Bool { get set }
  /// What the object shows outside its active interval. Default `.removed`.
  var fillMode: CAMediaTimingFillMode { get set }
}
