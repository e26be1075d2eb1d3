import Foundation

// Setting several model properties of a layer in one write.
//
// Each public setter goes through the funnel (`setModelValue(_:_:forKey:)`): a key-path
// read and write of the state, the key added to the explicitly set keys, the change
// recorded in the tree's change log (a walk to the root and back), the thread's implicit
// transaction opened and the action looked up when the layer is in a committed context
// tree. A builder that makes thousands of layers outside any context (a Lottie file's
// tree) pays that per property for effects nothing can see yet: about 13,000
// instructions for a shape layer's `fillRule`.
extension CALayer {
  /// Sets several model properties at once, with the effects their setters would have one
  /// after the other: `body` edits a copy of the model, and `keys` are the top-level keys
  /// of the properties it writes (`"position"`, `"fillColor"`).
  ///
  /// Outside a committed context tree, where a change runs no action, the model is
  /// written once: each key counts as explicitly set, the change is recorded once, the
  /// thread's implicit transaction is opened, and a change of `bounds` or of a key the
  /// class's `needsDisplay(forKey:)` names marks layout and display as the setters do. In
  /// a committed tree (or for a presentation copy, or an emitter layer, which watches each
  /// key) each key goes through key-value coding instead, so that its action runs.
  ///
  /// `body` must write usable values only (finite geometry, colours and numbers): the
  /// one-write path does not repeat the checked setters' refusal of NaN and infinities.
  /// - Parameters:
  ///   - keys: every top-level key whose property `body` writes.
  ///   - body: edits the model.
  package func setModel(keys: [String], _ body: (inout LayerState) -> Void) {
    guard !isPresentationCopy, !watchesEachModelKey, !isInCommittedContextTree else {
      var next = state
      body(&next)
      let registry = type(of: self).propertyRegistry
      for key in keys {
        guard let property = registry.property(forKeyPath: key) else { continue }
        setValue(property.publicValue(in: next), forKey: key)
      }
      return
    }
    let old = state.bounds
    TransactionThread.current.noteChange()
    for key in keys { explicitlySetKeys.insert(key) }
    // Edited in place (no copy of the state); the write is recorded once, by `state`.
    body(&state)
    if keys.contains("bounds"), old != state.bounds {
      if old.size != state.bounds.size { setNeedsLayout() }
      if state.needsDisplayOnBoundsChange { setNeedsDisplay() }
    }
    if keys.contains(where: { type(of: self).needsDisplay(forKey: $0) }) { setNeedsDisplay() }
  }

  /// Whether the layer reacts to each model key as it changes, so that
  /// ``setModel(keys:_:)`` must set the keys one by one: the layer's class overrides
  /// `modelValueDidChange(forKey:oldValue:)`. That method is `package`, so the classes
  /// that override it are LayerKit's own: only `CAEmitterLayer` (its cells and rates
  /// follow each key).
  private var watchesEachModelKey: Bool { self is CAEmitterLayer }
}
