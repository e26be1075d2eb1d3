import Foundation

/// What `draw(in:)` drew for a layer, kept until the layer needs display again.
package struct LayerBackingStore {
  /// The drawn pixels, covering the layer's bounds.
  package var image: CGImage
  /// The layer's `contents` when the store was drawn; setting other contents retires
  /// the store.
  package var contentsAtDraw: LayerContents?
}
