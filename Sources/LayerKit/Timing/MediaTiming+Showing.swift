import Foundation

/// Whether an animation shows: the one rule that every stage asks.
///
/// An animation shows its value at a parent time when its timing applies there and it
/// has not been removed by finishing:
///
/// ```
///          beginTime                     beginTime + active/speed
///  ───────────┼─────────────────────────────────┼──────────────────►  parent time
///   before    │             active              │  after (the end itself is after)
///   shows if  │             shows               │  shows if fillMode is forwards
///   fillMode  │                                 │  or both AND the committed
///   is        │                                 │  isRemovedOnCompletion is false
///   backwards │                                 │
///   or both   │                                 │
/// ```
///
/// `active` is `repeatDuration`, else `period · repeatCount`, else one `period`
/// (`period` = `duration`, doubled by `autoreverses`); see ``MediaTiming``.
/// `isRemovedOnCompletion` is read from the animation as committed (Core Animation
/// evaluates the copy it committed; changing the caller's object or the copy
/// `animation(forKey:)` returns afterwards changes nothing).
///
/// Asked by the frame loop (the context's walk, and through `FlatTrack.step(at:)` its
/// plan replay), the render tree's delayed replicator copies
/// (`CALayer.presentationState(atParentTime:)`), the value on screen for an implicit
/// animation and a transition's presentation (`CALayer+AnimationActions`), and an
/// emitter's rate history (`EmissionHistory`).
extension MediaTiming.Evaluation {
  /// Whether an animation in this timing state shows: its timing applies (active, or
  /// filling before or after the active interval) and it is not past its end while
  /// removed on completion.
  /// - Parameter removedOnCompletion: the animation's `isRemovedOnCompletion` as
  ///   committed.
  @inline(__always)
  package func shows(removedOnCompletion: Bool) -> Bool {
    isApplied && !(phase == .after && removedOnCompletion)
  }
}

extension MediaTiming {
  /// The timing state at parent time `tp` (seconds, in the parent's time space) when an
  /// animation with this timing shows there, else nil (see
  /// ``MediaTiming/Evaluation/shows(removedOnCompletion:)``).
  /// - Parameter removedOnCompletion: the animation's `isRemovedOnCompletion` as
  ///   committed.
  @inline(__always)
  package func showingState(atParentTime tp: Double, removedOnCompletion: Bool) -> Evaluation? {
    let e = evaluate(parentTime: tp)
    return e.shows(removedOnCompletion: removedOnCompletion) ? e : nil
  }
}
