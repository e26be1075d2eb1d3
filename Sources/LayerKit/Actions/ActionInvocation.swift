/// One action being run by a layer event, kept on the thread while the action runs so
/// that a `CAAnimation` action can fill in the values the event changed.
package struct ActionInvocation {
  /// The layer the event happened on.
  package let layer: CALayer
  /// The event key.
  package let event: String
  /// For a property change, the property's previous model value (boxed in its own type).
  package let previousValue: Any?
  /// For a change of sublayers, the sublayers before the change.
  package let previousSublayers: [CALayer]?
}

/// One edit of a sublayer list: `layer` inserted at `index`, or removed from it.
package struct SublayerEdit {
  /// The sublayer inserted or removed.
  package let layer: CALayer
  /// Its index in the list at the moment of the edit.
  package let index: Int
  /// Whether the edit inserted `layer` (otherwise it removed it).
  package let isInsertion: Bool
}

/// A change to one layer's sublayers: the single edits made during it, in order, so that
/// order-in, order-out and `"sublayers"` actions can run after it.
///
/// Recording an edit is O(1): the list before the change is not copied but rebuilt from
/// the edits (`sublayers(before:)`), and only when a `"sublayers"` action asks for it.
package struct SublayerChange {
  /// The layer whose sublayers change.
  package let parent: CALayer
  /// Whether it was in a committed context tree before the change.
  package let wasInCommittedTree: Bool
  /// The edits so far, oldest first. An edit that undoes the one just before it (the
  /// same layer removed from and put back at the same index, or the reverse) cancels
  /// it, so moving a layer to where it already is leaves no edit.
  package private(set) var edits: [SublayerEdit] = []

  package init(parent: CALayer, wasInCommittedTree: Bool) {
    self.parent = parent
    self.wasInCommittedTree = wasInCommittedTree
  }

  /// Appends `edit`, or drops it with the previous edit when it undoes that one.
  package mutating func record(_ edit: SublayerEdit) {
    if let last = edits.last, last.layer === edit.layer, last.index == edit.index,
      last.isInsertion != edit.isInsertion
    {
      edits.removeLast()
    } else {
      edits.append(edit)
    }
  }

  /// The sublayers before the change, given `after`, the sublayers now: the edits
  /// undone, newest first.
  /// - Complexity: O(n · e) for n sublayers and e edits.
  package func sublayers(before after: [CALayer]) -> [CALayer] {
    var list = after
    for edit in edits.reversed() {
      if edit.isInsertion {
        list.remove(at: edit.index)
      } else {
        list.insert(edit.layer, at: edit.index)
      }
    }
    return list
  }
}
