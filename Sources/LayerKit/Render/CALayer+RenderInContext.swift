import Foundation

extension CALayer {
  /// Renders the layer and its sublayers into `ctx` with their model values, as Core
  /// Animation's `render(in:)` does (thumbnails, snapshot tests).
  ///
  /// The layer draws in its own coordinate space: a point of its bounds lands at the
  /// same point of `ctx`'s user space, mapped by the context's current transformation
  /// matrix, so the layer's own `position` and `transform` do not move it (its
  /// sublayers' do). Animations are ignored: what draws is the model tree, laid out and
  /// displayed first (`draw(in:)` runs for layers that need display). The layer's
  /// opacity, shadow, mask, filters and everything else the compositor draws apply.
  ///
  /// Like Core Animation's CPU renderer, `render(in:)` draws no 3D: a sublayer whose
  /// `transform` is not affine (`CATransform3DIsAffine` false, a rotation about x or y
  /// for instance) is drawn as if its `position`, `zPosition` and `transform` were zero,
  /// the identity: only its bounds and anchor place its content (measured on Apple's
  /// renders of layers rotated about x: the same flat picture at every angle).
  ///
  /// The tree is composited into an offscreen the size of `ctx` and that image is then
  /// drawn into `ctx` through its current state, so the context's clip, alpha and blend
  /// mode apply to the result as a whole. A CTM that is not invertible or not finite
  /// draws nothing (with a diagnostic).
  ///
  /// - Complexity: O(pixels of `ctx`) memory for the offscreen.
  public func render(in ctx: CGContext) {
    let ctm = ctx.ctm
    guard [ctm.a, ctm.b, ctm.c, ctm.d, ctm.tx, ctm.ty].allSatisfy(\.isFinite),
      ctm.a * ctm.d - ctm.b * ctm.c != 0
    else {
      CADiagnostics.report(
        key: "render(in:)", "the context's transform \(ctm) is not invertible; drew nothing")
      return
    }
    guard let surface = RenderSurface(rect: PixelRect(x0: 0, y0: 0, x1: ctx.width, y1: ctx.height))
    else { return }
    // The stages of a frame, on this thread: layout and display (which run user code),
    // then the build and the compositing, which only read the layers.
    var display = DisplayStage()
    display.layout(self)
    let state: (CALayer) -> LayerState = { Self.flattened($0.state) }
    display.display(self, state: state)
    display.drawTiles(
      of: self, state: state,
      viewport: DisplayStage.Viewport(pixels: surface.rect, rootMap: ctm, placesRoot: false))
    let log = treeChangeLog
    log.isSealed = true
    defer { log.isSealed = false }
    let tree = RenderTreeBuilder.build(root: self, state: state)
    LayerCompositor().render(
      tree, into: surface, clip: surface.rect, rootMap: ctm, placesRoot: false)
    guard let image = surface.context.makeImage() else { return }
    ctx.saveGState()
    ctx.concatenate(ctm.inverted())
    ctx.draw(image, in: CGRect(x: 0, y: 0, width: ctx.width, height: ctx.height))
    ctx.restoreGState()
  }

  /// The state `render(in:)` draws: a layer with a non-affine transform loses its
  /// placement (position, z position and transform).
  static func flattened(_ state: LayerState) -> LayerState {
    let t = state.transform
    let flat = [t.m13, t.m14, t.m23, t.m24, t.m31, t.m32, t.m34, t.m43, t.m33 - 1, t.m44 - 1]
    // Within rounding of affine (a full turn about x is affine to Core Animation too).
    guard flat.contains(where: { !(abs($0) <= 1e-9) }) else { return state }
    var s = state
    s.position = .zero
    s.zPosition = 0
    s.transform = .identity
    return s
  }
}
