import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// Masked and matted layers are drawn, masked and composited only where both the content
/// and (unless the mask is inverted) the mask draw, into kept offscreens cleared only
/// there. On random trees (several shapes, strokes, mask opacity, all four mask modes,
/// nested masks, masks that miss the content) the pixels are those of drawing, masking and
/// compositing every group over the whole clip (`drawsGroupsWhole`); and they stay the
/// same when the offscreens come from a pool left full of another scene's pixels.
@Suite struct MaskedExtentRandomTests {
  /// A small deterministic generator (SplitMix64), so every run draws the same trees.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static let size = 96

  static func color(_ g: inout Generator, opaque: Bool = false) -> CGColor {
    CGColor(
      red: .random(in: 0...1, using: &g), green: .random(in: 0...1, using: &g),
      blue: .random(in: 0...1, using: &g), alpha: opaque ? 1 : .random(in: 0.3...1, using: &g))
  }

  /// A shape layer filling or stroking a random rectangle or ellipse somewhere in `area`.
  static func shape(_ g: inout Generator, in area: CGFloat) -> CAShapeLayer {
    let s = CAShapeLayer()
    let w = CGFloat.random(in: 4...area / 1.5, using: &g)
    let h = CGFloat.random(in: 4...area / 1.5, using: &g)
    let r = CGRect(
      x: .random(in: -10...area - w / 2, using: &g), y: .random(in: -10...area - h / 2, using: &g),
      width: w, height: h)
    s.path =
      Bool.random(using: &g)
      ? CGPath(ellipseIn: r, transform: nil) : CGPath(rect: r, transform: nil)
    // Opaque about half the time, as mask shapes mostly are (one of them alone is a plain
    // shape mask).
    let opaque = Bool.random(using: &g)
    if Int.random(in: 0..<3, using: &g) == 0 {
      s.fillColor = nil
      s.strokeColor = color(&g, opaque: opaque)
      s.lineWidth = .random(in: 1...6, using: &g)
    } else {
      s.fillColor = color(&g, opaque: opaque)
    }
    if Int.random(in: 0..<4, using: &g) == 0 {
      s.setAffineTransform(CGAffineTransform(rotationAngle: .random(in: -0.6...0.6, using: &g)))
    }
    if !opaque && Int.random(in: 0..<3, using: &g) == 0 {
      s.opacity = .random(in: 0.3...0.9, using: &g)
    }
    return s
  }

  /// A layer holding one to three random shapes.
  static func shapes(_ g: inout Generator, in area: CGFloat) -> CALayer {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: area, height: area)
    // One shape half the time (with an opaque paint, a plain shape mask).
    let count = Bool.random(using: &g) ? 1 : Int.random(in: 2...3, using: &g)
    for _ in 0..<count { layer.addSublayer(shape(&g, in: area)) }
    return layer
  }

  /// A root holding a few masked layers drawn from `seed`.
  static func scene(seed: UInt64) -> CALayer {
    var g = Generator(state: seed)
    let root = CALayer()
    root.anchorPoint = .zero
    root.bounds = CGRect(x: 0, y: 0, width: size, height: size)
    root.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 1)
    let modes: [LayerMaskMode] = [.alpha, .inverseAlpha, .luminance, .inverseLuminance]
    for _ in 0..<Int.random(in: 1...3, using: &g) {
      let area = CGFloat.random(in: 30...80, using: &g)
      let layer = CALayer()
      layer.frame = CGRect(
        x: .random(in: -10...CGFloat(size) - 20, using: &g),
        y: .random(in: -10...CGFloat(size) - 20, using: &g), width: area, height: area)
      if Int.random(in: 0..<3, using: &g) == 0 { layer.opacity = .random(in: 0.4...0.9, using: &g) }
      layer.addSublayer(shapes(&g, in: area))
      let mask = shapes(&g, in: area)
      switch Int.random(in: 0..<6, using: &g) {
      case 0:
        // A mask far from the content: it draws nothing where the content is.
        mask.frame.origin = CGPoint(x: 400, y: 400)
      case 1:
        // A nested mask: the mask's own shapes masked by another shape.
        let inner = shapes(&g, in: area)
        mask.mask = inner
      default: break
      }
      layer.mask = mask
      layer.maskMode = modes.randomElement(using: &g)!
      root.addSublayer(layer)
    }
    return root
  }

  /// `root` rendered by `renderer` (or a new one, drawing groups over the whole clip when
  /// `whole`) at `scale`.
  static func render(
    _ root: CALayer, scale: CGFloat, with renderer: CARenderer? = nil, whole: Bool = false
  ) -> CGImage {
    let r: CARenderer
    if let renderer, let context = renderer.context {
      r = renderer
      context.layer = root
      context.commit()
    } else {
      let context = CAContext(clock: CAManualClock())
      context.layer = root
      context.commit()
      r = CARenderer(context: context)
      r.compositor.drawsGroupsWhole = whole
    }
    let n = Int(CGFloat(size) * scale)
    return r.render(width: n, height: n, scale: scale)
  }

  /// An opaque scene of full-size masked layers, whose offscreens leave the pool's
  /// bitmaps full of non-transparent pixels.
  static func garbage() -> CALayer {
    var g = Generator(state: 99)
    let root = CALayer()
    root.anchorPoint = .zero
    root.bounds = CGRect(x: 0, y: 0, width: size, height: size)
    for _ in 0..<3 {
      let layer = CALayer()
      layer.frame = root.bounds
      layer.backgroundColor = color(&g, opaque: true)
      let mask = CATransformLayer()
      mask.frame = root.bounds
      let fill = CALayer()
      fill.frame = root.bounds
      fill.backgroundColor = color(&g, opaque: true)
      mask.addSublayer(fill)
      layer.mask = mask
      layer.opacity = 0.7
      root.addSublayer(layer)
    }
    return root
  }

  /// How many bytes of `a` and `b` differ.
  static func differing(_ a: CGImage, _ b: CGImage) -> Int {
    zip(a.pixels, b.pixels).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
  }

  /// The largest difference of one byte of `a` from the same byte of `b`.
  static func largestDifference(_ a: CGImage, _ b: CGImage) -> Int {
    zip(a.pixels, b.pixels).reduce(0) { Swift.max($0, abs(Int($1.0) - Int($1.1))) }
  }

  @Test(arguments: [1.0, 1.5])
  func randomMaskedTreesDrawTheWholeClipsPixels(scale: Double) {
    var paintedThroughShapes = 0
    defer { #expect(paintedThroughShapes > 0, "some masks were one plain shape") }
    for seed in UInt64(1)...40 {
      let expected = Self.render(Self.scene(seed: seed), scale: scale, whole: true)
      let fresh = Self.render(Self.scene(seed: seed), scale: scale)
      #expect(Self.differing(fresh, expected) == 0, "seed \(seed)")
      // Offscreens from a pool that holds another scene's pixels.
      let context = CAContext(clock: CAManualClock())
      let renderer = CARenderer(context: context)
      _ = Self.render(Self.garbage(), scale: scale, with: renderer)
      #expect(renderer.compositor.surfaces.count > 0)
      let pooled = Self.render(Self.scene(seed: seed), scale: scale, with: renderer)
      #expect(Self.differing(pooled, expected) == 0, "seed \(seed), pooled")
      paintedThroughShapes += renderer.compositor.maskedPaints
    }
  }

  /// Layers clipping random shapes to their bounds at fractional places and sizes, some
  /// rotated, some with rounded corners.
  static func clipped(seed: UInt64) -> CALayer {
    var g = Generator(state: seed)
    let root = CALayer()
    root.anchorPoint = .zero
    root.bounds = CGRect(x: 0, y: 0, width: size, height: size)
    for _ in 0..<Int.random(in: 1...3, using: &g) {
      let layer = CALayer()
      layer.frame = CGRect(
        x: .random(in: -5...60, using: &g), y: .random(in: -5...60, using: &g),
        width: .random(in: 10...70, using: &g), height: .random(in: 10...70, using: &g))
      layer.masksToBounds = true
      switch Int.random(in: 0..<4, using: &g) {
      case 0: layer.setAffineTransform(CGAffineTransform(rotationAngle: 0.3))
      case 1: layer.cornerRadius = 6
      default: break
      }
      layer.addSublayer(shapes(&g, in: 70))
      root.addSublayer(layer)
    }
    return root
  }

  /// Against the whole clip drawn through an offscreen: the same bytes, except where a clip
  /// whose contents stay inside its wholly covered pixels draws them straight into the
  /// target, which rounds overlapping contents differently by a level.
  @Test(arguments: [1.0, 1.5, 0.625])
  func boundsClipsMultiplyOnlyTheRingTheirEdgesCross(scale: Double) {
    for seed in UInt64(1)...30 {
      let expected = Self.render(Self.clipped(seed: seed), scale: scale, whole: true)
      let context = CAContext(clock: CAManualClock())
      let renderer = CARenderer(context: context)
      _ = Self.render(Self.garbage(), scale: scale, with: renderer)
      let pooled = Self.render(Self.clipped(seed: seed), scale: scale, with: renderer)
      #expect(Self.largestDifference(pooled, expected) <= 1, "seed \(seed)")
      #expect(Self.differing(pooled, expected) <= 8, "seed \(seed)")
    }
  }

  /// A clip at a fractional place whose contents (overlapping translucent shapes) stay
  /// well inside it draws exactly what the same contents draw unclipped, with no
  /// offscreen.
  @Test(arguments: [1.0, 1.5, 0.625])
  func aClipWhoseContentsStayInsideDrawsThemStraightIntoTheTarget(scale: Double) {
    func scene(clips: Bool) -> CALayer {
      let root = CALayer()
      root.anchorPoint = .zero
      root.bounds = CGRect(x: 0, y: 0, width: Self.size, height: Self.size)
      let layer = CALayer()
      layer.frame = CGRect(x: 3.3, y: 4.7, width: 80.2, height: 70.9)
      layer.masksToBounds = clips
      for (k, color) in [
        (0, CGColor(red: 1, green: 0.2, blue: 0.1, alpha: 0.6)),
        (1, CGColor(red: 0.1, green: 0.3, blue: 1, alpha: 0.55)),
      ] {
        let s = CAShapeLayer()
        s.path = CGPath(
          ellipseIn: CGRect(x: 10 + 18 * CGFloat(k), y: 12 + 9 * CGFloat(k), width: 36, height: 30),
          transform: nil)
        s.fillColor = color
        layer.addSublayer(s)
      }
      root.addSublayer(layer)
      return root
    }
    let unclipped = Self.render(scene(clips: false), scale: scale)
    let context = CAContext(clock: CAManualClock())
    let renderer = CARenderer(context: context)
    let clipped = Self.render(scene(clips: true), scale: scale, with: renderer)
    #expect(Self.differing(clipped, unclipped) == 0)
    #expect(renderer.compositor.surfaces.count == 0, "no offscreen was taken")
  }

  @Test func aRectangleAlongPixelRowsCoversThePixelsWhollyInside() {
    var st = LayerState()
    st.bounds = CGRect(x: 0, y: 0, width: 10, height: 4)
    let map = CGAffineTransform(a: 1.5, b: 0, c: 0, d: 2, tx: 0.25, ty: 3)
    // Device x 0.25…15.25, y 3…11.
    #expect(
      LayerCompositor.fullyCovered(RoundedBoundsShape(st), map: map)
        == PixelRect(x0: 1, y0: 3, x1: 15, y1: 11))
    #expect(LayerCompositor.fullyCovered(RoundedBoundsShape(st), map: map.rotated(by: 0.1)).isEmpty)
    st.cornerRadius = 2
    #expect(LayerCompositor.fullyCovered(RoundedBoundsShape(st), map: map).isEmpty)
  }

  @Test func anInvertedPlainShapeMaskIsCutOutOfTheGroupWithoutAMaskOffscreen() {
    let root = CALayer()
    root.anchorPoint = .zero
    root.bounds = CGRect(x: 0, y: 0, width: 96, height: 96)
    let layer = CALayer()
    layer.frame = root.bounds
    for (i, c) in [
      CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 0.6),
    ]
    .enumerated() {
      let s = CAShapeLayer()
      s.path = CGPath(
        rect: CGRect(x: 10 + 20 * i, y: 10 + 20 * i, width: 50, height: 50), transform: nil)
      s.fillColor = c
      layer.addSublayer(s)
    }
    let mask = CAShapeLayer()
    mask.path = CGPath(ellipseIn: CGRect(x: 20.3, y: 25.7, width: 45, height: 33), transform: nil)
    mask.fillColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    layer.mask = mask
    layer.maskMode = .inverseAlpha
    layer.opacity = 0.8
    root.addSublayer(layer)
    let expected = Self.render(root, scale: 1.5, whole: true)
    let context = CAContext(clock: CAManualClock())
    context.layer = root
    context.commit()
    let renderer = CARenderer(context: context)
    let image = renderer.render(width: 144, height: 144, scale: 1.5)
    #expect(Self.differing(image, expected) == 0)
    #expect(renderer.compositor.maskedPaints == 1)
    #expect(renderer.compositor.surfaces.count == 1, "the group only")
    #expect(RenderFixtures.pixel(image, 64, 64).a == 0, "inside the ellipse")
    #expect(RenderFixtures.pixel(image, 20, 20).a > 150, "outside it")
  }

  @Test func aMaskThatMissesTheContentDrawsNothingAndTakesNoOffscreen() {
    let root = CALayer()
    root.anchorPoint = .zero
    root.bounds = CGRect(x: 0, y: 0, width: 96, height: 96)
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 96, height: 96)
    let content = CAShapeLayer()
    content.path = CGPath(rect: CGRect(x: 4, y: 4, width: 30, height: 30), transform: nil)
    content.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    layer.addSublayer(content)
    // Two shapes (not one plain shape), both right of the content.
    let mask = CALayer()
    mask.frame = layer.bounds
    for y in [10.0, 50] {
      let s = CAShapeLayer()
      s.path = CGPath(rect: CGRect(x: 60, y: y, width: 20, height: 20), transform: nil)
      s.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
      mask.addSublayer(s)
    }
    layer.mask = mask
    root.addSublayer(layer)
    let context = CAContext(clock: CAManualClock())
    context.layer = root
    context.commit()
    let renderer = CARenderer(context: context)
    let image = renderer.render(width: 96, height: 96, scale: 1)
    #expect(image.pixels.allSatisfy { $0 == 0 })
    #expect(renderer.compositor.surfaces.count == 0, "no offscreen was made")
    // Inverted, the content shows whole.
    layer.maskMode = .inverseAlpha
    context.commit()
    let inverted = renderer.render(width: 96, height: 96, scale: 1)
    #expect(RenderFixtures.pixel(inverted, 20, 20) == (255, 0, 0, 255))
    #expect(RenderFixtures.pixel(inverted, 70, 20).a == 0)
  }
}
