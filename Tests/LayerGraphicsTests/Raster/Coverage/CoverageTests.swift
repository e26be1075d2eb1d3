import Foundation
import LayerGraphics
import Testing

@Suite struct CoverageTests {
  @Test func halfCoveredPixelHasHalfAlpha() {
    let img = render(4, 4, background: nil) { ctx in
      ctx.fill(CGRect(x: 1, y: 1, width: 0.5, height: 1))
    }
    #expect(abs(Int(img.pixel(x: 1, y: 1).a) - 128) <= 1)
    #expect(img.pixel(x: 2, y: 1).a == 0)
  }

  @Test func diagonalEdgeCoversHalfOfEachPixelItCrosses() {
    // The triangle (0,0)-(4,0)-(0,4) cuts pixels on the diagonal exactly in half.
    let img = render(4, 4, background: nil) { ctx in
      ctx.move(to: .zero)
      ctx.addLine(to: CGPoint(x: 4, y: 0))
      ctx.addLine(to: CGPoint(x: 0, y: 4))
      ctx.fillPath()
    }
    for k in 0..<4 { #expect(abs(Int(img.pixel(x: 3 - k, y: k).a) - 128) <= 1) }
    #expect(img.pixel(x: 0, y: 0).a == 255)
    #expect(img.pixel(x: 3, y: 3).a == 0)
  }

  @Test func unitSquareOnWholePixelsFillsExactlyOnePixel() {
    let img = render(8, 8, background: nil) { ctx in
      ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
      ctx.fill(CGRect(x: 3, y: 5, width: 1, height: 1))
    }
    for y in 0..<8 {
      for x in 0..<8 {
        let p = img.pixel(x: x, y: y)
        if x == 3 && y == 5 {
          #expect(p == (255, 0, 0, 255))
        } else {
          #expect(p.a == 0)
        }
      }
    }
  }

  /// The chords of a flattened circle lie inside it, so its area falls short by up to
  /// `⅔ · tol · 2πr`, a fraction `(4/3)·tol/r` of `πr²`, where `tol` is the fill tolerance
  /// of its quarter arcs (`r`/64, at most 1/4 px): 2.1 % at `r` = 10, 1.9 % at 17.3 and
  /// 0.8 % at 40.
  @Test(arguments: [
    (radius: 10.0, tolerance: 0.021), (radius: 17.3, tolerance: 0.019),
    (radius: 40.0, tolerance: 0.008),
  ])
  func circleAreaMatchesPiRSquared(radius: Double, tolerance: Double) {
    let img = render(100, 100, background: nil) { ctx in
      ctx.fillEllipse(
        in: CGRect(x: 50.3 - radius, y: 49.7 - radius, width: 2 * radius, height: 2 * radius))
    }
    let expected = Double.pi * radius * radius
    #expect(abs(coveredArea(img) - expected) / expected < tolerance)
  }

  @Test(arguments: [(angle: 0.3, tolerance: 0.005), (angle: 1.1, tolerance: 0.005)])
  func rotatedRectangleAreaIsPreserved(angle: Double, tolerance: Double) {
    let img = render(100, 100, background: nil) { ctx in
      ctx.translateBy(x: 50, y: 50)
      ctx.rotate(by: angle)
      ctx.fill(CGRect(x: -30.25, y: -12.5, width: 60.5, height: 25))
    }
    let expected = 60.5 * 25
    #expect(abs(coveredArea(img) - expected) / expected < tolerance)
  }

  @Test func evenOddRingHasTheAreaBetweenItsCircles() {
    let img = render(100, 100, background: nil) { ctx in
      ctx.addEllipse(in: CGRect(x: 10, y: 10, width: 80, height: 80))
      ctx.addEllipse(in: CGRect(x: 30, y: 30, width: 40, height: 40))
      ctx.fillPath(using: .evenOdd)
    }
    let expected = Double.pi * (40 * 40 - 20 * 20)
    #expect(abs(coveredArea(img) - expected) / expected < 0.005)
  }

  @Test func hugeShapeOnlyTouchesVisibleRows() {
    let img = render(32, 32, background: nil) { ctx in
      ctx.fill(CGRect(x: -50_000, y: -50_000, width: 100_000, height: 100_000))
      ctx.fillEllipse(in: CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7))
    }
    #expect(coveredArea(img) == 32 * 32)
  }

  @Test func nonFiniteGeometryIsDropped() {
    let img = render(16, 16, background: nil) { ctx in
      ctx.move(to: CGPoint(x: 1, y: 1))
      ctx.addLine(to: CGPoint(x: CGFloat.nan, y: 4))
      ctx.addLine(to: CGPoint(x: CGFloat.infinity, y: 9))
      ctx.addLine(to: CGPoint(x: 1, y: 9))
      ctx.fillPath()
      ctx.fill(CGRect(x: CGFloat.nan, y: 0, width: 4, height: 4))
      ctx.fillEllipse(in: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 3))
    }
    #expect(coveredArea(img) == 0)
  }

  @Test func evenOddAndWindingDifferOnlyWhereWindingIsTwo() {
    func draw(_ rule: CGPathFillRule) -> CGImage {
      render(20, 20, background: nil) { ctx in
        ctx.addRect(CGRect(x: 2, y: 2, width: 10, height: 10))
        ctx.addRect(CGRect(x: 6, y: 6, width: 10, height: 10))
        ctx.fillPath(using: rule)
      }
    }
    #expect(coveredArea(draw(.winding)) == 100 + 100 - 36)
    #expect(coveredArea(draw(.evenOdd)) == 100 + 100 - 72)
  }

  @Test func antialiasingOffGivesOnlyOpaqueOrEmptyPixels() {
    let img = render(40, 40, background: nil) { ctx in
      ctx.setShouldAntialias(false)
      ctx.fillEllipse(in: CGRect(x: 3.3, y: 4.1, width: 30, height: 27))
    }
    #expect(
      img.pixels.enumerated().allSatisfy {
        $0.offset % 4 != 3 || $0.element == 0 || $0.element == 255
      })
    #expect(abs(coveredArea(img) - Double.pi * 15 * 13.5) / (Double.pi * 15 * 13.5) < 0.03)
  }
}

@Suite struct ContextCreationTests {
  @Test(arguments: [(0, 10), (10, 0), (-1, 5), (1 << 16, 1), (20_000, 20_000), (Int.max, Int.max)])
  func absurdSizesFail(width: Int, height: Int) {
    #expect(CGContext(width: width, height: height) == nil)
  }

  @Test func onlyPremultipliedRGBA8IsAccepted() {
    let rgb = CGColorSpaceCreateDeviceRGB()
    #expect(
      CGContext(
        data: nil, width: 4, height: 4, bitsPerComponent: 16, bytesPerRow: 0, space: rgb,
        bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
    #expect(
      CGContext(
        data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue) == nil)
    #expect(
      CGContext(
        data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 8, space: rgb,
        bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
    let ok = CGContext(
      data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 32,
      space: CGColorSpace(name: CGColorSpace.sRGB),
      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
    #expect(ok?.bytesPerRow == 32)
  }

  @Test func drawsIntoCallerMemoryWithPaddedRows() {
    var bytes = [UInt8](repeating: 0, count: 3 * 24)
    bytes.withUnsafeMutableBytes { raw in
      let ctx = CGContext(
        data: raw.baseAddress, width: 4, height: 3, bitsPerComponent: 8, bytesPerRow: 24,
        space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
      ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
      ctx.fill(CGRect(x: 0, y: 1, width: 4, height: 1))
    }
    #expect(Array(bytes[24..<28]) == [0, 0, 255, 255])
    #expect(Array(bytes[40..<48]) == [0, 0, 0, 0, 0, 0, 0, 0])
    #expect(bytes[0..<24].allSatisfy { $0 == 0 })
  }
}
