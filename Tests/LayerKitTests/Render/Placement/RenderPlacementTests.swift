import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// The placement pass: brought up to date frame by frame it equals a pass made afresh,
/// and its rules (visibility, effective opacity, offscreens) are the ones the compositor
/// draws by.
@Suite struct RenderPlacementTests {
  typealias F = RenderFixtures
  static let frame = PixelRect(x0: 0, y0: 0, x1: 120, y1: 90)

  /// A scene with every kind of input the pass hands down: a sublayer transform, a clip,
  /// a mask, group opacity and a transform layer.
  static func scene() -> (root: CALayer, edits: [() -> Void]) {
    let root = F.root(120, 90)
    let holder = F.box(CGRect(x: 10, y: 10, width: 60, height: 50), F.paper)
    holder.masksToBounds = true
    let child = F.box(CGRect(x: 5, y: 5, width: 20, height: 20), F.red)
    let grandchild = F.box(CGRect(x: 2, y: 2, width: 6, height: 6), F.blue)
    child.addSublayer(grandchild)
    holder.addSublayer(child)
    let mask = F.box(CGRect(x: 0, y: 0, width: 30, height: 30), F.ink)
    child.mask = mask
    let cube = CATransformLayer()
    cube.frame = CGRect(x: 70, y: 20, width: 40, height: 40)
    let faces = (0..<3).map { k in
      let f = F.box(CGRect(x: 0, y: 0, width: 40, height: 40), F.green)
      f.transform = CATransform3DMakeTranslation(0, 0, CGFloat(k * 10 - 10))
      return f
    }
    for f in faces { cube.addSublayer(f) }
    root.sublayers = [holder, cube]
    let edits: [() -> Void] = [
      { child.position.x += 4 },
      { holder.sublayerTransform = CATransform3DMakeScale(1.5, 1, 1) },
      { holder.opacity = 0.5 },
      { grandchild.backgroundColor = F.yellow },
      { holder.isHidden = true },
      { child.position.y += 3 },
      { holder.isHidden = false },
      { mask.position.x = 12 },
      { faces[0].transform = CATransform3DMakeTranslation(0, 0, 40) },
      { cube.transform = CATransform3DMakeRotation(0.3, 0, 1, 0) },
      { holder.masksToBounds = false },
    ]
    return (root, edits)
  }

  @Test func anUpdatedPlacementEqualsAFreshOne() throws {
    let (root, edits) = Self.scene()
    var builder = RenderTreeBuilder(presentation: false)
    var placement = RenderPlacement()
    for edit in [{}] + edits {
      edit()
      builder.update(root: root, evaluation: 0)
      placement.update(builder.tree, scale: 2, frame: Self.frame)
      let fresh = RenderPlacement(builder.tree, scale: 2, frame: Self.frame)
      #expect(placement.nodes == fresh.nodes)
      #expect(placement.depthOrders == fresh.depthOrders)
    }
  }

  @Test func aFrameWithNothingChangedKeepsEveryEntry() throws {
    let (root, _) = Self.scene()
    var builder = RenderTreeBuilder(presentation: false)
    builder.update(root: root, evaluation: 0)
    var placement = RenderPlacement(builder.tree, scale: 1, frame: Self.frame)
    let before = placement.nodes
    builder.update(root: root, evaluation: 0)
    placement.update(builder.tree, scale: 1, frame: Self.frame)
    #expect(placement.nodes == before)
    // Another scale places every node again.
    placement.update(builder.tree, scale: 2, frame: Self.frame)
    #expect(placement.nodes != before)
    #expect(placement.scale == 2)
  }

  @Test func aHiddenLayerInATransitionShowsOnlyItsOutgoingState() throws {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = F.root(100, 80)
    let layer = F.box(CGRect(x: 10, y: 10, width: 40, height: 40), F.red)
    root.addSublayer(layer)
    context.layer = root
    context.commit()
    context.advance(by: 0)
    // Hiding a layer runs its default action, a fade.
    layer.isHidden = true
    context.commit()
    context.advance(by: 0.1)
    let renderer = CARenderer(context: context)
    _ = renderer.render(width: 100, height: 80, scale: 1)
    let tree = try #require(renderer.makeRenderTree())
    let placement = RenderPlacement(tree, scale: 1, frame: PixelRect(x0: 0, y0: 0, x1: 100, y1: 80))
    let i = try #require(tree.nodes.firstIndex { $0.key.layer == ObjectIdentifier(layer) })
    let t = try #require(tree.nodes[i].transition)
    // The current, hidden state draws nothing; the outgoing one draws at its opacity; the
    // layer still draws (its transition) and takes an offscreen for it.
    #expect(placement[i].opacity == 0)
    #expect(placement[t.outgoing].opacity == 1)
    #expect(placement.draws(i, in: tree))
    #expect(placement[i].offscreen.contains(.transition))
    #expect(placement[t.outgoing].parent == i && placement[t.outgoing].position == -2)
  }

  @Test(arguments: [
    (opacity: Float(0.5), hidden: false, expected: Float(0.25)),
    (opacity: Float(2), hidden: false, expected: Float(0.5)),
    (opacity: Float(-1), hidden: false, expected: Float(0)),
    (opacity: Float.nan, hidden: false, expected: Float(0)),
    (opacity: Float(1), hidden: true, expected: Float(0)),
  ])
  func effectiveOpacityClampsAndMultiplies(opacity: Float, hidden: Bool, expected: Float) {
    var state = LayerState()
    state.opacity = opacity
    state.isHidden = hidden
    let node = RenderNode(
      key: .init(layer: ObjectIdentifier(CALayer()), instance: 0), kind: .layer, state: state)
    withUnsafePointer(to: node) { n in
      #expect(LayerVisibility.effectiveOpacity(n, inherited: 0.5) == expected)
      #expect(LayerVisibility.draws(n, inherited: 0.5) == (expected > 0))
      #expect(LayerVisibility.isShown(n) == !hidden)
    }
  }
}
