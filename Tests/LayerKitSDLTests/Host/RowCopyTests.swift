import CSDL2
import Foundation
import LayerKit
import Testing

@testable import LayerKitSDL

/// The host's upload copy: a large box is copied in bands of rows on the machine's cores
/// (`ParallelRows`), every row exactly once, and a small box in one run.
@Suite struct RowCopyTests {
  @Test func aLargeBoxIsSplitAndEveryRowArrives() {
    let width = 1024
    let height = 600
    let x = 3
    let y = 5
    let w = 1000
    let h = 590
    // Split as every pixel kernel splits its rows.
    let bands = ParallelRows.bandCount(pixels: w * h, rows: h)
    #expect(bands == min(ParallelRows.maximumBands, ProcessInfo.processInfo.activeProcessorCount))
    #expect(ParallelRows.bandCount(pixels: 100 * 100, rows: 100) == 1)
    let source = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
    let target = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
    defer {
      source.deallocate()
      target.deallocate()
    }
    for i in 0..<(width * height) { source[i] = UInt32(truncatingIfNeeded: i &* 2_654_435_761) }
    target.initialize(repeating: 0, count: w * h)
    let copy = RowCopy(
      source: UnsafeRawPointer(source + y * width + x), sourcePitch: width * 4,
      target: UnsafeMutableRawPointer(target), targetPitch: w * 4, width: w, height: h,
      format: SDL_PIXELFORMAT_RGBA32.rawValue)
    copy.run()
    var wrong = 0
    for row in 0..<h {
      for col in 0..<w where target[row * w + col] != source[(y + row) * width + x + col] {
        wrong += 1
      }
    }
    #expect(wrong == 0)
    #expect(copy.outcome.failure == nil)
  }
}
