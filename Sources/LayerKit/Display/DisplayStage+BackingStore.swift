import Foundation

// Contents drawn by the layers themselves, brought up to date by the display stage.
extension DisplayStage {
  /// Runs `display()` if the layer needs it and redraws its backing store when
  /// `display()` left `contents` alone (dropping it when `display()` set new contents).
  ///
  /// A text layer's and a tiled layer's `display()` run too, but they keep no backing
  /// store: text is drawn from the presentation state as outlines, and a tiled layer in
  /// tiles (``DisplayStage/drawVisibleTiles(of:state:viewport:)``).
  static func display(_ layer: CALayer) {
    guard layer.needsDisplay() else { return }
    if type(of: layer).frameTraits.drawsOwnContent {
      layer.displayIfNeeded()
      return
    }
    let before = layer.state.contentsObject
    layer.displayIfNeeded()
    if layer.state.contentsObject == before {
      layer.backingStore = drawBackingStore(layer)
    } else if layer.backingStore != nil {
      layer.backingStore = nil
    }
  }

  /// The image of `layer`'s backing store, when it still stands for the layer's contents
  /// (nil when `contents` has been replaced since it was drawn). What the render-tree
  /// build reads; changes nothing.
  static func backingImage(_ layer: CALayer) -> CGImage? {
    guard let store = layer.backingStore, store.contentsAtDraw == layer.state.contentsObject else {
      return nil
    }
    return store.image
  }

  private static func drawBackingStore(_ layer: CALayer) -> LayerBackingStore? {
    let s = layer.state
    let size = s.bounds.size
    guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
      return nil
    }
    let scale = s.contentsScale.isFinite && s.contentsScale > 0 ? s.contentsScale : 1
    // Each side is capped on its own first (a long thin layer keeps its thin side's
    // resolution), then both shrink by one factor to the pixel budget.
    let side = CGFloat(maximumBackingStoreSide)
    var sx = min(size.width * scale, side)
    var sy = min(size.height * scale, side)
    let pixels = Double(sx) * Double(sy)
    if pixels > Double(maximumBackingStorePixels) {
      let k = (Double(maximumBackingStorePixels) / pixels).squareRoot()
      sx *= k
      sy *= k
    }
    let w = max(Int(geometric: sx, .up), 1)
    let h = max(Int(geometric: sy, .up), 1)
    guard w <= CGImage.maximumDimension, h <= CGImage.maximumDimension,
      let ctx = CGContext(width: w, height: h)
    else {
      CADiagnostics.report(key: "display", "\(layer) is too large to draw; drew nothing")
      return nil
    }
    ctx.scaleBy(x: CGFloat(w) / size.width, y: CGFloat(h) / size.height)
    ctx.translateBy(x: -s.bounds.minX, y: -s.bounds.minY)
    layer.delegate?.layerWillDraw(layer)
    CGContext.withCurrent(ctx) { layer.draw(in: ctx) }
    guard let image = ctx.makeImage() else { return nil }
    return LayerBackingStore(image: image, contentsAtDraw: s.contentsObject)
  }
}
