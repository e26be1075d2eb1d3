import Foundation
import Synchronization

// Running actions: property changes, order-in/out, sublayer changes.
//
// Every model change reaches `propertyDidChange(forKey:oldValue:)` through the layer's
// setter funnel, and every sublayer change goes through `changeSublayers(_:)`. Both open
// the thread's implicit transaction, then — unless the transaction disables actions or
// the layer is outside a committed context tree — look up the event's action
// (`action(forKey:)`) and run it with the layer as the object.
extension CALayer {
  /// Whether the layer is in the tree of a context that has committed: only such layers
  /// run actions (and so animate implicitly).
  package var isInCommittedContextTree: Bool {
    hostingContextInTree?.hasCommitted == true
  }

  /// Called by the setter funnel after every property change.
  ///
  /// Runs the action for `key`; a change of `hidden` then also runs `kCAOnOrderOut`
  /// (hidden) or `kCAOnOrderIn` (shown).
  package func propertyDidChange(forKey key: String, oldValue: Any) {
    let thread = TransactionThread.current
    thread.noteChange()
    guard !thread.machine.values.disableActions, isInCommittedContextTree else { return }
    performAction(forKey: key, previousValue: oldValue)
    if key == "hidden", let wasHidden = oldValue as? Bool, wasHidden != state.isHidden {
      performAction(forKey: state.isHidden ? kCAOnOrderOut : kCAOnOrderIn)
    }
  }

  /// Looks up and runs the action for `event`.
  ///
  /// An action that changes the same property of the same layer again while it runs
  /// does not trigger itself: the nested change runs no action and records a diagnostic.
  package func performAction(
    forKey event: String, previousValue: Any? = nil, previousSublayers: [CALayer]? = nil
  ) {
    let thread = TransactionThread.current
    if thread.actionInvocations.contains(where: { $0.layer === self && $0.event == event }) {
      CADiagnostics.report(key: event, "an action changed the property it runs for; no nested action")
      return
    }
    guard let action = action(forKey: event) else { return }
    thread.actionInvocations.append(
      ActionInvocation(
        layer: self, event: event, previousValue: previousValue, previousSublayers: previousSublayers))
    defer { thread.actionInvocations.removeLast() }
    action.run(forKey: event, object: self, arguments: nil)
  }

  /// Runs `body`, a change of the sublayers, then the actions it calls for: on the
  /// sublayers that entered a committed tree `kCAOnOrderIn` (unless hidden), on those
  /// that left it `kCAOnOrderOut`, and on each layer whose sublayers changed the
  /// `"sublayers"` action (with a `CATransition`, the old sublayers slide or fade out).
  ///
  /// Changes nested in `body` (the old superlayer losing a moved layer) are collected
  /// and their actions run after the outermost change, once per changed layer.
  package func changeSublayers(_ body: () -> Void) {
    let thread = TransactionThread.current
    thread.noteChange()
    if !thread.pendingSublayerChanges.contains(where: { $0.parent === self }) {
      thread.pendingSublayerChanges.append(
        SublayerChange(parent: self, before: children, wasInCommittedTree: isInCommittedContextTree))
    }
    thread.sublayerChangeDepth += 1
    body()
    thread.sublayerChangeDepth -= 1
    guard thread.sublayerChangeDepth == 0 else { return }
    let changes = thread.pendingSublayerChanges
    thread.pendingSublayerChanges = []
    guard !thread.machine.values.disableActions else { return }
    for change in changes { change.parent.sublayersDidChange(change) }
  }

  /// Runs the actions of one sublayer change.
  ///
  /// - Complexity: O(n) in the number of old and new sublayers, with small constants:
  ///   the common prefix and suffix are skipped by identity, and membership in the rest
  ///   is a mark stamped on the layers (no hashing), so adding, moving or removing
  ///   thousands of sublayers one by one costs linear time per change.
  private func sublayersDidChange(_ change: SublayerChange) {
    let after = children
    let before = change.before
    var head = 0
    while head < before.count, head < after.count, before[head] === after[head] { head += 1 }
    if head == before.count && head == after.count { return }
    var tail = 0
    while tail < before.count - head, tail < after.count - head,
      before[before.count - 1 - tail] === after[after.count - 1 - tail]
    {
      tail += 1
    }
    let removedRange = before[head..<(before.count - tail)]
    let addedRange = after[head..<(after.count - tail)]
    let inTree = isInCommittedContextTree
    if change.wasInCommittedTree {
      let mark = CALayer.nextMembershipMark()
      for l in addedRange { l.membershipMark = mark }
      for old in removedRange where old.membershipMark != mark {
        if !old.isInCommittedContextTree { old.performAction(forKey: kCAOnOrderOut) }
      }
    }
    if inTree {
      let mark = CALayer.nextMembershipMark()
      for l in removedRange { l.membershipMark = mark }
      for new in addedRange where new.membershipMark != mark && !new.state.isHidden {
        new.performAction(forKey: kCAOnOrderIn)
      }
    }
    if inTree || change.wasInCommittedTree {
      performAction(forKey: "sublayers", previousSublayers: change.before)
    }
  }

  /// The invocation running `event` on this layer right now, if any.
  package func currentInvocation(forKey event: String) -> ActionInvocation? {
    TransactionThread.current.actionInvocations.last { $0.layer === self && $0.event == event }
  }
}

extension CALayer {
  private static let membershipMarks = Atomic<UInt64>(0)

  /// A fresh value for `membershipMark`, never handed out before in this process.
  fileprivate static func nextMembershipMark() -> UInt64 {
    membershipMarks.wrappingAdd(1, ordering: .relaxed).newValue
  }
}
