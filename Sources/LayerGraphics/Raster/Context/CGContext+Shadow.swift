import Foundation

/// Shadows: drawing through an offscreen layer when a shadow is set.
extension CGContext {
  /// Runs a drawing operation, with the current shadow if there is one.
  ///
  /// Without a shadow, `body` draws straight into this context. With one, `body` draws
  /// into a transparent layer of the bitmap's size (same CTM and style, no clip, normal
  /// blending); the layer's alpha is blurred (Gaussian, σ = blur / 2, see `GaussianBlur`),
  /// tinted with the shadow colour and composited at the shadow offset (rounded to whole
  /// pixels), and then the layer itself is composited, both through the clip with the
  /// current blend mode.
  ///
  /// The shadowless case is inlined into every caller, so an ordinary fill or stroke pays
  /// no call through a closure.
  @inline(__always)
  func perform(_ body: (CGContext) -> Void) {
    guard state.hasShadow, let shadowColor = state.shadowColor else {
      body(self)
      return
    }
    performWithShadow(shadowColor, body)
  }

  /// `perform` with a shadow of `shadowColor`.
  private func performWithShadow(_ shadowColor: CGColor, _ body: (CGContext) -> Void) {
    guard let layer = CGContext(width: width, height: height) else { return }
    layer.state = state
    layer.state.clipX0 = 0
    layer.state.clipY0 = 0
    layer.state.clipX1 = width
    layer.state.clipY1 = height
    layer.state.edgeY0 = 0
    layer.state.edgeY1 = height
    layer.state.clipMask = nil
    layer.state.blendMode = .normal
    layer.state.shadowColor = nil
    body(layer)

    // The drawn area, so that only it is blurred and composited.
    var minX = width
    var minY = height
    var maxX = -1
    var maxY = -1
    for y in 0..<height {
      let row = layer.pixels + y * layer.stride
      var any = false
      for x in 0..<width where row[x] != 0 {
        any = true
        if x < minX { minX = x }
        if x > maxX { maxX = x }
      }
      if any {
        if y < minY { minY = y }
        maxY = y
      }
    }
    guard maxX >= 0 else { return }
    let sigma = Double(state.shadowBlur) / 2
    let reach = Int(geometric: sigma * 3, .up) + 2
    let bx0 = Swift.max(minX - reach, 0)
    let by0 = Swift.max(minY - reach, 0)
    let bx1 = Swift.min(maxX + 1 + reach, width)
    let by1 = Swift.min(maxY + 1 + reach, height)
    let bw = bx1 - bx0
    let bh = by1 - by0
    let alpha = UnsafeMutablePointer<UInt8>.allocate(capacity: bw * bh)
    defer { alpha.deallocate() }
    GaussianBlur.blurAlpha(
      ofPixels: layer.pixels + by0 * layer.stride + bx0, pixelStride: layer.stride, width: bw,
      height: bh, into: alpha, alphaStride: bw, sigma: sigma)
    let tint = ShadowKernels.tintTable(PixelMath.premultiplied(shadowColor, opacity: state.alpha))
    let shadow = UnsafeMutablePointer<UInt32>.allocate(capacity: bw * bh)
    defer { shadow.deallocate() }
    for k in 0..<(bw * bh) { shadow[k] = tint[Int(alpha[k])] }
    let dx = Int(geometric: state.shadowOffset.width, .toNearestOrAwayFromZero)
    let dy = Int(geometric: state.shadowOffset.height, .toNearestOrAwayFromZero)
    composite(shadow, width: bw, height: bh, stride: bw, atX: bx0 + dx, y: by0 + dy)
    composite(
      layer.pixels + by0 * layer.stride + bx0, width: bw, height: bh, stride: layer.stride,
      atX: bx0, y: by0)
  }

  /// Blends premultiplied pixels placed with their top-left at device `(x, y)`, through
  /// the clip, with the current blend mode.
  func composite(
    _ src: UnsafePointer<UInt32>, width w: Int, height h: Int, stride s: Int, atX x: Int, y: Int
  ) {
    let x0 = Swift.max(x, state.clipX0)
    let x1 = Swift.min(x + w, state.clipX1)
    let y0 = Swift.max(y, state.clipY0)
    let y1 = Swift.min(y + h, state.clipY1)
    guard x1 > x0, y1 > y0 else { return }
    for row in y0..<y1 {
      let shader = ImageShader(
        pixels: src + (row - y) * s, width: w, height: 1,
        deviceToImage: CGAffineTransform(translationX: CGFloat(-x), y: CGFloat(-row)),
        bilinear: false, opacity: 1)
      var blitter = PaintBlitter(
        pixels: pixels, stride: stride, paint: .shader(.image(shader)), mode: state.blendMode,
        clip: state.clipMask.map { UnsafePointer($0.bytes) }, colorRow: colorRow,
        coverageRow: coverageRow)
      blitter.blitSpan(y: row, x0: x0, x1: x1, alpha: 255)
    }
  }
}
