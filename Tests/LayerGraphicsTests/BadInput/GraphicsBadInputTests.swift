import Foundation
import Testing

@testable import LayerGraphics

/// Bad input to Core Graphics calls, by class. Each case that once trapped (an unchecked
/// conversion to `Int`, an overflowing size check) or asked for unbounded memory runs in
/// its own process and checks its answer with `precondition`s there.
@Suite struct GraphicsBadInputTests {
  // MARK: Non-finite

  @Test func croppingToANaNRectangleGivesNil() async {
    await #expect(processExitsWith: .success) {
      let image = CGImage(
        width: 4, height: 4, premultipliedRGBA: [UInt8](repeating: 255, count: 64))!
      precondition(image.cropping(to: CGRect(x: CGFloat.nan, y: 0, width: 2, height: 2)) == nil)
      precondition(image.cropping(to: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 2)) == nil)
      let all = image.cropping(to: CGRect(x: -1e300, y: 0, width: CGFloat.infinity, height: 2))
      precondition(all?.width == 4 && all?.height == 2)
    }
  }

  @Test func croppingKeepsWholePixelsOfAFiniteRectangle() throws {
    let px = (0..<16).flatMap { k -> [UInt8] in [UInt8(k), 0, 0, 255] }
    let image = try #require(CGImage(width: 4, height: 4, premultipliedRGBA: px))
    let part = try #require(image.cropping(to: CGRect(x: 1.5, y: 2.2, width: 1, height: 1.5)))
    #expect(part.width == 2 && part.height == 2)
    #expect(part.pixel(x: 0, y: 0).r == 9)  // (1, 2): rounded out to whole pixels
    #expect(image.cropping(to: CGRect(x: 10, y: 10, width: 2, height: 2)) == nil)
  }

  // MARK: Huge

  @Test func aShadowWithBlurOrOffsetOf1e300Draws() async {
    await #expect(processExitsWith: .success) {
      let ctx = CGContext(width: 32, height: 32)!
      ctx.setShadow(
        offset: CGSize(width: 1e300, height: 1e300), blur: 4, color: CGColor(gray: 0, alpha: 1))
      ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
      ctx.fill(CGRect(x: 8, y: 8, width: 16, height: 16))
      ctx.setShadow(offset: .zero, blur: 1e300, color: CGColor(gray: 0, alpha: 1))
      ctx.fill(CGRect(x: 8, y: 8, width: 16, height: 16))
      let image = ctx.makeImage()!
      precondition(image.pixel(x: 16, y: 16) == (0, 0, 255, 255))
    }
  }

  @Test func aRowStrideNearIntMaxIsRefused() async {
    await #expect(processExitsWith: .success) {
      let memory = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
      let ctx = CGContext(
        data: memory, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: Int.max - 3,
        space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
      precondition(ctx == nil)
      memory.deallocate()
    }
  }

  @Test func anArcOf1e300RadiansEndsWhereItShould() async {
    await #expect(processExitsWith: .success) {
      let p = CGMutablePath()
      p.move(to: CGPoint(x: 10, y: 0))
      p.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: 1e300)
      precondition(p.boundingBoxOfPath.width <= 20.0001 && p.boundingBoxOfPath.width > 0)
    }
  }

  // MARK: Tiny

  @Test func flatteningAtAThresholdOf1e300IsBounded() async {
    await #expect(processExitsWith: .success) {
      let p = CGMutablePath()
      p.move(to: .zero)
      p.addCurve(
        to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 30, y: 80), control2: CGPoint(x: 70, y: -80)
      )
      let flat = p.flattened(threshold: 1e-300)
      var points = 0
      flat.applyWithBlock { _ in points += 1 }
      precondition(points > 2 && points <= PathFlattener.maximumPieces + 1)
    }
  }

  @Test func aDashPatternOf1e9DrawsSolidInsteadOfBillionsOfDashes() async {
    await #expect(processExitsWith: .success) {
      let ctx = CGContext(width: 64, height: 16)!
      ctx.setStrokeColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
      ctx.setLineWidth(4)
      ctx.setLineDash(phase: 0, lengths: [1e-9, 1e-9])
      ctx.move(to: CGPoint(x: -1e9, y: 8))
      ctx.addLine(to: CGPoint(x: 1e9, y: 8))
      ctx.strokePath()
      let image = ctx.makeImage()!
      precondition(image.pixel(x: 32, y: 8).a == 255)
    }
  }

  @Test func dashesOutsideTheVisibleRectAreSkippedButKeepTheirPhase() {
    // Dashing only the visible part gives the same dashes there as dashing everything.
    let path = CGMutablePath()
    path.move(to: CGPoint(x: -1000, y: 0))
    path.addLine(to: CGPoint(x: 50, y: 0))
    let line = path.storage
    let all = PathDasher.dash(line, phase: 1, lengths: [3, 2], tolerance: 0.1)!
    let shown = PathDasher.dash(
      line, phase: 1, lengths: [3, 2], tolerance: 0.1,
      visible: CGRect(x: -10, y: -5, width: 70, height: 10))!
    func dashes(_ p: PathStorage) -> [ClosedRange<CGFloat>] {
      p.subpaths.compactMap { s -> ClosedRange<CGFloat>? in
        let xs = [s.start.x] + s.segments.map(\.end.x)
        let r = xs.min()!...xs.max()!
        return r.upperBound > -5 && r.lowerBound < 50 ? r : nil
      }
    }
    let a = dashes(all)
    let b = dashes(shown)
    #expect(a.count == b.count && a.count > 5)
    for (x, y) in zip(a, b) {
      #expect(abs(x.upperBound - y.upperBound) < 1e-9)
      if x.lowerBound > -5 { #expect(abs(x.lowerBound - y.lowerBound) < 1e-9) }
    }
  }

  /// Found by `Scripts/fuzz FuzzSVGPath` (slow units on a loaded machine): paths
  /// millions of units long (an arc whose radii are scaled up, a line to y = 10⁶) dashed
  /// with no visible rectangle. They stay within the dash budget.
  @Test(arguments: ["M0 0a10503 50.44 0 004.176 04658", "M10 92M.5.5.0 10E5 5 0 0 1 1 0"])
  func dashingPathsMillionsOfUnitsLongStaysWithinTheDashBudget(_ data: String) throws {
    let path = try CGPath(svgPath: data)
    let dashed = path.copy(dashingWithPhase: 1, lengths: [3, 2])
    #expect(dashed.storage.subpaths.count <= PathDasher.maximumDashCount)
  }

  // MARK: Empty

  @Test func emptyAndZeroInputsGiveEmptyAnswers() {
    let empty = CGMutablePath()
    #expect(empty.union(empty).isEmpty)
    #expect(empty.flattened(threshold: 0.5).isEmpty)
    let square = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
    #expect(square.intersection(empty).isEmpty)
    #expect(PathDasher.dash(square.storage, phase: 0, lengths: [0, 0], tolerance: 0.1) == nil)
    #expect(PathDasher.dash(square.storage, phase: 0, lengths: [], tolerance: 0.1) == nil)
    #expect(CGContext(width: 0, height: 4) == nil)
  }
}
