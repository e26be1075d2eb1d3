import Foundation

// Layout and display invalidation.
//
// Layout runs top-down: `layoutIfNeeded()` climbs to the highest ancestor that also
// needs layout, then walks that subtree parent first, calling `layoutSublayers()` on
// each layer marked as needing it; a sublayer marked by its parent's layout is laid out
// in the same pass. Changing `bounds.size` and inserting or removing sublayers mark a
// layer as needing layout.
//
// Display is per layer: `displayIfNeeded()` calls `display()` once when the layer is
// marked. `setNeedsDisplay(_:)` marks the whole layer (LayerKit redraws whole layers).
extension CALayer {
  /// Marks the layer as needing `layoutSublayers()` at the next layout pass.
  public func setNeedsLayout() { isLayoutPending = true }

  /// Whether the layer is marked as needing layout.
  public func needsLayout() -> Bool { isLayoutPending }

  /// Lays out the layer's tree now, top-down, if any of it is marked; see above.
  public func layoutIfNeeded() {
    guard isLayoutPendingInSubtree || parentLayer?.isLayoutPending == true else { return }
    treeChangeLog.noteWrite()
    var top: CALayer = self
    while let parent = top.parentLayer, parent.isLayoutPending { top = parent }
    top.layoutSubtreeIfNeeded()
  }

  /// Lays out the subtree if anything in it is marked; a subtree with nothing marked
  /// (`isLayoutPendingInSubtree` false) is skipped without visiting its layers, so a
  /// frame with no layout due costs one check.
  private func layoutSubtreeIfNeeded() {
    guard isLayoutPendingInSubtree else { return }
    StackReserve.ensure {
      // Cleared first: a layer marked by the layouts below sets it again.
      isLayoutPendingInSubtree = false
      if isLayoutPending {
        isLayoutPending = false
        layoutSublayers()
      }
      for child in children where child.isLayoutPendingInSubtree { child.layoutSubtreeIfNeeded() }
    }
  }

  /// Marks this layer and its superlayers as having layout due below them, up to the
  /// first one already marked (whose superlayers are marked too).
  func noteLayoutPendingInSubtree() {
    var layer: CALayer? = self
    while let l = layer, !l.isLayoutPendingInSubtree {
      l.isLayoutPendingInSubtree = true
      layer = l.parentLayer
    }
  }

  /// Marks the layer's contents as needing `display()`.
  public func setNeedsDisplay() {
    isDisplayPending = true
    invalidateOwnContent(in: nil)
  }

  /// Marks the layer's contents in `r` (its own coordinates) as needing display;
  /// LayerKit redraws the whole layer, except a `CATiledLayer`, which redraws only the
  /// tiles `r` touches.
  public func setNeedsDisplay(_ r: CGRect) {
    guard !r.isEmpty else { return }
    isDisplayPending = true
    invalidateOwnContent(in: r)
  }

  /// Whether the layer is marked as needing display.
  public func needsDisplay() -> Bool { isDisplayPending }

  /// Calls `display()` if the layer is marked as needing display, and clears the mark.
  public func displayIfNeeded() {
    guard isDisplayPending else { return }
    treeChangeLog.noteWrite()
    isDisplayPending = false
    display()
  }
}
