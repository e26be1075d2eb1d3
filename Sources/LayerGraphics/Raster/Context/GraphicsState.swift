import Foundation

/// Everything `saveGState` saves and `restoreGState` restores.
package struct GraphicsState {
  /// User space to device pixels.
  var ctm: CGAffineTransform = .identity
  var fillColor: CGColor = .black
  var strokeColor: CGColor = .black
  /// In user-space units.
  var lineWidth: CGFloat = 1
  var lineCap: CGLineCap = .butt
  var lineJoin: CGLineJoin = .miter
  var miterLimit: CGFloat = 10
  var dashPhase: CGFloat = 0
  var dashLengths: [CGFloat] = []
  /// Global opacity 0…1, multiplied into everything drawn.
  var alpha: CGFloat = 1
  var blendMode: CGBlendMode = .normal
  var antialias = true
  var interpolationQuality: CGInterpolationQuality = .default
  /// Shadow offset in device pixels (y down), blur radius in device pixels, colour.
  var shadowOffset: CGSize = .zero
  var shadowBlur: CGFloat = 0
  var shadowColor: CGColor? = nil
  /// The clip: an integer device box, and within it an optional coverage mask.
  var clipX0 = 0
  var clipY0 = 0
  var clipX1 = 0
  var clipY1 = 0
  var clipMask: ClipMask? = nil
  /// The rows path edges are cut to before scan conversion, `edgeY0..<edgeY1`: the clip
  /// box's rows, or more (`CGContext.setEdgeRows(_:)`); only the clip's rows are written.
  var edgeY0 = 0
  var edgeY1 = 0

  /// Whether drawing casts a visible shadow.
  var hasShadow: Bool {
    guard let c = shadowColor, c.alpha > 0 else { return false }
    return shadowBlur > 0 || shadowOffset != .zero
  }
}
