import Foundation

// Layers under a perspective map.
//
// The layer (with its subtree, flattened into its plane) is drawn into an offscreen in
// its own coordinates, at the largest resolution the map needs over the visible part
// (at most 4 pixels per point and `maximumProjectivePixels` pixels), and then every
// device pixel of the layer's image is sampled back through the inverse homography:
//
//   [x + ½, y + ½, 1] · P⁻¹ = (u′, v′, w′),   source = (u′/w′, v′/w′)
//
// bilinearly, transparent outside the offscreen. Since P·P⁻¹ = I, the forward w of the
// source point is 1/w′, so a pixel with w′ ≤ ε sees the part of the plane behind the
// eye and is skipped: a layer crossing the eye plane is clipped there instead of
// smearing its mirror image across the screen.
extension LayerCompositor {
  /// The largest offscreen a projective layer gets, in pixels.
  package static let maximumProjectivePixels = 4_194_304

  func drawProjective(
    _ i: Int, map: ProjectiveTransform2D, parentMap: ProjectiveTransform2D, into s: RenderSurface,
    clip: PixelRect,
    alpha: Float
  ) {
    let n = tree.nodes[i]
    let visible = clip.intersection(s.rect)
    guard !visible.isEmpty, let inv = map.inverse else { return }
    if let image = n.image, isImageOnly(n) {
      // Only an image to draw: warp its pixels directly, no offscreen.
      let r = node(i).imageRect(image)
      guard r.width > 0, r.height > 0 else { return }
      let toLayer = ProjectiveTransform2D(
        affine: CGAffineTransform(
          a: r.width / CGFloat(image.width), b: 0, c: 0, d: r.height / CGFloat(image.height),
          tx: r.minX, ty: r.minY))
      let p = toLayer.concatenating(map)
      guard let back = p.inverse else { return }
      var region = visible
      if let box = LayerGeometry.boundingBox(
        of: CGRect(x: 0, y: 0, width: image.width, height: image.height), through: p)
      {
        region = region.intersection(PixelRect(covering: box))
      }
      image.pixels.withUnsafeBytes { raw in
        let px = UnsafeMutablePointer(mutating: raw.bindMemory(to: UInt32.self).baseAddress!)
        ProjectiveWarp.warp(
          px, width: image.width, height: image.height, stride: image.width, through: back, into: s,
          region: region,
          alpha: alpha)
      }
      return
    }
    if drawProjectedFromCache(i, map: map, into: s, clip: visible, alpha: alpha) { return }
    var extent = n.state.masksToBounds ? n.state.bounds : tree.contentExtent(i, depth: 0)
    // Only the part of the plane that lands in the offscreen area: the whole rectangle
    // being redrawn, not the band, so every band samples the same offscreen.
    var lo = CGPoint(x: Double.infinity, y: .infinity)
    var hi = CGPoint(x: -Double.infinity, y: -.infinity)
    var allFront = true
    for c in corners(offscreenArea(of: s).cgRect) {
      let h = inv.homogeneous(c)
      guard h.w > 1e-12 else {
        allFront = false
        break
      }
      lo = CGPoint(x: min(lo.x, h.x / h.w), y: min(lo.y, h.y / h.w))
      hi = CGPoint(x: max(hi.x, h.x / h.w), y: max(hi.y, h.y / h.w))
    }
    if allFront {
      extent = extent.intersection(
        CGRect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y))
    }
    let limit = 1e6
    extent = extent.intersection(CGRect(x: -limit, y: -limit, width: 2 * limit, height: 2 * limit))
    guard !extent.isNull, extent.width > 0, extent.height > 0 else { return }

    // Resolution: the largest stretch of the map over the extent, in pixels per point.
    var scale = Self.largestStretch(of: map, over: extent, wholly: false) ?? 0
    scale = min(max(scale, 1.0 / 64), 4)
    let pixels = Double(extent.width * scale) * Double(extent.height * scale)
    if pixels > Double(Self.maximumProjectivePixels) {
      scale *= (Double(Self.maximumProjectivePixels) / pixels).squareRoot()
    }
    let ow = max(Int(geometric: extent.width * scale, .up), 1)
    let oh = max(Int(geometric: extent.height * scale, .up), 1)
    guard let off = RenderSurface(rect: PixelRect(x0: 0, y0: 0, x1: ow, y1: oh)) else { return }
    let toOff = CGAffineTransform(
      a: scale, b: 0, c: 0, d: scale, tx: -extent.minX * scale, ty: -extent.minY * scale)
    let offParent = ProjectiveTransform2D(
      m11: scale, m12: 0, m13: 0, m21: 0, m22: scale, m23: 0, m31: 0, m32: 0, m33: 1)
    withOffscreenLimit(off.rect) {
      drawFlat(i, map: toOff, parentMap: offParent, into: off, clip: off.rect, alpha: 1)
    }

    // Offscreen pixels → device, and back.
    let p = ProjectiveTransform2D(affine: toOff.inverted()).concatenating(map)
    guard let back = p.inverse else { return }
    var region = visible
    if let box = LayerGeometry.boundingBox(
      of: CGRect(x: 0, y: 0, width: ow, height: oh), through: p)
    {
      region = region.intersection(PixelRect(covering: box))
    }
    ProjectiveWarp.warp(
      off.pixels, width: off.width, height: off.height, stride: off.stride, through: back, into: s,
      region: region,
      alpha: alpha)
  }

  /// Whether node `n` draws nothing but its unclipped image (so it can be warped
  /// without an offscreen).
  private func isImageOnly(_ n: RenderNode) -> Bool {
    let st = n.state
    if n.transition != nil { return false }
    return n.kind == .layer && n.children.isEmpty && n.mask == nil && n.tint == nil
      && (st.backgroundColor?.alpha ?? 0) == 0
      && !(st.borderWidth > 0 && (st.borderColor?.alpha ?? 0) > 0)
      && !(st.shadowOpacity > 0) && !st.masksToBounds
      && (n.backingStore != nil
        || (st.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1)
          && st.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1)))
  }

  private func corners(_ r: CGRect) -> [CGPoint] {
    [
      CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.minX, y: r.maxY),
      CGPoint(x: r.maxX, y: r.maxY),
    ]
  }
}
