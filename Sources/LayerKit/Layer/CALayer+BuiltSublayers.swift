import Foundation

extension CALayer {
  /// Appends `layer` to the sublayers with the effects `addSublayer(_:)` has for a tree
  /// being built outside any committed context tree, without its bookkeeping for actions.
  ///
  /// `addSublayer(_:)` records each sublayer change on the thread's transaction so that,
  /// when the outermost change ends, the layers that entered or left a committed tree run
  /// `kCAOnOrderIn` / `kCAOnOrderOut` and the superlayer its `"sublayers"` action. Neither
  /// layer being in a committed tree, no action can run: this appends the layer, records
  /// the change in the tree's log, makes `layer` give up its own log, marks this layer
  /// for layout and opens the implicit transaction, as `addSublayer(_:)` does. A layer
  /// that has a superlayer or masks one, or a tree that a committed context holds, goes
  /// through `addSublayer(_:)`.
  /// - Complexity: O(depth of this layer), for the cycle check and the change record.
  package func appendBuiltSublayer(_ layer: CALayer) {
    guard layer.parentLayer == nil, layer.maskedLayer == nil, !isInCommittedContextTree,
      !layer.isInCommittedContextTree
    else {
      addSublayer(layer)
      return
    }
    requireNoCycle(adopting: layer, as: "a sublayer")
    TransactionThread.current.noteChange()
    children.append(layer)
    layer.parentLayer = self
    layer.joinTree(of: self)
    setNeedsLayout()
  }
}
