import Foundation

// `CAEmitterLayer` particles: each one its cell's contents, placed, turned, scaled and
// tinted.
extension LayerCompositor {
  /// Draws `particles` (layer coordinates) under `map` at opacity `alpha`, source over,
  /// or added (`plusLighter`) when `adding`.
  ///
  /// A particle's image is its contents (cropped to `contentsRect`) multiplied by its
  /// colour; tinted images are made once per frame for each image and colour (colours
  /// rounded to bytes).
  func drawParticles(
    _ particles: [EmitterParticle], adding: Bool, map: CGAffineTransform, into s: RenderSurface,
    clip: PixelRect,
    alpha: Float
  ) {
    guard !particles.isEmpty else { return }
    var tinted: [TintKey: CGImage] = [:]
    s.flushPendingClear()
    for p in particles {
      let w = CGFloat(p.image.width) * p.contentsRect.width / max(p.contentsScale, 1e-6) * p.scale
      let h = CGFloat(p.image.height) * p.contentsRect.height / max(p.contentsScale, 1e-6) * p.scale
      guard w > 0, h > 0, w.isFinite, h.isFinite else { continue }
      let bytes = SIMD4<UInt8>(
        UInt8(p.color.x * 255 + 0.5), UInt8(p.color.y * 255 + 0.5), UInt8(p.color.z * 255 + 0.5),
        255)
      let key = TintKey(image: ObjectIdentifier(p.image), rect: p.contentsRect, color: bytes)
      let image: CGImage
      if let cached = tinted[key] {
        image = cached
      } else {
        guard let made = Self.tinted(p.image, rect: p.contentsRect, color: bytes) else { continue }
        tinted[key] = made
        image = made
      }
      let place = CGAffineTransform(rotationAngle: p.rotation)
        .concatenating(CGAffineTransform(translationX: p.position.x, y: p.position.y))
        .concatenating(map)
      s.beginDrawing(transform: place, clip: clip)
      s.context.setAlpha(CGFloat(alpha * p.color.w))
      s.context.setBlendMode(adding ? .plusLighter : .normal)
      s.context.draw(image, in: CGRect(x: -w / 2, y: -h / 2, width: w, height: h))
      s.endDrawing()
    }
  }

  struct TintKey: Hashable {
    var image: ObjectIdentifier
    var rect: CGRect
    var color: SIMD4<UInt8>

    func hash(into h: inout Hasher) {
      h.combine(image)
      h.combine(color)
    }
  }

  /// `image` cropped to the unit rectangle `rect` and multiplied by `color` (RGB bytes).
  static func tinted(_ image: CGImage, rect: CGRect, color: SIMD4<UInt8>) -> CGImage? {
    var source = image
    if rect != CGRect(x: 0, y: 0, width: 1, height: 1) {
      let r = CGRect(
        x: rect.minX * CGFloat(image.width), y: rect.minY * CGFloat(image.height),
        width: rect.width * CGFloat(image.width), height: rect.height * CGFloat(image.height))
      guard let cropped = image.cropping(to: r) else { return nil }
      source = cropped
    }
    if color == SIMD4(255, 255, 255, 255) { return source }
    var px = source.pixels
    let k = [UInt32(color.x), UInt32(color.y), UInt32(color.z)]
    for i in stride(from: 0, to: px.count, by: 4) {
      for c in 0..<3 { px[i + c] = UInt8(PixelMath.mul255(UInt32(px[i + c]), k[c])) }
    }
    return CGImage(width: source.width, height: source.height, premultipliedRGBA: px)
  }
}
