import Foundation
import LayerGraphics
import Testing

/// Drawing a frame as horizontal bands (one context per band over the same memory, as
/// two threads do) gives exactly the pixels of drawing it whole, although each band
/// skips the shapes that cannot reach it.
@Suite struct BandRenderingTests {
  static let width = 64, height = 64

  /// Sharp miter joins (limit 10), square caps and fills that end just above, just below
  /// and across the band boundary at `split`.
  static func draw(_ ctx: CGContext) {
    ctx.setFillColor(CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7))
    ctx.fillEllipse(in: CGRect(x: 4, y: 10, width: 30, height: 21.6))
    ctx.fill(CGRect(x: 36, y: 32.4, width: 20, height: 20))
    ctx.setStrokeColor(CGColor(red: 0.9, green: 0.1, blue: 0.2, alpha: 0.8))
    ctx.setLineWidth(4)
    ctx.setLineJoin(.miter)
    ctx.setMiterLimit(10)
    ctx.move(to: CGPoint(x: 10, y: 20))
    ctx.addLine(to: CGPoint(x: 20, y: 27))
    ctx.addLine(to: CGPoint(x: 30, y: 20))
    ctx.strokePath()
    ctx.setLineCap(.square)
    ctx.move(to: CGPoint(x: 40, y: 45))
    ctx.addLine(to: CGPoint(x: 60, y: 34))
    ctx.strokePath()
    ctx.rotate(by: 0.3)
    ctx.stroke(CGRect(x: 20, y: 30, width: 12, height: 6), width: 3)
  }

  @Test(arguments: [32, 31, 20, 45])
  func bandsMatchTheWholeFrame(split: Int) throws {
    let whole = try #require(CGContext(width: Self.width, height: Self.height))
    Self.draw(whole)
    let bytes = UnsafeMutableRawPointer.allocate(
      byteCount: Self.width * Self.height * 4, alignment: 16)
    defer { bytes.deallocate() }
    bytes.initializeMemory(as: UInt8.self, repeating: 0, count: Self.width * Self.height * 4)
    for (top, rows) in [(0, split), (split, Self.height - split)] {
      let band = try #require(
        CGContext(
          data: bytes + top * Self.width * 4, width: Self.width, height: rows, bitsPerComponent: 8,
          bytesPerRow: Self.width * 4, space: CGColorSpaceCreateDeviceRGB(),
          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
      band.translateBy(x: 0, y: CGFloat(-top))
      Self.draw(band)
    }
    let expected = try #require(whole.data)
    #expect(memcmp(expected, bytes, Self.width * Self.height * 4) == 0)
  }
}
