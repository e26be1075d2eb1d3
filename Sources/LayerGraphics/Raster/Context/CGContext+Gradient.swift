import Foundation

/// Drawing gradients. A gradient fills the whole clip (it does not use the current path);
/// where the gradient does not reach (before its start or after its end without the
/// matching option) nothing is painted.
extension CGContext {
  /// Draws a linear gradient from `start` to `end` (user space).
  ///
  /// Colour is constant along lines perpendicular to start→end. `options` extend the end
  /// colours beyond the two points.
  public func drawLinearGradient(
    _ gradient: CGGradient, start: CGPoint, end: CGPoint,
    options: CGGradientDrawingOptions
  ) {
    guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite,
      state.ctm.determinant != 0, state.ctm.determinant.isFinite
    else { return }
    let shader = LinearGradientShader(
      gradient: gradient, start: start, end: end, options: options,
      deviceToUser: state.ctm.inverted(), opacity: state.alpha)
    fillClip(with: .shader(.linear(shader)))
  }

  /// Draws a radial gradient between two circles (user space): for each point, the
  /// colour of the largest `t` in 0…1 whose circle `center(t)`, `radius(t)` (both
  /// interpolated linearly) passes through it.
  public func drawRadialGradient(
    _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
    endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions
  ) {
    guard startCenter.x.isFinite, startCenter.y.isFinite, endCenter.x.isFinite,
      endCenter.y.isFinite,
      startRadius.isFinite, endRadius.isFinite, state.ctm.determinant != 0,
      state.ctm.determinant.isFinite
    else { return }
    let shader = RadialGradientShader(
      gradient: gradient, startCenter: startCenter, startRadius: startRadius, endCenter: endCenter,
      endRadius: endRadius, options: options, deviceToUser: state.ctm.inverted(),
      opacity: state.alpha)
    fillClip(with: .shader(.radial(shader)))
  }

  /// Paints the clip box with `paint`.
  func fillClip(with paint: RasterPaint) {
    let box = CGRect(
      x: state.clipX0, y: state.clipY0, width: state.clipX1 - state.clipX0,
      height: state.clipY1 - state.clipY0)
    withScratchPath {
      $0.addRect(box, .identity)
    } draw: { p in
      perform { ctx in ctx.paint(p, rule: .winding, paint: paint, mode: ctx.state.blendMode) }
    }
  }
}
