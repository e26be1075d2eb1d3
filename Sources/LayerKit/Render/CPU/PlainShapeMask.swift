import Foundation

/// A mask layer that is one plain shape: a shape layer at full opacity that fills its path
/// with an opaque colour or strokes it with one (not both), and draws nothing else.
/// Masking by it multiplies by the path's coverage (fill or stroke) and nothing more.
struct PlainShapeMask {
  var shape: ShapeLayerState
  var path: CGPath
  /// Whether the path is stroked (else filled).
  var strokes: Bool
  /// The box (mask space) that holds everything the shape covers: the path's control
  /// points grown by the stroke's reach (`ShapeLayerState.strokeReach`).
  var box: CGRect

  /// The plain shape node `n` is, or nil.
  init?(_ n: UnsafePointer<RenderNode>) {
    guard n.pointee.kind == .shape, n.pointee.children.isEmpty, Self.drawsOnlyItself(n),
      let sh = n.state.shape,
      let path = sh.path, !path.isEmpty
    else { return nil }
    let fills = (sh.fillColor?.alpha ?? 0) > 0
    let strokes = (sh.strokeColor?.alpha ?? 0) > 0 && sh.lineWidth > 0 && sh.lineWidth.isFinite
    guard fills != strokes, (fills ? sh.fillColor : sh.strokeColor)?.alpha ?? 0 >= 1,
      let reach = sh.strokeReach
    else { return nil }
    let box = path.boundingBoxOfPath.insetBy(dx: -reach, dy: -reach)
    guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else {
      return nil
    }
    self.shape = sh
    self.path = path
    self.strokes = strokes
    self.box = box
  }

  /// Whether node `n` is a plain layer holding exactly one sublayer and drawing nothing
  /// itself (a mask group): masking by it is masking by that sublayer.
  static func isPlainHolder(_ n: UnsafePointer<RenderNode>) -> Bool {
    n.pointee.kind == .layer && n.pointee.children.count == 1 && !n.hasOwnContent
      && drawsOnlyItself(n)
  }

  /// Whether node `n` is shown at full opacity with nothing but its own content and
  /// sublayers: no mask, background, border, shadow, filter, clip, tint or transition.
  private static func drawsOnlyItself(_ n: UnsafePointer<RenderNode>) -> Bool {
    let st = n.state
    return n.pointee.mask == nil && n.image == nil && n.pointee.tiles == nil
      && n.pointee.particles == nil && n.pointee.tint == nil && n.pointee.transition == nil
      && !st.pointee.isHidden && st.pointee.opacity == 1 && st.compositingFilter == nil
      && !st.pointee.shouldRasterize && !st.pointee.masksToBounds
      && (st.pointee.backgroundColor?.alpha ?? 0) == 0
      && !(st.pointee.borderWidth > 0 && (st.pointee.borderColor?.alpha ?? 0) > 0)
      && !(st.pointee.shadowOpacity > 0)
  }
}
