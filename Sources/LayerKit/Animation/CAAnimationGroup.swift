import Foundation

/// Runs several animations together in the group's time.
///
/// Children run in the group's local time after the group's own repeat and autoreverse,
/// reshaped by the group's `timingFunction` (the time they see is `curve(p) · duration`,
/// p the group's pass fraction: each child runs "in the time space of the parent
/// animation", whose pacing the timing function defines), keep their own timing (a child's `beginTime` is relative to the group's start), and are
/// clipped, not scaled, to the group's active interval. Children's delegates and
/// `isRemovedOnCompletion` are ignored; their `beginTime` 0 is never stamped.
open class CAAnimationGroup: CAAnimation {
  /// The children, evaluated in order (later ones win for the same key path).
  open var animations: [CAAnimation]?

  public required init() { super.init() }

  /// Copies the group and, deeply, its children.
  public required init(copying other: CAAnimation) {
    super.init(copying: other)
    if let o = other as? CAAnimationGroup {
      animations = o.animations?.map { type(of: $0).init(copying: $0) }
    }
  }
}
