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
  ///
  /// - Parameter previousSublayers: for a sublayer change, builds the sublayers before it
  ///   (called only when there is an action to hand them to).
  package func performAction(
    forKey event: String, previousValue: Any? = nil, previousSublayers: (() -> [CALayer])? = nil
  ) {
    let thread = TransactionThread.current
    if thread.actionInvocations.contains(where: { $0.layer === self && $0.event == event }) {
      CADiagnostics.report(
        key: event, "an action changed the property it runs for; no nested action")
      return
    }
    guard let action = action(forKey: event) else { return }
    thread.actionInvocations.append(
      ActionInvocation(
        layer: self, event: event, previousValue: previousValue,
        previousSublayers: previousSublayers?()))
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
        SublayerChange(parent: self, wasInCommittedTree: isInCommittedContextTree))
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

  /// Records in the change in progress on this layer's sublayers (opened by
  /// `changeSublayers(_:)`) that `layer` was inserted at `index` or removed from it.
  /// Every edit of `children` outside `deinit` goes through here.
  package func recordSublayerEdit(_ layer: CALayer, at index: Int, isInsertion: Bool) {
    let thread = TransactionThread.current
    guard let i = thread.pendingSublayerChanges.lastIndex(where: { $0.parent === self }) else {
      return
    }
    thread.pendingSublayerChanges[i].record(
      SublayerEdit(layer: layer, index: index, isInsertion: isInsertion))
  }

  /// Runs the actions of one sublayer change.
  ///
  /// A layer the change removed (its first edit a removal) and that is neither a sublayer
  /// now nor in a committed tree elsewhere runs `kCAOnOrderOut`; one it added (its first
  /// edit an insertion) that is a sublayer now runs `kCAOnOrderIn`.
  ///
  /// - Complexity: O(e) in the number of edits, whatever the number of sublayers (a
  ///   layer is counted once through a mark stamped on it, no hashing); rebuilding the
  ///   old list for a `"sublayers"` action costs more, and only when there is one.
  private func sublayersDidChange(_ change: SublayerChange) {
    guard !change.edits.isEmpty else { return }
    let mark = CALayer.nextMembershipMark()
    var touched: [(layer: CALayer, wasSublayer: Bool)] = []
    for edit in change.edits where edit.layer.membershipMark != mark {
      edit.layer.membershipMark = mark
      touched.append((edit.layer, !edit.isInsertion))
    }
    let inTree = isInCommittedContextTree
    if change.wasInCommittedTree {
      for (old, was) in touched where was && old.parentLayer !== self {
        if !old.isInCommittedContextTree { old.performAction(forKey: kCAOnOrderOut) }
      }
    }
    if inTree {
      for (new, was) in touched where !was && new.parentLayer === self && !new.state.isHidden {
        new.performAction(forKey: kCAOnOrderIn)
      }
    }
    if inTree || change.wasInCommittedTree {
      performAction(
        forKey: "sublayers", previousSublayers: { change.sublayers(before: self.children) })
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
