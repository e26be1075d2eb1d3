import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// The compositor's shortcuts draw exactly what the general paths draw: the lazily
/// cleared damage rectangle, the copy of an opaque covering image and card-sized
/// groups (the cached-shadow blit and the perspective warp are held to the goldens).
@Suite struct CompositorFastPathTests {
  typealias F = RenderFixtures

  /// A semi-transparent 40 × 30 test image.
  static let picture: CGImage = {
    var px = [UInt8](repeating: 0, count: 40 * 30 * 4)
    for y in 0..<30 {
      for x in 0..<40 {
        let a = 128 + (x * 3 + y) % 128
        let i = (y * 40 + x) * 4
        px[i] = UInt8(x * 6 * a / 255)
        px[i + 1] = UInt8(y * 8 * a / 255)
        px[i + 2] = UInt8(a / 2)
        px[i + 3] = UInt8(a)
      }
    }
    return CGImage(width: 40, height: 30, premultipliedRGBA: px)!
  }()

  /// A root layer with nothing of its own to draw.
  static func bareRoot(_ w: CGFloat, _ h: CGFloat) -> CALayer {
    let r = CALayer()
    r.frame = CGRect(x: 0, y: 0, width: w, height: h)
    return r
  }

  /// Renders `root` with `render(in:)` into a bitmap first filled with opaque magenta.
  static func renderOverGarbage(_ root: CALayer) -> CGImage {
    let ctx = CGContext(width: Int(root.bounds.width), height: Int(root.bounds.height))!
    let px = ctx.data!.assumingMemoryBound(to: UInt32.self)
    px.update(repeating: 0xFFFF_00FF, count: ctx.width * ctx.height)
    let renderer = CARenderer(layer: root)
    renderer.render(in: ctx, scale: 1)
    return ctx.makeImage()!
  }

  @Test func damageIsClearedWhereNothingDraws() {
    let root = Self.bareRoot(60, 40)
    let image = CALayer()
    image.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
    image.contents = Self.picture
    root.addSublayer(image)
    let out = Self.renderOverGarbage(root)
    #expect(F.pixel(out, 50, 35) == (0, 0, 0, 0))
    #expect(F.pixel(out, 45, 10) == (0, 0, 0, 0))
    let same = out.pixels == F.render(root).pixels
    #expect(same)
  }

  @Test(arguments: [Float(1), 0.5])
  func coveringImageMatchesABlendOntoTransparent(opacity: Float) {
    let root = Self.bareRoot(40, 30)
    let image = CALayer()
    image.frame = root.bounds
    image.contents = Self.picture
    image.opacity = opacity
    root.addSublayer(image)
    let out = Self.renderOverGarbage(root)
    let same = out.pixels == F.render(root).pixels
    #expect(same)
    if opacity == 1 {
      let copied = out.pixels == Self.picture.pixels
      #expect(copied)
    }
  }

  @Test func groupOfACardMatchesTheCardOverAWholeFrameGroup() {
    // A card with a sublayer at 0.5 opacity is drawn through an offscreen group; the
    // group now only covers the card and its shadow, so nothing else may change.
    let root = F.root(120, 80)
    root.backgroundColor = F.paper
    let card = F.box(CGRect(x: 20, y: 15, width: 50, height: 40), F.blue)
    card.cornerRadius = 8
    card.shadowOpacity = 0.6
    card.shadowRadius = 6
    card.shadowOffset = CGSize(width: 3, height: 5)
    card.opacity = 0.5
    // Reaches past the card.
    card.addSublayer(F.box(CGRect(x: 10, y: 10, width: 45, height: 10), F.red))
    root.addSublayer(card)
    let out = F.render(root)
    // The shadow's blurred edge lies well outside the card's bounds and still shows.
    #expect(F.pixel(out, 73, 58) != F.pixel(out, 110, 75))
    // The sublayer reaching past the card's right edge is drawn (red over paper).
    #expect(F.pixel(out, 72, 30).r > F.pixel(out, 72, 30).b)
    let same = Self.renderOverGarbage(root).pixels == out.pixels
    #expect(same)
  }
}

/// A renderer that keeps per-layer caches (background coverage, shadow mask lookups,
/// damage records) between frames draws every frame exactly as a fresh renderer does,
/// while the layers change the fields those caches check.
@Suite struct CompositorFrameCacheTests {
  typealias F = RenderFixtures

  static func card(_ k: Int) -> CALayer {
    let l = CALayer()
    l.frame = CGRect(x: 10 + CGFloat(k) * 50, y: 14, width: 40, height: 26)
    l.backgroundColor = CGColor(red: 0.9, green: 0.9, blue: 0.95, alpha: 1)
    l.cornerRadius = 6
    l.shadowOpacity = 0.5
    l.shadowRadius = 6
    l.shadowOffset = CGSize(width: 0, height: 3)
    return l
  }

  /// Changes applied one per frame to the first card (the second stays as it was).
  static let changes: [(String, @Sendable (CALayer) -> Void)] = [
    ("none", { _ in }),
    ("moved a whole pixel", { $0.position.x += 1 }),
    ("moved a fraction", { $0.position.y += 0.375 }),
    ("resized", { $0.bounds.size.width += 3 }),
    ("corner radius", { $0.cornerRadius = 9 }),
    ("masked corners", { $0.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner] }),
    (
      "background colour",
      { $0.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1) }
    ),
    ("translucent", { $0.opacity = 0.6 }),
    ("shadow colour", { $0.shadowColor = CGColor(red: 0.6, green: 0, blue: 0, alpha: 1) }),
    ("shadow radius", { $0.shadowRadius = 3 }),
    (
      "shadow path",
      {
        $0.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)
      }
    ),
    ("scaled", { $0.transform = CATransform3DMakeScale(1.25, 1.25, 1) }),
    ("removed", { $0.removeFromSuperlayer() }),
  ]

  @Test func everyFrameMatchesAFreshRenderer() {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 120, height: 60)
    let first = Self.card(0)
    let second = Self.card(1)
    root.addSublayer(first)
    root.addSublayer(second)
    let ctx = CGContext(width: 120, height: 60)!
    let renderer = CARenderer(layer: root)
    var flip = false
    for (name, change) in Self.changes {
      // Three full frames of each state (a root property toggled each frame damages
      // everything, so the clip stays the same): filled, recorded, then replayed.
      for frame in 0..<3 {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if frame == 0 { change(first) }
        flip.toggle()
        root.zPosition = flip ? 1e-6 : 0
        CATransaction.commit()
        renderer.render(in: ctx, scale: 1)
        let kept = ctx.makeImage()!.pixels
        let fresh = CARenderer(layer: root).render(width: 120, height: 60, scale: 1).pixels
        let same = kept == fresh
        #expect(same, "after \(name), frame \(frame)")
      }
    }
  }
}
