import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// `CATransition`s drawn by the compositor: both states, clipped to the bounds for the
/// slides, dissolved for fade.
@Suite struct TransitionRenderTests {
  typealias F = RenderFixtures

  /// A 16 × 12 image of blue and yellow horizontal stripes, 3 pixels high (the
  /// incoming contents; the outgoing ones are `RenderFixtures.quadrants`).
  static let stripes: CGImage = {
    let w = 16
    let h = 12
    var px = [UInt8](repeating: 255, count: w * h * 4)
    for y in 0..<h {
      let c = (y / 3) % 2 == 0 ? F.blue : F.yellow
      for x in 0..<w {
        let i = (y * w + x) * 4
        px[i] = UInt8(c.red * 255 + 0.5)
        px[i + 1] = UInt8(c.green * 255 + 0.5)
        px[i + 2] = UInt8(c.blue * 255 + 0.5)
      }
    }
    return CGImage(width: w, height: h, premultipliedRGBA: px)!
  }()

  /// A committed 72 × 52 scene whose 48 × 32 layer at (12, 10) shows `quadrants`, then
  /// gets `stripes` through `transition` (started at time 0).
  static func transitionScene(_ transition: CATransition) -> (context: CAContext, layer: CALayer) {
    let context = CAContext(clock: CAManualClock())
    let root = F.root(72, 52)
    let layer = CALayer()
    layer.frame = CGRect(x: 12, y: 10, width: 48, height: 32)
    layer.contents = F.quadrants
    layer.magnificationFilter = .nearest
    root.addSublayer(layer)
    context.layer = root
    context.commit()
    context.advance(by: 0)
    layer.actions = ["contents": transition]
    layer.contents = stripes
    context.commit()
    return (context, layer)
  }

  static func linear(_ type: CATransitionType, _ subtype: CATransitionSubtype?) -> CATransition {
    let t = CATransition()
    t.type = type
    t.subtype = subtype
    t.duration = 1
    t.timingFunction = CAMediaTimingFunction(name: .linear)
    return t
  }

  /// One frame of `type`/`subtype` at progress `p`.
  static func frame(_ type: CATransitionType, _ subtype: CATransitionSubtype?, at p: Double)
    -> CGImage
  {
    let scene = transitionScene(linear(type, subtype))
    scene.context.advance(by: p)
    return CARenderer(context: scene.context).render(width: 72, height: 52, scale: 1)
  }

  /// Images laid out in a grid, rows top to bottom (all of one size).
  static func grid(_ rows: [[CGImage]]) -> CGImage {
    let cw = rows[0][0].width
    let ch = rows[0][0].height
    let w = cw * rows[0].count
    let h = ch * rows.count
    var px = [UInt8](repeating: 0, count: w * h * 4)
    for (r, row) in rows.enumerated() {
      for (c, image) in row.enumerated() {
        for y in 0..<ch {
          let dst = ((r * ch + y) * w + c * cw) * 4
          px[dst..<(dst + cw * 4)] = image.pixels[(y * cw * 4)..<((y + 1) * cw * 4)]
        }
      }
    }
    return CGImage(width: w, height: h, premultipliedRGBA: px)!
  }

  static let subtypes: [CATransitionSubtype] = [.fromRight, .fromLeft, .fromTop, .fromBottom]

  /// Rows: fromRight, fromLeft, fromTop, fromBottom; columns: p = 0.25, 0.5, 0.75.
  @Test(arguments: [
    (CATransitionType.fade, "transition-fade"), (.moveIn, "transition-move-in"),
    (.push, "transition-push"),
    (.reveal, "transition-reveal"),
  ])
  func everySubtypeAtThreeProgressesMatchesGolden(type: CATransitionType, name: String) {
    let rows = Self.subtypes.map { sub in [0.25, 0.5, 0.75].map { Self.frame(type, sub, at: $0) } }
    assertMatchesGolden(Self.grid(rows), named: name)
  }

  /// Push from the right at p = 0.5: the outgoing image's right half fills the left
  /// half of the bounds, the incoming image's left half the right half; nothing shows
  /// outside the bounds.
  @Test func pushFromRightSplitsTheBoundsAtHalfway() {
    let image = Self.frame(.push, .fromRight, at: 0.5)
    // Outgoing quadrants' right half: green at the top, yellow at the bottom.
    #expect(F.isColor(image, 20, 16, F.green))
    #expect(F.isColor(image, 20, 36, F.yellow))
    // Incoming stripes: blue at the top row band.
    #expect(F.isColor(image, 50, 12, F.blue))
    // Just outside the bounds, the background.
    #expect(F.isColor(image, 62, 16, F.paper))
    #expect(F.isColor(image, 8, 16, F.paper))
  }

  /// Reveal keeps the incoming state still under the outgoing one sliding away.
  @Test func revealUncoversTheIncomingStateInPlace() {
    let image = Self.frame(.reveal, .fromBottom, at: 0.5)
    // The outgoing image moved up by 16 points: its bottom (blue/yellow) half is at the
    // top of the bounds; the lower half shows the still stripes (rows 26…41 → bands).
    #expect(F.isColor(image, 20, 14, F.blue))
    #expect(F.isColor(image, 50, 14, F.yellow))
    #expect(F.isColor(image, 30, 40, F.yellow))  // stripe band 5 (y 40…41 → image row 11)
    #expect(F.isColor(image, 30, 5, F.paper))
  }

  /// A fade is a per-pixel mix of the two states, not one drawn over the other.
  @Test(arguments: [0.25, 0.5, 0.75])
  func fadeDissolvesBothStates(p: Double) {
    let image = Self.frame(.fade, nil, at: p)
    let out = F.pixel(image, 16, 14)
    let expectedOut = F.red
    let expectedIn = F.blue  // both opaque here
    let mix = { (o: CGFloat, i: CGFloat) in Int(((1 - p) * o + p * i) * 255 + 0.5) }
    #expect(
      abs(out.r - mix(expectedOut.red, expectedIn.red)) <= 2, "tolerance: two 8-bit roundings")
    #expect(abs(out.g - mix(expectedOut.green, expectedIn.green)) <= 2)
    #expect(abs(out.b - mix(expectedOut.blue, expectedIn.blue)) <= 2)
    #expect(out.a == 255)
  }

  /// Hiding a layer runs a fade: it keeps drawing, fading out, until the fade ends.
  @Test func hiddenLayerFadesOutBeforeDisappearing() {
    let context = CAContext(clock: CAManualClock())
    let root = F.root(40, 40)
    let layer = F.box(CGRect(x: 10, y: 10, width: 20, height: 20), F.red)
    root.addSublayer(layer)
    context.layer = root
    context.commit()
    context.advance(by: 0)
    let fade = Self.linear(.fade, nil)
    layer.actions = ["hidden": fade]
    layer.isHidden = true
    context.commit()
    let renderer = CARenderer(context: context)
    context.advance(by: 0.5)
    let half = F.pixel(renderer.render(width: 40, height: 40, scale: 1), 20, 20)
    let expected = Int((0.5 * F.red.red + 0.5 * F.paper.red) * 255 + 0.5)
    #expect(abs(half.r - expected) <= 2, "tolerance: two 8-bit roundings")
    context.advance(by: 0.6)
    #expect(F.isColor(renderer.render(width: 40, height: 40, scale: 1), 20, 20, F.paper))
  }

  /// Seed 004: `layer.actions = ["contents": push]` with `.fromRight`, frames through
  /// a context at t = 0, 0.25, 0.5, 0.75 and 1 (ease-in, 1 s), side by side.
  @Test func seedContentsPushFramesMatchGolden() {
    let push = CATransition()
    push.duration = 1
    push.timingFunction = CAMediaTimingFunction(name: .easeIn)
    push.type = .push
    push.subtype = .fromRight
    let scene = Self.transitionScene(push)
    let renderer = CARenderer(context: scene.context)
    var frames: [CGImage] = []
    for t in [0.0, 0.25, 0.5, 0.75, 1.0] {
      if t > 0 { scene.context.advance(by: 0.25) }
      frames.append(renderer.render(width: 72, height: 52, scale: 1))
    }
    // At the start only the outgoing quadrants show; at the end only the stripes.
    #expect(F.isColor(frames[0], 20, 14, F.red))
    #expect(F.isColor(frames[4], 20, 11, F.blue))
    #expect(F.isColor(frames[4], 20, 22, F.yellow))
    assertMatchesGolden(Self.grid([frames]), named: "seed-contents-push-from-right")
  }

  /// Damage: a running transition damages its layer every frame even though the
  /// layer's own state is unchanged.
  @Test func runningTransitionDamagesItsLayerEachFrame() throws {
    let scene = Self.transitionScene(Self.linear(.push, .fromLeft))
    let renderer = CARenderer(context: scene.context)
    let ctx = try #require(CGContext(width: 72, height: 52))
    renderer.render(in: ctx, scale: 1)
    scene.context.advance(by: 0.3)
    let rects = renderer.render(in: ctx, scale: 1)
    #expect(!rects.isEmpty)
    #expect(rects.contains { $0.contains(CGPoint(x: 30, y: 20)) })
  }
}
