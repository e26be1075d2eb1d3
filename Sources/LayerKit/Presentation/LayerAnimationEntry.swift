import Foundation

/// One animation attached to a layer: the private copy, its compiled track and its
/// lifecycle flags.
package final class LayerAnimationEntry {
  /// The key it was added under (a unique internal key when added with nil).
  package let key: String
  /// Whether the caller gave no key (such entries are not listed by `animationKeys()`).
  package let isAnonymous: Bool
  /// The copy made by `add(_:forKey:)`.
  package let animation: CAAnimation
  /// The compiled animation, or nil when it cannot change anything.
  package let track: AnimationTrack?
  /// The object the frame loop reads: the track, or for an animation that changes
  /// nothing an inert track carrying only its timing and lifecycle.
  package let lifecycle: AnimationTrack
  /// The timing, stamped at the commit that starts the animation.
  package var timing: MediaTiming {
    get { lifecycle.timing }
    set { lifecycle.setTiming(newValue) }
  }
  /// Order of addition within the context, for ordering delegate callbacks.
  package var sequence: UInt64 = 0
  package var isCommitted: Bool {
    get { lifecycle.isCommitted }
    set { lifecycle.isCommitted = newValue }
  }
  /// The animation's `isRemovedOnCompletion`, read at commit.
  package var isRemovedOnCompletion: Bool {
    get { lifecycle.isRemovedOnCompletion }
    set { lifecycle.isRemovedOnCompletion = newValue }
  }
  package var didStart: Bool {
    get { lifecycle.didStart }
    set { lifecycle.didStart = newValue }
  }
  package var didStop = false
  /// Whether the active interval has ended and the animation is to be removed.
  package var isFinished: Bool {
    get { lifecycle.isFinished }
    set { lifecycle.isFinished = newValue }
  }
  /// The presentation state the track captured its start value from at the commit that
  /// started it (`AnimationTrack.capturePrevious(from:)`), kept so that the render
  /// thread's replica of the animation starts from the same value (`LayerTreeSnapshot`).
  package var capturedPresentation: LayerState?
  /// The completion groups of the transactions it was added in, told when it stops.
  package var completionToken: TransactionCompletionToken?

  package init(key: String, isAnonymous: Bool, animation: CAAnimation, track: AnimationTrack?) {
    self.key = key
    self.isAnonymous = isAnonymous
    self.animation = animation
    self.track = track
    lifecycle = track ?? AnimationTrack(timing: animation.mediaTiming)
    lifecycle.setTiming(animation.mediaTiming)
  }

  /// The animation's timing state at `local` (its layer's local time, seconds) when it
  /// shows there, else nil; nil too before the commit that starts it. Reads the committed
  /// copy: the stamped timing and `isRemovedOnCompletion` as committed (see
  /// ``MediaTiming/Evaluation/shows(removedOnCompletion:)``).
  @inline(__always)
  package func showingState(atLocalTime local: Double) -> MediaTiming.Evaluation? {
    guard isCommitted else { return nil }
    return timing.showingState(atParentTime: local, removedOnCompletion: isRemovedOnCompletion)
  }

  /// A committed entry for the snapshot animation `a`: its animation copied again and
  /// compiled with `registry`, with the app's stamped timing, captured start value and
  /// removal flag, so that it computes what the app thread's entry computes.
  package static func committedCopy(
    of a: LayerTreeSnapshot.Animation, registry: LayerPropertyRegistry
  ) -> LayerAnimationEntry {
    let copy = a.animation.copy() as! CAAnimation
    let track = AnimationCompiler.compile(copy, registry: registry)
    let entry = LayerAnimationEntry(
      key: a.key, isAnonymous: a.isAnonymous, animation: copy, track: track)
    entry.sequence = a.sequence
    entry.timing = a.timing
    entry.isRemovedOnCompletion = a.isRemovedOnCompletion
    if let captured = a.capturedPresentation {
      track?.capturePrevious(from: captured)
      entry.capturedPresentation = captured
    }
    entry.isCommitted = true
    return entry
  }
}
