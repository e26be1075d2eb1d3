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

/// A change to one layer's sublayers, recorded before the change so that order-in,
/// order-out and `"sublayers"` actions can run after it.
package struct SublayerChange {
  /// The layer whose sublayers change.
  package let parent: CALayer
  /// Its sublayers before the change.
  package let before: [CALayer]
  /// Whether it was in a committed context tree before the change.
  package let wasInCommittedTree: Bool
}
