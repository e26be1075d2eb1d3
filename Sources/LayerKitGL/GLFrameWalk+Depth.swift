import Foundation
@_spi(Benchmarks) import LayerGraphics
import LayerKit

// CATransformLayer depth order, replicators that preserve depth, and replicator tints.
extension GLFrameWalk {
  /// Draws transform layer `i` (at opacity `alpha`, its own applied) as
  /// `LayerCompositor.drawTransformLayer` does: not its own appearance, but its sublayers
  /// (nested transform layers collected through) back to front in the placement's depth
  /// order (`DepthOrder`, the rule the CPU compositor and the placement share), each an
  /// ordinary layer at `alpha` times its nested transform layers' opacities, placed by
  /// its placement's map (through the transform layer's own, so it keeps its 3D).
  mutating func drawTransformLayer(_ i: Int, parentMap: ProjectiveTransform2D, alpha: Float) {
    let items =
      frame.placement.depthOrders[i]
      ?? DepthOrder.items(of: i, local: placed[i].local, nodes: nodes)
    for it in items {
      var a = alpha
      for o in it.nestedOpacities { a *= o }
      drawNode(it.index, parentMap: parentMap, alpha: a)
    }
  }

  /// Node `i`'s shown sublayers in drawing order: sublayer order, or, for a replicator
  /// with `preservesDepth`, back to front by the depth of each one's bounds' centre in
  /// the replicator's sublayer space (`LayerCompositor.drawDepthSortedSublayers`).
  func drawingOrder(_ i: Int) -> [Int] {
    let n = nodes + i
    let shown = n.pointee.children.filter { LayerVisibility.isShown(nodes + $0) }
    guard n.pointee.kind == .replicator, n.state.replicator?.preservesDepth == true else {
      return shown
    }
    let all = n.pointee.children
    let depths = all.map { DepthOrder.depth(of: nodes[$0].state.bounds, under: placed[$0].local) }
    return DepthOrder.backToFront(depths).map { all[$0] }.filter {
      LayerVisibility.isShown(nodes + $0)
    }
  }

  /// The tint bytes a replicator copy's group is composited with at `opacity`, as
  /// `PixelCompositing.composite` takes them: red, green and blue, and the tint's alpha
  /// times the opacity (`mul255`), all 0…255.
  static func tintBytes(_ tint: SIMD4<Float>, opacity: Float) -> SIMD4<Float> {
    func byte(_ v: Float) -> UInt32 { UInt32(min(max(v.isNaN ? 0 : v, 0), 1) * 255 + 0.5) }
    return SIMD4(
      Float(byte(tint.x)), Float(byte(tint.y)), Float(byte(tint.z)),
      Float(PixelMath.mul255(byte(tint.w), byte(opacity))))
  }
}
