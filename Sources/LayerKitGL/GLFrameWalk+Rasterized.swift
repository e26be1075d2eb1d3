import CEGL
import Foundation
import LayerKit

// `shouldRasterize`: the layer and its subtree drawn once into a bitmap by the CPU
// compositor's own rasterization (`LayerCompositor.rasterizedImage`), kept as a texture,
// and composited through the layer's map every frame.
extension GLFrameWalk {
  /// Composites node `i`'s rasterized bitmap through `map` (its layer → device) at
  /// `alpha`, as `LayerCompositor.composite` does: a placement that is a whole-pixel
  /// translation of the bitmap copies its pixels; any other resamples it bilinearly, the
  /// texels outside the bitmap transparent. Returns false, having drawn nothing, when the
  /// layer cannot be rasterized (its bitmap would be empty or too large: it is then drawn
  /// directly, as the CPU compositor draws it) or its bitmap gets no texture.
  mutating func drawRasterized(_ i: Int, map: ProjectiveTransform2D, alpha: Float) -> Bool {
    let n = nodes + i
    backend.rasterizes.now = true
    guard
      let raster = backend.rasterizer.rasterizedImage(
        i, of: frame.tree, placement: frame.placement,
        limit: PixelRect(x0: 0, y0: 0, x1: frame.width, y1: frame.height)),
      let inverse = map.inverse
    else { return false }
    let image = raster.image
    let toLayer = raster.layerToRaster.inverted()
    let bitmap = CGRect(x: 0, y: 0, width: image.width, height: image.height).applying(toLayer)
    let content = GLLayerContent(
      source: .image(ObjectIdentifier(image)), textureRect: bitmap, shownRect: bitmap, image: image)
    guard
      let texture = backend.textures.texture(
        for: n.pointee.key, n, content: content, limit: backend.context.maxTextureSize,
        bySource: true)
    else { return false }
    let toDevice = ProjectiveTransform2D(affine: toLayer).concatenating(map)
    let copies = LayerCompositor.wholePixelOffset(toDevice) != nil
    // Resampled, a device pixel shows while its sample lies less than a bitmap pixel
    // outside the bitmap: the shape is the bitmap grown by one of its pixels.
    let pixel = 1 / max(raster.layerToRaster.a, 1e-9)
    let shown = copies ? bitmap : bitmap.insetBy(dx: -pixel, dy: -pixel)
    var shape = GLQuadDrawer.Shape(rect: shown, radii: .zero)
    if let affine = map.exactAffine {
      shape.outline = GLOutline(
        roundedRect: shown, radius: 0, corners: [], curve: .circular, map: affine)
    }
    guard let box = LayerGeometry.boundingBox(of: shown, through: map) else { return true }
    let quad = PixelRect(covering: box).intersection(rect)
    guard !quad.isEmpty else { return true }
    backend.drawer.texture(
      texture.texture, slot: texture.texels, textureRect: bitmap, shape: shape, opacity: alpha,
      nearest: copies, inverse: GLQuadDrawer.matrix(inverse), clearOutside: !copies, quad: quad)
    return true
  }
}
