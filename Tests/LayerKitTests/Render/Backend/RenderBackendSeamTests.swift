import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// The backend seam: a renderer hands any `RenderBackend` the snapshot, one placement and
/// the damage, and a backend that only records what it receives sees every layer placed,
/// faded, clipped, grouped and ordered as the CPU compositor draws it.
@Suite struct RenderBackendSeamTests {
  typealias F = RenderFixtures

  /// Renders `root` once through a recording backend at `scale` into `w × h` pixels.
  static func record(
    _ root: CALayer, _ w: Int = 100, _ h: Int = 80, scale: CGFloat = 1
  ) throws -> RecordingBackend {
    let recorder = RecordingBackend()
    let renderer = CARenderer(layer: root, backend: recorder)
    let ctx = try #require(CGContext(width: w, height: h))
    renderer.render(in: ctx, scale: scale)
    return recorder
  }

  @Test func nestedOpacityMultipliesAndGroupsTakeOffscreens() throws {
    let root = F.root(100, 80)
    let outer = F.box(CGRect(x: 10, y: 10, width: 60, height: 50), F.red)
    outer.opacity = 0.5
    let inner = F.box(CGRect(x: 5, y: 5, width: 20, height: 20), F.blue)
    inner.opacity = 0.5
    let leaf = F.box(CGRect(x: 2, y: 2, width: 5, height: 5), F.green)
    inner.addSublayer(leaf)
    outer.addSublayer(inner)
    root.addSublayer(outer)
    let r = try Self.record(root)
    let o = try #require(r.operation(outer))
    let i = try #require(r.operation(inner))
    let l = try #require(r.operation(leaf))
    #expect(o.opacity == 0.5 && i.opacity == 0.25 && l.opacity == 0.25)
    // Group opacity: `outer` composites its subtree once, at 0.5; inside its offscreen,
    // `inner` starts again from 1 and is itself a group.
    #expect(o.offscreen == [.groupOpacity] && i.offscreen == [.groupOpacity])
    #expect(o.compositedOpacity == 0.5 && i.compositedOpacity == 0.5)
    #expect(l.offscreen.isEmpty && l.compositedOpacity == 1)
    // World maps: the leaf's origin sits at 10 + 5 + 2 = 17 device pixels, at scale 1.
    let origin = l.map.apply(CGPoint(x: 0, y: 0))
    #expect(abs(origin.x - 17) < 1e-9 && abs(origin.y - 17) < 1e-9)
    #expect(r.order([root, outer, inner, leaf]) == [0, 1, 2, 3])
  }

  @Test func withoutGroupOpacitySublayersBlendOnTheirOwn() throws {
    let root = F.root(100, 80)
    let outer = F.box(CGRect(x: 10, y: 10, width: 60, height: 50), F.red)
    outer.opacity = 0.5
    outer.allowsGroupOpacity = false
    let inner = F.box(CGRect(x: 5, y: 5, width: 20, height: 20), F.blue)
    outer.addSublayer(inner)
    root.addSublayer(outer)
    let r = try Self.record(root)
    let o = try #require(r.operation(outer))
    let i = try #require(r.operation(inner))
    #expect(o.offscreen.isEmpty && i.offscreen.isEmpty)
    #expect(i.opacity == 0.5 && i.compositedOpacity == 0.5)
  }

  @Test func masksToBoundsClipsTheSublayers() throws {
    let root = F.root(100, 80)
    let clipper = F.box(CGRect(x: 20, y: 20, width: 30, height: 30), F.paper)
    clipper.masksToBounds = true
    let wide = F.box(CGRect(x: -10, y: 5, width: 60, height: 10), F.red)
    clipper.addSublayer(wide)
    root.addSublayer(clipper)
    let r = try Self.record(root, scale: 2)
    let c = try #require(r.operation(clipper))
    let w = try #require(r.operation(wide))
    // At scale 2 the clipper covers 40…100 × 40…100, with a pixel of margin, in the frame.
    #expect(c.extent == PixelRect(x0: 39, y0: 39, x1: 100, y1: 80))
    #expect(c.clip == PixelRect(x0: 0, y0: 0, x1: 100, y1: 80))
    #expect(w.clip == PixelRect(x0: 39, y0: 39, x1: 100, y1: 80))
    // The sublayer reaches from x = 20 to 140 but may touch only the clipper's pixels.
    #expect(w.extent == PixelRect(x0: 39, y0: 49, x1: 100, y1: 71))
  }

  @Test func transformLayerSublayersComeBackToFrontByDepth() throws {
    let root = F.root(100, 80)
    let holder = CATransformLayer()
    holder.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
    var perspective = CATransform3DIdentity
    perspective.m34 = -1 / 500
    holder.sublayerTransform = perspective
    let depths: [CGFloat] = [30, -40, 0, 10]
    let cards = depths.enumerated().map { k, z in
      let card = F.box(CGRect(x: 10 + 15 * CGFloat(k), y: 20, width: 20, height: 20), F.blue)
      card.transform = CATransform3DMakeTranslation(0, 0, z)
      return card
    }
    for c in cards { holder.addSublayer(c) }
    root.addSublayer(holder)
    let r = try Self.record(root)
    // Back to front: z −40, 0, 10, 30 (tree order 1, 2, 3, 0).
    #expect(r.order(cards) == [1, 2, 3, 0])
    // The transform layer itself draws nothing of its own but is placed.
    #expect(r.operation(holder) != nil)
    // Nearer cards are drawn larger under the perspective.
    let near = try #require(r.operation(cards[0]))
    let far = try #require(r.operation(cards[1]))
    #expect(near.extent.width > far.extent.width)
    // The CPU compositor draws them in the same order: the nearest covers the others.
    let image = CARenderer(layer: root).render(width: 100, height: 80, scale: 1)
    #expect(F.isColor(image, 20, 30, F.blue))
  }

  @Test func hiddenAndTransparentSubtreesAreSkipped() throws {
    let root = F.root(100, 80)
    let hidden = F.box(CGRect(x: 0, y: 0, width: 30, height: 30), F.red)
    hidden.isHidden = true
    let underHidden = F.box(CGRect(x: 2, y: 2, width: 5, height: 5), F.green)
    hidden.addSublayer(underHidden)
    let clear = F.box(CGRect(x: 40, y: 0, width: 30, height: 30), F.blue)
    clear.opacity = 0
    let underClear = F.box(CGRect(x: 2, y: 2, width: 5, height: 5), F.green)
    underClear.opacity = 1
    clear.addSublayer(underClear)
    let shown = F.box(CGRect(x: 0, y: 40, width: 30, height: 30), F.yellow)
    root.sublayers = [hidden, clear, shown]
    let r = try Self.record(root)
    #expect(r.order([root, hidden, underHidden, clear, underClear, shown]) == [0, 5])
    // Their placements still exist, at opacity 0 (opacity never rises again below).
    let renderer = CARenderer(layer: root)
    _ = renderer.render(width: 100, height: 80, scale: 1)
    let tree = try #require(renderer.makeRenderTree())
    let placement = RenderPlacement(tree, scale: 1, frame: PixelRect(x0: 0, y0: 0, x1: 100, y1: 80))
    let keys = tree.nodes.map(\.key.layer)
    let k = try #require(keys.firstIndex(of: ObjectIdentifier(underClear)))
    #expect(placement[k].opacity == 0 && !placement.draws(k, in: tree))
  }

  @Test func aFrameDamagedInPartGetsOnlyTheLayersThere() throws {
    let root = F.root(100, 80)
    let a = F.box(CGRect(x: 5, y: 5, width: 10, height: 10), F.red)
    let b = F.box(CGRect(x: 60, y: 50, width: 20, height: 20), F.blue)
    root.sublayers = [a, b]
    let recorder = RecordingBackend()
    let renderer = CARenderer(layer: root, backend: recorder)
    let ctx = try #require(CGContext(width: 100, height: 80))
    renderer.render(in: ctx, scale: 1)
    #expect(recorder.frames.last?.damage == [PixelRect(x0: 0, y0: 0, x1: 100, y1: 80)])
    #expect(recorder.order([root, a, b]) == [0, 1, 2])
    a.position.x += 2
    renderer.render(in: ctx, scale: 1)
    let damage = try #require(recorder.frames.last?.damage)
    #expect(damage.count == 1 && damage[0].width * damage[0].height < 400)
    // `b` lies outside the damage: not drawn again.
    #expect(recorder.order([root, a, b]) == [0, 1])
    // Nothing changed: an empty damage, no operations.
    renderer.render(in: ctx, scale: 1)
    #expect(recorder.frames.last?.damage.isEmpty == true && recorder.last.isEmpty)
  }

  @Test func aMaskedLayerTakesAnOffscreenAndItsMaskIsPlacedInItsSpace() throws {
    let root = F.root(100, 80)
    let layer = F.box(CGRect(x: 10, y: 10, width: 40, height: 40), F.red)
    let mask = F.box(CGRect(x: 10, y: 0, width: 20, height: 40), F.ink)
    layer.mask = mask
    root.addSublayer(layer)
    let renderer = CARenderer(layer: root)
    _ = renderer.render(width: 100, height: 80, scale: 1)
    let tree = try #require(renderer.makeRenderTree())
    let placement = RenderPlacement(tree, scale: 1, frame: PixelRect(x0: 0, y0: 0, x1: 100, y1: 80))
    let keys = tree.nodes.map(\.key.layer)
    let l = try #require(keys.firstIndex(of: ObjectIdentifier(layer)))
    let m = try #require(keys.firstIndex(of: ObjectIdentifier(mask)))
    #expect(placement[l].offscreen == [.mask])
    #expect(placement[m].parent == l && placement[m].position == -1)
    let origin = placement[m].map.apply(CGPoint(x: 0, y: 0))
    #expect(abs(origin.x - 20) < 1e-9 && abs(origin.y - 10) < 1e-9)
  }
}
