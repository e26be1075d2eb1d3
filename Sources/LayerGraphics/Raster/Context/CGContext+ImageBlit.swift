import Foundation

/// Drawing an image that lands on whole device pixels, unscaled, without a coverage pass.
extension CGContext {
  /// Blends the image of `shader` straight onto the bitmap when `draw(_:in:)` maps it
  /// unscaled and upright to a whole-pixel offset, in the normal blend mode, with no
  /// clip mask; false (nothing drawn) otherwise.
  ///
  /// `p` is the device-space rectangle the general path would fill. It must have its four
  /// corners exactly on the image's device box `(−offsetX, −offsetY)` to
  /// `(−offsetX + width, −offsetY + height)`; then every pixel of the box within the clip
  /// box is fully covered and every other pixel untouched, so each row is one
  /// `RowKernels.srcOverImageRow` of an image row at the shader's opacity — the same
  /// result, bit for bit, as scan-converting the rectangle with an image paint.
  ///
  /// - Complexity: O(pixels drawn).
  func blitTranslatedImage(_ p: PathStorage, _ shader: ImageShader) -> Bool {
    guard state.blendMode == .normal, state.clipMask == nil, let ox = shader.offsetX else {
      return false
    }
    let oy = shader.offsetY
    let x0 = -ox
    let y0 = -oy
    let x1 = x0 + shader.width
    let y1 = y0 + shader.height
    guard isBox(p.points, x0: CGFloat(x0), y0: CGFloat(y0), x1: CGFloat(x1), y1: CGFloat(y1)) else {
      return false
    }
    let cx0 = Swift.max(x0, state.clipX0)
    let cx1 = Swift.min(x1, state.clipX1)
    let cy0 = Swift.max(y0, state.clipY0)
    let cy1 = Swift.min(y1, state.clipY1)
    guard cx0 < cx1, cy0 < cy1 else { return true }
    let n = cx1 - cx0
    var d = pixels + cy0 * stride + cx0
    var s = shader.pixels + (cy0 + oy) * shader.width + (cx0 + ox)
    for _ in cy0..<cy1 {
      RowKernels.srcOverImageRow(d, s, count: n, opacity: shader.opacity)
      d += stride
      s += shader.width
    }
    return true
  }

  /// Whether `points` are the four corners of the box `x0…x1 × y0…y1` in a cycle along
  /// its edges (each step changes exactly one coordinate, no corner twice).
  private func isBox(_ points: [CGPoint], x0: CGFloat, y0: CGFloat, x1: CGFloat, y1: CGFloat)
    -> Bool
  {
    guard points.count == 4, points[0] != points[2], points[1] != points[3] else { return false }
    var previous = points[3]
    for q in points {
      guard q.x == x0 || q.x == x1, q.y == y0 || q.y == y1,
        (q.x == previous.x) != (q.y == previous.y)
      else {
        return false
      }
      previous = q
    }
    return true
  }
}
