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
  /// The timing, stamped at the commit that starts the animation.
  package var timing: MediaTiming
  /// Order of addition within the context, for ordering delegate callbacks.
  package var sequence: UInt64 = 0
  package var isCommitted = false
  package var didStart = false
  package var didStop = false
  /// Whether the active interval has ended and the animation is to be removed.
  package var isFinished = false
  /// The completion groups of the transactions it was added in, told when it stops.
  package var completionToken: TransactionCompletionToken?

  package init(key: String, isAnonymous: Bool, animation: CAAnimation, track: AnimationTrack?) {
    self.key = key
    self.isAnonymous = isAnonymous
    self.animation = animation
    self.track = track
    timing = animation.mediaTiming
  }
}

/// A layer's animations and timing bookkeeping: animations in add order, and for
/// presentation copies the model layer.
package final class LayerAnimationStorage {
  /// Attached animations, in add order.
  package var entries: [LayerAnimationEntry] = []
  /// The context whose root this layer is (only set on a root layer).
  package weak var hostingContext: CAContext?
  /// For a presentation copy: the model layer it presents.
  package weak var modelLayer: CALayer?
  /// The presentation state at `evaluatedTime`, valid while `generation` matches the
  /// context's.
  package var presentationState: LayerState?
  /// The layer's local time at the last evaluation, and whether it applied then.
  package var localTime: Double = 0
  package var isTimeApplied = false
  /// Counter for anonymous keys.
  package var anonymousCounter: UInt64 = 0

  package init() {}

  /// The entry under `key`, if any.
  package func entry(forKey key: String) -> LayerAnimationEntry? {
    entries.first { $0.key == key }
  }
}
