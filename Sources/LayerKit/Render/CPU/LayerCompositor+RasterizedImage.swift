import Foundation

/// A rasterized layer's bitmap (`shouldRasterize`) for a backend that composites it
/// itself: the layer and its subtree drawn by this compositor in the layer's own space at
/// `rasterizationScale` pixels per point, as the compositor draws it for itself.
package struct RasterizedImage {
  /// The bitmap, premultiplied. A new image (a new identity) each time the subtree is
  /// drawn again; the same one while its signature holds.
  package let image: CGImage
  /// Layer coordinates → the bitmap's pixels.
  package let layerToRaster: CGAffineTransform
}

// Rasterized layers for a GPU backend: the bitmaps are this compositor's own
// (`drawRasterized`'s cache and rule for drawing them again), handed out as images.
extension LayerCompositor {
  /// Node `i`'s rasterized bitmap in `tree` (placed by `placement`), drawn again only when
  /// its subtree changed (`RasterSignature`); nil when the layer cannot be rasterized (its
  /// bitmap would be empty or larger than `maximumRasterizedPixels`: it is then drawn
  /// directly, as `render` draws it). `limit` bounds the offscreens the drawing lays out
  /// (device pixels). The bitmaps no call asked for since the last
  /// ``endRasterizedFrame()`` are dropped there.
  package func rasterizedImage(
    _ i: Int, of tree: RenderTree, placement: RenderPlacement, limit: PixelRect
  ) -> RasterizedImage? {
    precondition(tree.nodes.indices.contains(i), "node \(i) is not in the tree")
    let marked = rasterUsed
    beginRender(tree, placement: placement, limit: limit)
    rasterUsed = marked
    defer {
      // The caches are dropped once a frame, by endRasterizedFrame().
      self.tree = RenderTree()
      self.placement = RenderPlacement()
    }
    var kept: RasterizedLayer? = nil
    tree.nodes.withUnsafeBufferPointer { nodes in
      placement.nodes.withUnsafeBufferPointer { placed in
        withNodes(nodes.baseAddress, placed.baseAddress) { kept = rasterized(i) }
      }
    }
    guard var raster = kept else { return nil }
    if raster.image == nil {
      raster.surface.flushPendingClear()
      raster.image = raster.surface.context.makeImage()
      rasterCache[tree.nodes[i].key] = raster
    }
    guard let image = raster.image else { return nil }
    return RasterizedImage(image: image, layerToRaster: raster.layerToRaster)
  }

  /// Ends a frame of ``rasterizedImage(_:of:placement:limit:)`` calls: the bitmaps of
  /// layers none of them asked for are dropped.
  package func endRasterizedFrame() {
    endRender()
    rasterUsed.removeAll(keepingCapacity: true)
  }
}
