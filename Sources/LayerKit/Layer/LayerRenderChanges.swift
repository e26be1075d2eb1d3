import Synchronization

/// A process-wide clock of changes to what layers draw, for render trees that are
/// updated in place (`RenderTreeBuilder`).
///
/// Every change to a layer's model state, sublayers, mask or need for display takes the
/// next stamp (``next()``) and writes it to the layer's ``CALayer/renderChangeStamp``
/// and to the ``CALayer/subtreeRenderChangeStamp`` of the layer and each of its
/// ancestors (superlayers, and the layer a mask masks). A builder that read the clock
/// (``current``) when it last started knows, per layer, whether anything of the layer or
/// of its subtree changed since then: a stamp newer than that reading. Stamps only grow,
/// so one reading serves any number of builders, each with its own.
package enum LayerRenderChanges {
  private static let counter = Atomic<UInt64>(0)

  /// The newest stamp handed out.
  @inline(__always)
  package static var current: UInt64 { counter.load(ordering: .relaxed) }

  /// A new stamp, newer than every stamp handed out before.
  @inline(__always)
  package static func next() -> UInt64 { counter.wrappingAdd(1, ordering: .relaxed).newValue }
}

extension CALayer {
  /// Records that what this layer draws may have changed: gives it a new
  /// ``renderChangeStamp`` and gives it and every ancestor that stamp as their
  /// ``subtreeRenderChangeStamp``.
  ///
  /// - Complexity: O(depth). A layer met twice on the way up (a mask cycle, which the
  ///   renderer skips) ends the walk.
  package func noteRenderChange() {
    let stamp = LayerRenderChanges.next()
    renderChangeStamp = stamp
    var layer: CALayer? = self
    while let l = layer, l.subtreeRenderChangeStamp != stamp {
      l.subtreeRenderChangeStamp = stamp
      layer = l.parentLayer ?? l.maskedLayer
    }
  }
}
