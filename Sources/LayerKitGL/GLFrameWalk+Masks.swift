import CEGL
import Foundation
import LayerKit

// Masks: a layer's group and its mask each in an offscreen, combined in one pass.
extension GLFrameWalk {
  /// Closes the group `content` (node `i` and its sublayers, drawn opaque over the device
  /// pixels `region`), draws node `i`'s mask node `mask` into a second offscreen over the
  /// same pixels, and composites the group through it onto the target below at `opacity`,
  /// the scissor back at `outer`.
  ///
  /// This is `LayerCompositor.drawFlatState`'s grouped drawing: the mask is drawn at full
  /// opacity under the layer's map (its placement's own transform), each group pixel is
  /// multiplied by the coverage the layer's `maskMode` takes from the mask pixel (its
  /// alpha or Rec. 709 luminance, inverted for the inverse modes; where the mask draws
  /// nothing the coverage is 0, or 255 inverted), then composited at the layer's opacity.
  /// The shader rounds as the CPU's row kernels do (``GLLayerShader``). Where the CPU
  /// compositor paints a plain shape mask's path over the group instead of drawing a mask
  /// offscreen, the two multiply in the other order and edge pixels may differ by a level.
  mutating func endMaskedGroup(
    _ content: GLOffscreenPool.Target, mask: Int, of i: Int, region: PixelRect,
    outer: PixelRect, opacity: Float
  ) {
    let mode = (nodes + i).state.maskMode
    let maskTarget = beginGroup(region)
    if maskTarget != nil {
      drawNode(mask, parentMap: placed[i].map, alpha: 1)
      targets.removeLast()
    }
    targets.removeLast()
    bindTop(scissor: outer)
    if let (m, _) = maskTarget {
      backend.drawer.masked(
        content.texture, mask: m.texture, origin: (region.x0, region.y0), mode: mode,
        opacity: opacity, quad: region.intersection(outer))
      backend.offscreens.give(m)
    }
    // Without a mask offscreen (the driver could make none), nothing is composited: the
    // alpha modes would show nothing there, and an inverted mask is not guessed at.
    backend.offscreens.give(content)
  }

  /// Whether a sublayer of node `i` or its mask (at any depth), or the mask itself, sits
  /// under a projective map: the CPU compositor lays such a layer's flat bitmap out over
  /// the group's offscreen, so such a group is left to it.
  func groupReachesPerspective(_ i: Int) -> Bool {
    if reachesPerspective(i) { return true }
    guard let m = (nodes + i).pointee.mask else { return false }
    return placed[m].offscreen.contains(.perspective) || reachesPerspective(m)
  }
}
