import Foundation
import Testing

@testable import LayerKit

/// Apple's display-link members that ported code reaches for: `frameInterval`,
/// `CAFrameRateRange.isEqual(to:)` and its validity rule, the run-loop spellings.
@Suite struct CADisplayLinkPortingTests {
  @Test func frameIntervalFiresEveryNthFrame() {
    let context = CADisplayLinkTests.context()
    var stamps: [CFTimeInterval] = []
    let link = CADisplayLink { stamps.append($0.timestamp) }
    link.frameInterval = 2
    #expect(abs(link.duration - 2.0 / 60) < 1e-12)
    link.add(to: RunLoop.main, forMode: RunLoop.Mode.default)
    for _ in 0..<6 { context.advance(by: 1.0 / 60) }
    #expect(stamps.count == 3)
    link.frameInterval = 0  // counts as 1
    #expect(abs(link.duration - 1.0 / 60) < 1e-12)
    link.remove(from: RunLoop.main, forMode: RunLoop.Mode.default)
    context.advance(by: 1.0 / 60)
    #expect(stamps.count == 3)
  }

  @Test func frameRateRangesCompareAsApplesDo() {
    let a = CAFrameRateRange(minimum: 10, maximum: 60, preferred: 30)
    #expect(a.isEqual(to: CAFrameRateRange(minimum: 10, maximum: 60, preferred: 30)))
    #expect(!a.isEqual(to: CAFrameRateRange(minimum: 10, maximum: 60)))
    #expect(CAFrameRateRange.default.isEqual(to: .default))
  }

  @Test func aPreferredRateOutsideItsRangeIsRefused() {
    CADiagnostics.drain()
    let link = CADisplayLink { _ in }
    link.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 30, preferred: 50)
    #expect(link.preferredFrameRateRange == .default)
    link.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 30, preferred: 20)
    #expect(abs(link.duration - 1.0 / 20) < 1e-12)
    #expect(CADiagnostics.drain().contains { $0.key == "preferredFrameRateRange" })
  }
}
