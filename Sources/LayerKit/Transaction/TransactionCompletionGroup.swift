/// The animations one completion block waits for.
///
/// `CATransaction.setCompletionBlock(_:)` opens a group; every animation added while the
/// group is reachable from an open transaction scope registers with it (see
/// ``TransactionStateMachine/openCompletionGroups``). The outermost commit *seals* the
/// group: from then on no animation can join it, and once every registered animation has
/// finished or been removed the group is *ready* and its block runs at the next frame's
/// completion phase (``TransactionThread/runReadyCompletionBlocks()``). A group that no
/// animation ever joined runs its block inside the commit that seals it (Apple: "If no
/// animations are added before the current transaction group is committed …, the block
/// will be invoked immediately").
///
/// ```
///   setCompletionBlock ─ register ─ register ─ commit(seal) ─ end ─ end ─▶ ready ─▶ block runs
///   setCompletionBlock ─────────────────────── commit(seal) ─▶ block runs inside commit()
/// ```
///
/// Invariants: `pending ≥ 0`; the block runs at most once; a group becomes ready exactly
/// once, and only after it is sealed.
package final class TransactionCompletionGroup {
  /// The block to run when the group completes.
  package let block: () -> Void
  /// Animations registered and not yet finished or removed.
  package private(set) var pending = 0
  /// Whether any animation ever registered.
  package private(set) var hadAnimations = false
  /// Whether the outermost transaction that opened this group has committed.
  package private(set) var isSealed = false
  /// Whether the group has been handed to the ready queue.
  package private(set) var isReady = false
  /// Whether the block has run.
  package private(set) var hasRun = false
  /// Called once when the group becomes ready (set by the owning thread state).
  var onReady: ((TransactionCompletionGroup) -> Void)?

  package init(block: @escaping () -> Void) {
    self.block = block
  }

  /// Counts one more animation. Registering with a sealed group is refused.
  /// - Returns: whether the animation was counted.
  @discardableResult
  package func register() -> Bool {
    guard !isSealed else { return false }
    pending += 1
    hadAnimations = true
    return true
  }

  /// One registered animation finished or was removed.
  package func animationDidEnd() {
    guard pending > 0 else { return }
    pending -= 1
    becomeReadyIfDone()
  }

  /// Marks the outermost commit: no more registrations; ready now if nothing is pending.
  package func seal() {
    guard !isSealed else { return }
    isSealed = true
    becomeReadyIfDone()
  }

  /// Runs the block unless it has already run.
  package func run() {
    guard !hasRun else { return }
    hasRun = true
    block()
  }

  private func becomeReadyIfDone() {
    guard isSealed, pending == 0, !isReady else { return }
    isReady = true
    onReady?(self)
  }
}

/// What an added animation holds so that its end reaches every completion group it joined.
///
/// The timing engine keeps the token with the animation it added to a layer and calls
/// ``animationDidEnd()`` when that animation finishes, is removed, or is replaced under
/// its key. Calling it more than once has no further effect.
package final class TransactionCompletionToken {
  private var groups: [TransactionCompletionGroup]

  package init(groups: [TransactionCompletionGroup]) {
    self.groups = groups
  }

  /// Whether the animation has already been reported as ended.
  package var hasEnded: Bool { groups.isEmpty }

  /// Reports that the animation finished or was removed.
  package func animationDidEnd() {
    let joined = groups
    groups = []
    for group in joined { group.animationDidEnd() }
  }
}
