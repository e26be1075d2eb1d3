import Foundation

// Layers in a `CATransition`.
//
// The layer is drawn twice, once in its outgoing state (a node of its own holding the
// snapshot's state and sublayers) and once in its current state, both under the
// layer's current map. A slide (moveIn, push, reveal) translates each state by its
// placement's offset in layer points, draws the bottom one then the top one into an
// offscreen clipped to the layer's (rounded) bounds, and composites that once at the
// inherited opacity, so the parts sliding out of the bounds are cut off as in Core
// Animation. A fade renders both states unclipped into two offscreens and dissolves
// them per pixel, `outgoing·(1 − p) + incoming·p`, so pixels the states share do not
// change; a layer being hidden is an incoming state that draws nothing, so it fades out.
extension LayerCompositor {
  func drawTransition(
    _ i: Int, _ t: RenderTransition, map: CGAffineTransform, parentMap: ProjectiveTransform2D,
    into s: RenderSurface,
    clip: PixelRect, alpha: Float
  ) {
    let st = tree.nodes[i].state
    if t.dissolves {
      let area = offscreenArea(of: s)
      let region = clip.intersection(area)
      guard !region.isEmpty, let out = RenderSurface(rect: area),
        let inc = RenderSurface(rect: area)
      else { return }
      drawState(t.outgoing, offset: .zero, map: map, parentMap: parentMap, into: out, clip: region)
      drawState(i, offset: .zero, map: map, parentMap: parentMap, into: inc, clip: region)
      PixelCompositing.dissolve(out, toward: inc, progress: t.progress, clip: region)
      PixelCompositing.composite(out, onto: s, clip: region, alpha: alpha)
      return
    }
    let area = offscreenArea(of: s).intersection(PixelRect(covering: st.bounds.applying(map)))
    let region = clip.intersection(area)
    guard !region.isEmpty, let group = RenderSurface(rect: area) else { return }
    let bottom = t.incomingOnTop ? (t.outgoing, t.outgoingPlacement) : (i, t.incomingPlacement)
    let top = t.incomingOnTop ? (i, t.incomingPlacement) : (t.outgoing, t.outgoingPlacement)
    withBoundsClip(RoundedBoundsShape(st), map: map, into: group, clip: region) { sub, subClip in
      for (j, placement) in [bottom, top] {
        drawState(
          j, offset: placement.offset, map: map, parentMap: parentMap, into: sub, clip: subClip)
      }
    }
    PixelCompositing.composite(group, onto: s, clip: region, alpha: alpha)
  }

  /// Draws one state of a transition (node `j`, at its own opacity), translated by
  /// `offset` layer points.
  private func drawState(
    _ j: Int, offset: CGSize, map: CGAffineTransform, parentMap: ProjectiveTransform2D,
    into s: RenderSurface,
    clip: PixelRect
  ) {
    let a = LayerVisibility.effectiveOpacity(node(j), inherited: 1)
    guard a > 0 else { return }
    let shifted = CGAffineTransform(translationX: offset.width, y: offset.height).concatenating(map)
    drawFlatState(j, map: shifted, parentMap: parentMap, into: s, clip: clip, alpha: a)
  }
}
