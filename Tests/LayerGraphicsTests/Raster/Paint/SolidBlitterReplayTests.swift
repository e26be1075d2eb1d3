import Foundation
import Testing

@testable import LayerGraphics

/// `SolidBlitter.replay`, which blends a recorded row's calls over a block of rows call by
/// call with the colour arithmetic set up once, against the same calls made row by row
/// through `blitSpan` and `blitMask` (the protocol's default): pixels must agree bit for
/// bit (tolerance 0) over a varying background.
@Suite struct SolidBlitterReplayTests {
  /// Mask runs of every short length and a long one, spans of every kind of coverage and
  /// of lengths below and above one vector, with gaps between them.
  static let calls: [(x0: Int, x1: Int, alpha: UInt8)] = [
    (0, 1, 0), (1, 4, 7), (4, 6, 0), (7, 9, 0), (9, 12, 255), (12, 15, 0), (16, 21, 0),
    (21, 35, 128),
    (35, 36, 0), (37, 39, 255), (40, 49, 1),
  ]

  @Test(arguments: SolidBlitterTests.colors)
  func blockReplayMatchesRowByRowCalls(color: UInt32) {
    let width = 52
    let height = 9
    var rng = SeededPixels(state: UInt64(color) ^ 0xB10C)
    let start = (0..<(width * height)).map { _ in rng.pixel() }
    let rows = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
    let block = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
    let calls = UnsafeMutablePointer<RecordedRow.Call>.allocate(
      capacity: RecordedRow.maxCalls(stride: width + 2))
    let coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
    defer {
      rows.deallocate()
      block.deallocate()
      calls.deallocate()
      coverage.deallocate()
    }
    for x in 0..<width { coverage[x] = x % 5 == 0 ? 255 : UInt8(truncatingIfNeeded: rng.next()) }
    start.withUnsafeBufferPointer {
      rows.initialize(from: $0.baseAddress!, count: width * height)
      block.initialize(from: $0.baseAddress!, count: width * height)
    }
    // Coverage bytes start at device x = 3, as a clip box's left side would put them.
    var recorded = RecordedRow(calls: calls, coverage: coverage, coverageX: 3)
    for c in Self.calls {
      if c.alpha == 0 {
        recorded.blitMask(y: 0, x: 3 + c.x0, count: c.x1 - c.x0, mask: coverage + c.x0)
      } else {
        recorded.blitSpan(y: 0, x0: 3 + c.x0, x1: 3 + c.x1, alpha: c.alpha)
      }
    }
    var a = SolidBlitter(pixels: rows, stride: width, color: color)
    var b = SolidBlitter(pixels: block, stride: width, color: color)
    // Rows 2…7; rows 0, 1 and 8 must stay as they were.
    for y in 2..<8 { recorded.replay(y: y, into: &a) }
    b.replay(recorded, rows: 2..<8)
    let expected = Array(UnsafeBufferPointer(start: rows, count: width * height))
    #expect(expected != start || color >> 24 == 0, "the calls change the pixels")
    #expect(Array(UnsafeBufferPointer(start: block, count: width * height)) == expected)
  }

  @Test func emptyBlockLeavesThePixelsAlone() {
    let width = 8
    let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
    let calls = UnsafeMutablePointer<RecordedRow.Call>.allocate(capacity: 4)
    let coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
    defer {
      pixels.deallocate()
      calls.deallocate()
      coverage.deallocate()
    }
    pixels.initialize(repeating: 0x8040_2010, count: width)
    coverage.initialize(repeating: 200, count: width)
    var recorded = RecordedRow(calls: calls, coverage: coverage, coverageX: 0)
    recorded.blitSpan(y: 0, x0: 0, x1: 8, alpha: 255)
    var b = SolidBlitter(pixels: pixels, stride: width, color: 0xFF00_00FF)
    b.replay(recorded, rows: 0..<0)
    #expect(
      Array(UnsafeBufferPointer(start: pixels, count: width))
        == Array(repeating: 0x8040_2010, count: width))
  }
}
