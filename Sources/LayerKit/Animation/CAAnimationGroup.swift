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
  ///
  /// A group cannot contain itself, directly or through nested groups: children that
  /// would close such a cycle are dropped with a diagnostic when the list is set (so a
  /// group is always a finite tree and copying or evaluating it ends).
  open var animations: [CAAnimation]? {
    didSet {
      guard let list = animations, list.contains(where: { $0.nests(self) }) else { return }
      CADiagnostics.report(
        key: "animations",
        "a group cannot contain itself (directly or through a nested group); dropped the children that would"
      )
      animations = list.filter { !$0.nests(self) }
    }
  }

  public required init() { super.init() }

  /// Copies the group and, deeply, its children.
  public required init(copying other: CAAnimation) {
    super.init(copying: other)
    if let o = other as? CAAnimationGroup {
      animations = o.animations?.map { child in
        StackReserve.ensure { type(of: child).init(copying: child) }
      }
    }
  }
}

extension CAAnimation {
  /// Whether `target` is this animation or is nested in it through groups.
  /// - Complexity: O(animations nested in this one); each group is visited once.
  package func nests(_ target: CAAnimation) -> Bool {
    var pending: [CAAnimation] = [self]
    var seen = Set<ObjectIdentifier>()
    while let a = pending.popLast() {
      if a === target { return true }
      guard let g = a as? CAAnimationGroup, seen.insert(ObjectIdentifier(g)).inserted else {
        continue
      }
      pending.append(contentsOf: g.animations ?? [])
    }
    return false
  }
}
