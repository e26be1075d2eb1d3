import Foundation
import LayerGraphics
import LayerKitTestSupport
import Testing

/// Clips, images, gradients, shadows and blend modes, against golden PNGs.
@Suite struct PaintGoldenTests {
  /// A 16×16 test image: four coloured quadrants and a translucent diagonal.
  static let checker: CGImage = {
    var px = [UInt8](repeating: 0, count: 16 * 16 * 4)
    for y in 0..<16 {
      for x in 0..<16 {
        let i = (y * 16 + x) * 4
        let q = (x < 8 ? 0 : 1) + (y < 8 ? 0 : 2)
        let c: [UInt8] = [
          [230, 40, 40, 255], [40, 180, 60, 255], [40, 80, 220, 255], [240, 200, 40, 255],
        ][q]
        if x == y {
          px.replaceSubrange(i..<(i + 4), with: [0, 0, 0, 128])
        } else {
          px.replaceSubrange(i..<(i + 4), with: c)
        }
      }
    }
    return CGImage(width: 16, height: 16, premultipliedRGBA: px)!
  }()

  static let rainbow = CGGradient(
    colorsSpace: CGColorSpaceCreateDeviceRGB(),
    colors: [
      CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 0, alpha: 1),
      CGColor(red: 0, green: 0.6, blue: 1, alpha: 1),
    ],
    locations: [0, 0.4, 1])!

  @Test func clipToPathRectsAndEvenOdd() {
    let img = render(96, 64) { ctx in
      ctx.saveGState()
      ctx.addEllipse(in: CGRect(x: 4, y: 4, width: 56, height: 56))
      ctx.clip()
      ctx.clip(to: [
        CGRect(x: 0, y: 0, width: 96, height: 20.5), CGRect(x: 0, y: 30, width: 96, height: 40),
      ])
      ctx.setFillColor(CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1))
      ctx.fill(CGRect(x: 0, y: 0, width: 96, height: 64))
      ctx.restoreGState()
      ctx.saveGState()
      ctx.addRect(CGRect(x: 64, y: 8, width: 28, height: 48))
      ctx.addRect(CGRect(x: 70, y: 20, width: 16, height: 24))
      ctx.clip(using: .evenOdd)
      ctx.setFillColor(CGColor(red: 0.9, green: 0.4, blue: 0.1, alpha: 1))
      ctx.fillEllipse(in: CGRect(x: 60, y: 4, width: 36, height: 56))
      ctx.restoreGState()
    }
    assertMatchesGolden(img, named: "clip-shapes")
    #expect(img.pixel(x: 32, y: 25) == (255, 255, 255, 255))  // between the clip rects
    #expect(img.pixel(x: 78, y: 32) == (255, 255, 255, 255))  // the even-odd hole
  }

  @Test func clipBoundingBoxFollowsTheClip() {
    let ctx = CGContext(width: 100, height: 80)!
    #expect(ctx.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 100, height: 80))
    ctx.clip(to: CGRect(x: 10, y: 20, width: 30, height: 40))
    ctx.translateBy(x: 10, y: 0)
    #expect(ctx.boundingBoxOfClipPath == CGRect(x: 0, y: 20, width: 30, height: 40))
    ctx.addEllipse(in: CGRect(x: 5, y: 30, width: 10, height: 10))
    ctx.clip()
    let box = ctx.boundingBoxOfClipPath
    #expect(box.minX >= 4 && box.maxX <= 16 && box.minY >= 29 && box.maxY <= 41)
  }

  @Test func imagesScaledRotatedAndNearest() {
    let img = render(128, 64) { ctx in
      ctx.draw(Self.checker, in: CGRect(x: 4, y: 4, width: 16, height: 16))
      ctx.draw(Self.checker, in: CGRect(x: 24, y: 4, width: 40, height: 24))
      ctx.interpolationQuality = .none
      ctx.draw(Self.checker, in: CGRect(x: 4, y: 30, width: 30, height: 30))
      ctx.interpolationQuality = .default
      ctx.saveGState()
      ctx.translateBy(x: 96, y: 32)
      ctx.rotate(by: .pi / 6)
      ctx.setAlpha(0.8)
      ctx.draw(Self.checker, in: CGRect(x: -20, y: -20, width: 40, height: 40))
      ctx.restoreGState()
    }
    assertMatchesGolden(img, named: "image-transforms")
    // Upright: the image's top-left (red) quadrant is at the rectangle's top-left.
    #expect(img.pixel(x: 6, y: 5) == (230, 40, 40, 255))
  }

  @Test func imageAtWholePixelsIsCopiedExactly() {
    let img = render(20, 20, background: nil) { ctx in
      ctx.draw(Self.checker, in: CGRect(x: 2, y: 3, width: 16, height: 16))
    }
    for y in 0..<16 {
      for x in 0..<16 {
        let a = img.pixel(x: x + 2, y: y + 3)
        let b = Self.checker.pixel(x: x, y: y)
        #expect(a == b)
      }
    }
  }

  @Test(arguments: [
    (extended: false, name: "gradient-linear-plain"),
    (extended: true, name: "gradient-linear-extended"),
  ])
  func linearGradients(extended: Bool, name: String) {
    let options: CGGradientDrawingOptions =
      extended ? [.drawsBeforeStartLocation, .drawsAfterEndLocation] : []
    let img = render(96, 48) { ctx in
      ctx.drawLinearGradient(
        Self.rainbow, start: CGPoint(x: 20, y: 10), end: CGPoint(x: 76, y: 38),
        options: options)
    }
    assertMatchesGolden(img, named: name)
  }

  @Test func radialGradientsClippedToAShape() {
    let img = render(96, 64) { ctx in
      ctx.drawRadialGradient(
        Self.rainbow, startCenter: CGPoint(x: 24, y: 32), startRadius: 0,
        endCenter: CGPoint(x: 24, y: 32), endRadius: 22, options: [])
      ctx.saveGState()
      ctx.addEllipse(in: CGRect(x: 50, y: 6, width: 42, height: 52))
      ctx.clip()
      ctx.drawRadialGradient(
        Self.rainbow, startCenter: CGPoint(x: 62, y: 20), startRadius: 4,
        endCenter: CGPoint(x: 72, y: 32), endRadius: 30, options: [.drawsAfterEndLocation])
      ctx.restoreGState()
    }
    assertMatchesGolden(img, named: "gradient-radial")
  }

  @Test func shadowsAreBlurredOffsetAndUnaffectedByTheCTM() {
    let img = render(96, 64) { ctx in
      ctx.setShadow(
        offset: CGSize(width: 4, height: 5), blur: 6,
        color: CGColor(red: 0, green: 0, blue: 0, alpha: 0.6))
      ctx.setFillColor(CGColor(red: 0.95, green: 0.6, blue: 0.1, alpha: 1))
      ctx.fill(CGRect(x: 8, y: 8, width: 30, height: 30))
      ctx.scaleBy(x: -1, y: 1)  // a flipped CTM must not flip the shadow offset
      ctx.translateBy(x: -96, y: 0)
      ctx.setShadow(offset: CGSize(width: 4, height: 5), blur: 2)
      ctx.setStrokeColor(CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1))
      ctx.setLineWidth(4)
      ctx.strokeEllipse(in: CGRect(x: 10, y: 10, width: 30, height: 36))
    }
    assertMatchesGolden(img, named: "shadows")
    // Right of and below the square, inside the shadow: darker than the background.
    #expect(img.pixel(x: 40, y: 40).r < 220)
    // Left of and above it: no shadow.
    #expect(img.pixel(x: 6, y: 6) == (255, 255, 255, 255))
  }

  @Test func blendModesOverATranslucentBackdrop() {
    let modes: [CGBlendMode] = [
      .normal, .clear, .copy, .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn,
      .destinationOut, .destinationAtop, .xor, .plusLighter, .multiply, .screen, .plusDarker,
    ]
    let img = render(5 * 24, 3 * 24, background: nil) { ctx in
      for (k, mode) in modes.enumerated() {
        let x = CGFloat(k % 5) * 24
        let y = CGFloat(k / 5) * 24
        ctx.setBlendMode(.normal)
        ctx.setFillColor(CGColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 0.8))
        ctx.fill(CGRect(x: x + 2, y: y + 2, width: 14, height: 14))
        ctx.setBlendMode(mode)
        ctx.setFillColor(CGColor(red: 0.95, green: 0.3, blue: 0.1, alpha: 0.7))
        ctx.fillEllipse(in: CGRect(x: x + 7, y: y + 7, width: 15, height: 15))
      }
    }
    assertMatchesGolden(img, named: "blend-modes")
  }

  @Test(arguments: [
    (mode: CGBlendMode.copy, expected: (r: 153, g: 0, b: 0, a: 153)),
    (mode: .sourceIn, expected: (r: 77, g: 0, b: 0, a: 77)),
    (mode: .destinationOut, expected: (r: 0, g: 0, b: 51, a: 51)),
    (mode: .xor, expected: (r: 77, g: 0, b: 51, a: 128)),
    (mode: .plusLighter, expected: (r: 153, g: 0, b: 128, a: 255)),
  ])
  func blendModeFormulas(mode: CGBlendMode, expected: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
    // Destination: blue at alpha 0.5; source: red at alpha 0.6.
    let img = render(4, 4, background: CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)) { ctx in
      ctx.setBlendMode(mode)
      ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 0.6))
      ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
    }
    let p = img.pixel(x: 1, y: 1)
    for (got, want) in [(p.r, expected.r), (p.g, expected.g), (p.b, expected.b), (p.a, expected.a)]
    {
      #expect(abs(Int(got) - Int(want)) <= 1, "\(mode): \(p) vs \(expected)")
    }
  }
}
