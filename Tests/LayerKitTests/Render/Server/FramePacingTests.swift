import Foundation
import Testing

@testable import LayerKit

/// `FramePacing` on synthetic timelines whose answers are worked out by hand: a 60 Hz
/// display (T = 1/60 s), frame k expected at k·T.
@Suite struct FramePacingTests {
  static let period = 1.0 / 60

  /// Records frames 0..<count expected at k·T, each presented `late(k)` periods after.
  static func timeline(_ count: Int, late: (Int) -> Double = { _ in 0 }) -> FramePacing {
    var pacing = FramePacing(refreshPeriod: period)
    for k in 0..<count {
      let expected = Double(k) * period
      pacing.record(expectedPresentTime: expected, presentTime: expected + late(k) * period)
    }
    return pacing
  }

  @Test func aSteadySixtyHertzRunHasNoHitches() {
    let pacing = Self.timeline(60)
    #expect(pacing.frameCount == 60)
    #expect(pacing.hitchTime == 0)
    #expect(pacing.hitchTimeRatio == 0)
    // 60 frames of one period each cover one second.
    #expect(abs(pacing.duration - 1) < 1e-12)
  }

  @Test func oneFrameTwoPeriodsLateIsThirtyThreeMillisecondsOfHitchInOneSecond() {
    // Frame 30 shows at 32·T instead of 30·T: 2 periods = 33.33 ms of hitch in 1 s.
    let pacing = Self.timeline(60) { $0 == 30 ? 2 : 0 }
    #expect(abs(pacing.hitchTime - 2 * Self.period) < 1e-12)
    #expect(abs(pacing.duration - 1) < 1e-12)
    #expect(abs(pacing.hitchTimeRatio - 2000.0 / 60) < 1e-9)
  }

  @Test func theLastFrameBeingLateLengthensTheInterval() {
    // Frame 59 shows 3 periods late: the interval ends one period after 62·T.
    let pacing = Self.timeline(60) { $0 == 59 ? 3 : 0 }
    #expect(abs(pacing.duration - 63 * Self.period) < 1e-12)
    #expect(abs(pacing.hitchTimeRatio - 3000.0 / 63) < 1e-9)
  }

  @Test(arguments: [
    (0.49, 0.0),  // within half a period: on time, contributes nothing
    (0.3, 0.0),
    (0.51, 0.51),  // past it: the whole lateness counts
    (-1.0, 0.0),  // early frames are never hitches
  ])
  func lateFramesCountOnlyPastTheTolerance(late: Double, hitchPeriods: Double) {
    let pacing = Self.timeline(10) { $0 == 4 ? late : 0 }
    #expect(abs(pacing.hitchTime - hitchPeriods * Self.period) < 1e-12)
  }

  @Test func aBlockedAppThreadShowsAsItsWholeWait() {
    // The app thread blocks 500 ms after frame 29: frame 30, expected at 30·T, shows at
    // 30·T + 0.5 s − T (the vsync right after the block), and every frame after it is
    // predicted from that present and on time again.
    var pacing = FramePacing(refreshPeriod: Self.period)
    var lastPresent = 0.0
    for k in 0..<60 {
      let expected = k == 0 ? 0 : lastPresent + Self.period
      let present = k == 30 ? expected + 0.5 - Self.period : expected
      pacing.record(expectedPresentTime: expected, presentTime: present)
      lastPresent = present
    }
    let hitch = 0.5 - Self.period
    #expect(abs(pacing.hitchTime - hitch) < 1e-12)
    #expect(abs(pacing.duration - (1 + hitch)) < 1e-12)
    #expect(abs(pacing.hitchTimeRatio - hitch * 1000 / (1 + hitch)) < 1e-9)
  }

  @Test func latenciesOfOneTwoAndThreePeriodsHaveTheirNearestRankPercentiles() throws {
    var pacing = FramePacing(refreshPeriod: Self.period)
    // Frame k (presented at k·T) first shows an input that arrived k − (k mod 3 + 1)
    // periods earlier: latencies 1, 2, 3, 1, 2, 3, … periods.
    for k in 0..<30 {
      let present = Double(k) * Self.period
      let arrival = present - Double(k % 3 + 1) * Self.period
      pacing.record(expectedPresentTime: present, presentTime: present, inputArrivals: [arrival])
    }
    // 30 latencies, 10 of each: the 15th smallest is 2 periods, the 30th (⌈29.7⌉) is 3.
    let p50 = try #require(pacing.inputLatency(percentile: 50))
    let p99 = try #require(pacing.inputLatency(percentile: 99))
    #expect(abs(p50 - 2 * Self.period) < 1e-12)
    #expect(abs(p99 - 3 * Self.period) < 1e-12)
    #expect(abs(pacing.inputLatency(percentile: 0)! - Self.period) < 1e-12)
    let summary = pacing.summary
    #expect(abs(summary.latencyP50! - 2000.0 / 60) < 1e-9)
    #expect(abs(summary.latencyP99! - 3000.0 / 60) < 1e-9)
    #expect(abs(summary.latencyP50Periods! - 2) < 1e-9)
    #expect(abs(summary.latencyP99Periods! - 3) < 1e-9)
    #expect(summary.frameCount == 30)
  }

  @Test func threeLatenciesHaveTheMiddleAsMedianAndTheLargestAsP99() {
    var pacing = FramePacing(refreshPeriod: Self.period)
    pacing.record(
      expectedPresentTime: 1, presentTime: 1,
      inputArrivals: [1 - 3 * Self.period, 1 - Self.period, 1 - 2 * Self.period])
    #expect(abs(pacing.inputLatency(percentile: 50)! - 2 * Self.period) < 1e-12)
    #expect(abs(pacing.inputLatency(percentile: 99)! - 3 * Self.period) < 1e-12)
  }

  @Test func withoutInputsThereAreNoLatencies() {
    let pacing = Self.timeline(5)
    #expect(pacing.inputLatency(percentile: 50) == nil)
    #expect(pacing.summary.latencyP99 == nil)
    #expect(FramePacing().hitchTimeRatio == 0)
    #expect(FramePacing().duration == 0)
  }

  @Test func theRingKeepsOnlyTheLastCapacityFramesAndLatencies() {
    var pacing = FramePacing(refreshPeriod: Self.period, capacity: 4)
    for k in 0..<10 {
      let t = Double(k) * Self.period
      // Frame 2 is a whole second late; it leaves the window by frame 6.
      let present = k == 2 ? t + 1 : t
      pacing.record(
        expectedPresentTime: t, presentTime: present,
        inputArrivals: [present - Double(k) * 0.001])
    }
    #expect(pacing.frameCount == 4)
    #expect(pacing.frames.map(\.expectedPresentTime) == (6..<10).map { Double($0) * Self.period })
    #expect(pacing.hitchTime == 0)
    #expect(pacing.inputLatencies.count == 4)
    for (latency, k) in zip(pacing.inputLatencies, 6..<10) {
      #expect(abs(latency - Double(k) * 0.001) < 1e-12)
    }
  }

  @Test func badSamplesAreIgnoredAndCounted() {
    var pacing = FramePacing(refreshPeriod: .nan, capacity: 0, lateTolerance: -.infinity)
    #expect(pacing.refreshPeriod == 1.0 / 60)
    #expect(pacing.capacity == 1)
    #expect(pacing.lateTolerance == 0)
    pacing.record(expectedPresentTime: .nan, presentTime: 1, inputArrivals: [0.5])
    pacing.record(expectedPresentTime: 0, presentTime: .infinity)
    // An input that arrives after the frame cannot be shown by it.
    pacing.record(expectedPresentTime: 1, presentTime: 1, inputArrivals: [2, .nan, 0.9])
    #expect(pacing.ignoredSampleCount == 5)
    #expect(pacing.frameCount == 1)
    #expect(pacing.inputLatencies.count == 1)
    #expect(abs(pacing.inputLatencies[0] - 0.1) < 1e-12)
    #expect(pacing.inputLatency(percentile: .nan) == nil)
    pacing.reset()
    #expect(pacing.frameCount == 0 && pacing.inputLatencies.isEmpty)
    #expect(pacing.ignoredSampleCount == 0)
  }
}
