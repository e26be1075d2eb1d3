import Foundation

/// Drawing minified images through their mip chains.
extension CGContext {
  /// Draws `image` scaled to fill `rect` (user space), upright, as `draw(_:in:)` does,
  /// but filtered trilinearly: from the two levels of its mip chain around the level of
  /// detail
  ///
  /// ```
  ///   ρ = max(|∂(u, v)/∂x|, |∂(u, v)/∂y|)     image pixels per device pixel
  ///   λ = log2(ρ) + lodBias, clamped to 0…(levels − 1)
  /// ```
  ///
  /// blended by the fraction of λ (see ``MipmapShader``). When `log2(ρ) + lodBias ≤ 0`
  /// nothing is mipmapped and the image is drawn exactly as `draw(_:in:)` draws it with
  /// its current `interpolationQuality`. Otherwise sampling is bilinear within each
  /// level whatever the interpolation quality. The chain comes from
  /// ``MipmapCache/shared``, built on first use.
  ///
  /// - Parameter lodBias: added to λ, in levels; positive is blurrier, negative sharper.
  ///   Not finite counts as 0.
  package func drawMipmapped(_ image: CGImage, in rect: CGRect, lodBias: CGFloat) {
    guard let (r, imageToDevice) = placement(of: image, in: rect) else { return }
    let deviceToImage = imageToDevice.inverted()
    let lod = Self.levelOfDetail(deviceToImage, bias: lodBias.isFinite ? lodBias : 0)
    guard lod > 0 else {
      draw(image, in: rect)
      return
    }
    let chain = MipmapCache.shared.chain(for: image)
    let last = chain.levelCount - 1
    let clamped = Swift.min(lod, CGFloat(last))
    let k = Int(geometric: clamped, .down)
    let weight = k < last ? UInt32(Swift.min(Swift.max((clamped - CGFloat(k)) * 256, 0), 255)) : 0
    let alpha = state.alpha
    withLevel(k, of: image, chain) { lower in
      guard let lower else { return }
      withLevel(k + 1, of: image, chain) { upper in
        let shader = MipmapShader(
          lower: Self.levelShader(lower, deviceToImage, image),
          upper: upper.map { Self.levelShader($0, deviceToImage, image) },
          weight: weight, opacity: PixelMath.byte(opacity: alpha))
        withScratchPath {
          $0.addFiniteRect(r, state.ctm)
        } draw: { p in
          perform { ctx in
            ctx.paint(p, rule: .winding, paint: .shader(.mipmap(shader)), mode: ctx.state.blendMode)
          }
        }
      }
    }
  }

  /// `log2` of the image pixels one device pixel spans along its longer footprint axis,
  /// plus `bias`.
  package static func levelOfDetail(_ deviceToImage: CGAffineTransform, bias: CGFloat) -> CGFloat {
    let m = deviceToImage
    let rho = Swift.max((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot())
    return Foundation.log2(rho) + bias
  }

  /// One level's pixels and size, for the duration of `body`: nil past the last level.
  private func withLevel(
    _ k: Int, of image: CGImage, _ chain: MipmapChain,
    _ body: ((UnsafePointer<UInt32>, Int, Int)?) -> Void
  ) {
    if k >= chain.levelCount {
      body(nil)
    } else if k == 0 {
      image.pixels.withUnsafeBytes {
        body(($0.bindMemory(to: UInt32.self).baseAddress!, image.width, image.height))
      }
    } else {
      let level = chain.reduced[k - 1]
      level.pixels.withUnsafeBufferPointer { body(($0.baseAddress!, level.width, level.height)) }
    }
  }

  /// A bilinear shader over a level, its pixel grid stretched over the image's extent.
  private static func levelShader(
    _ level: (UnsafePointer<UInt32>, Int, Int), _ deviceToImage: CGAffineTransform, _ image: CGImage
  ) -> ImageShader {
    let (px, w, h) = level
    let toLevel = deviceToImage.concatenating(
      CGAffineTransform(
        scaleX: CGFloat(w) / CGFloat(image.width), y: CGFloat(h) / CGFloat(image.height)))
    return ImageShader(
      pixels: px, width: w, height: h, deviceToImage: toLevel, bilinear: true, opacity: 1)
  }
}
