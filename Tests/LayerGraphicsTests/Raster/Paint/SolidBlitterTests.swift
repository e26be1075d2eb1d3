import Foundation
import Testing

@testable import LayerGraphics

/// The solid source-over blitter against the general `PaintBlitter`, and the constant
/// span kernel at every length (its last four pixels are blended ahead of the loop and
/// stored last): pixels must agree bit for bit (tolerance 0).
@Suite struct SolidBlitterTests {
  static let colors: [UInt32] = [0xFF20_4080, 0x9930_2010, 0x0302_0103, 0x0000_0000, 0x7F7F_7F7F]

  @Test(arguments: 0..<20)
  func constantSpanOfEveryLengthMatchesPerPixelSourceOver(count: Int) {
    var rng = SeededPixels(state: UInt64(count) &+ 7)
    for color in Self.colors {
      var dst = (0..<(count + 2)).map { _ in rng.pixel() }
      let expected = dst.enumerated().map { k, d in k < count ? PixelMath.srcOver(color, d) : d }
      dst.withUnsafeMutableBufferPointer {
        RowKernels.srcOverConstant(
          $0.baseAddress!, count: count, source: color, inverseAlpha: 255 - color >> 24)
      }
      #expect(dst == expected, "colour \(String(color, radix: 16))")
    }
  }

  @Test(arguments: colors)
  func spansAndMasksMatchThePaintBlitter(color: UInt32) {
    let width = 24
    let height = 6
    var rng = SeededPixels(state: UInt64(color) ^ 0x5EED)
    let start = (0..<(width * height)).map { _ in rng.pixel() }
    let general = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
    let solid = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
    let colorRow = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
    let coverageRow = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
    defer {
      for row in [general, solid, colorRow] { row.deallocate() }
      coverageRow.deallocate()
    }
    start.withUnsafeBufferPointer {
      general.initialize(from: $0.baseAddress!, count: width * height)
      solid.initialize(from: $0.baseAddress!, count: width * height)
    }
    var a = PaintBlitter(
      pixels: general, stride: width, paint: .solid(color), mode: .normal, clip: nil,
      colorRow: colorRow, coverageRow: coverageRow)
    var b = SolidBlitter(pixels: solid, stride: width, color: color)
    for y in 0..<height {
      // Mask runs of one to nine pixels, then a span to the row's end.
      let count = y + 1 + (y > 2 ? 3 : 0)
      var mask = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      mask[0] = 255
      if count > 1 { mask[1] = 0 }
      mask.withUnsafeBufferPointer {
        a.blitMask(y: y, x: 1, count: count, mask: $0.baseAddress!)
        b.blitMask(y: y, x: 1, count: count, mask: $0.baseAddress!)
      }
      let alpha = UInt8(y == 0 ? 255 : 40 * y)
      a.blitSpan(y: y, x0: 1 + count, x1: width, alpha: alpha)
      b.blitSpan(y: y, x0: 1 + count, x1: width, alpha: alpha)
    }
    #expect(
      Array(UnsafeBufferPointer(start: general, count: width * height))
        == Array(UnsafeBufferPointer(start: solid, count: width * height)))
  }
}
