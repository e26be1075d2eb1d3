import Foundation

/// Where a layer's contents image lands in its bounds.
///
/// The nine positional gravities keep the image's natural size (its pixel size times
/// the `contentsRect` part shown, divided by `contentsScale`) and pin it to an edge or
/// corner; `resize` stretches it to the bounds; `resizeAspect` fits it inside and
/// `resizeAspectFill` covers the bounds, both centred and keeping the aspect ratio.
///
/// The vertical names follow Core Animation's native y-up geometry: `top` is the
/// bounds' maximum-y edge, which is the *bottom* of LayerKit's y-down screen — exactly
/// what iOS shows — unless the layer's `isGeometryFlipped` is set, which makes `top`
/// the minimum-y (upper) edge. The image itself is always drawn upright.
package enum ContentsLayout {
  /// The rectangle, in the layer's coordinates, that the shown part of the image fills.
  package static func rect(
    gravity: CALayerContentsGravity, imageWidth: Int, imageHeight: Int, contentsRect: CGRect,
    contentsScale: CGFloat, bounds: CGRect, flipped: Bool
  ) -> CGRect {
    let scale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
    let w = CGFloat(imageWidth) * abs(contentsRect.width) / scale
    let h = CGFloat(imageHeight) * abs(contentsRect.height) / scale
    let b = bounds
    switch gravity {
    case .resize: return b
    case .resizeAspect, .resizeAspectFill:
      guard w > 0, h > 0 else { return b }
      let sx = b.width / w
      let sy = b.height / h
      let s = gravity == .resizeAspect ? Swift.min(sx, sy) : Swift.max(sx, sy)
      return CGRect(x: b.midX - w * s / 2, y: b.midY - h * s / 2, width: w * s, height: h * s)
    default: break
    }
    let name = gravity.rawValue.lowercased()
    let x: CGFloat
    if name.hasSuffix("left") {
      x = b.minX
    } else if name.hasSuffix("right") {
      x = b.maxX - w
    } else {
      x = b.midX - w / 2
    }
    // "top" is the maximum-y edge unless the geometry is flipped.
    let topIsMinY = flipped
    let y: CGFloat
    if name.hasPrefix("top") {
      y = topIsMinY ? b.minY : b.maxY - h
    } else if name.hasPrefix("bottom") {
      y = topIsMinY ? b.maxY - h : b.minY
    } else {
      y = b.midY - h / 2
    }
    return CGRect(x: x, y: y, width: w, height: h)
  }
}
