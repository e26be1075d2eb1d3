import Foundation

/// Drawing images.
extension CGContext {
  /// Draws `image` scaled to fill `rect` (user space), upright: the image's first row
  /// lands on the rectangle's top edge (`rect.minY`), as in a UIKit context.
  ///
  /// The rectangle, mapped by the CTM, is filled with anti-aliased edges; inside, pixels
  /// are sampled bilinearly (or from the nearest pixel when `interpolationQuality` is
  /// `.none`) under any affine CTM. The global alpha applies. An image that lands
  /// unscaled on whole device pixels in the normal blend mode without a clip mask skips
  /// the coverage pass and is blended row by row (same pixels).
  public func draw(_ image: CGImage, in rect: CGRect) {
    guard let (r, imageToDevice) = placement(of: image, in: rect) else { return }
    let bilinear = state.interpolationQuality != .none
    let alpha = state.alpha
    withScratchPath {
      $0.addFiniteRect(r, state.ctm)
    } draw: { p in
      image.pixels.withUnsafeBytes { raw in
        let px = raw.bindMemory(to: UInt32.self).baseAddress!
        let shader = ImageShader(
          pixels: px, width: image.width, height: image.height,
          deviceToImage: imageToDevice.inverted(), bilinear: bilinear, opacity: alpha)
        perform { ctx in
          if ctx.blitTranslatedImage(p, shader) { return }
          ctx.paint(p, rule: .winding, paint: .shader(.image(shader)), mode: ctx.state.blendMode)
        }
      }
    }
  }

  /// `rect` standardized, and the map from image pixels (top-left origin) to device
  /// space that stretches the image over it under the CTM; nil when nothing would be
  /// drawn (an empty or non-finite rectangle, a singular map).
  func placement(of image: CGImage, in rect: CGRect) -> (CGRect, CGAffineTransform)? {
    let r = rect.standardized
    guard r.width > 0, r.height > 0, r.minX.isFinite, r.minY.isFinite, r.width.isFinite,
      r.height.isFinite
    else { return nil }
    // image pixel space → user space → device space
    let imageToUser = CGAffineTransform(
      a: r.width / CGFloat(image.width), b: 0, c: 0, d: r.height / CGFloat(image.height),
      tx: r.minX, ty: r.minY)
    let imageToDevice = imageToUser.concatenating(state.ctm)
    guard imageToDevice.determinant != 0, imageToDevice.determinant.isFinite else { return nil }
    return (r, imageToDevice)
  }
}
