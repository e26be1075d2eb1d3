import Foundation
import Testing

@testable import LayerKit

@Suite struct MediaTimingTests {
  typealias Row = (time: Double, applied: Bool, progress: Double, iteration: Int)

  static func check(
    _ timing: MediaTiming, _ rows: [Row], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for r in rows {
      let e = timing.evaluate(parentTime: r.time)
      #expect(e.isApplied == r.applied, "t = \(r.time)", sourceLocation: sourceLocation)
      if r.applied {
        #expect(
          abs(e.progress - r.progress) < 1e-9, "t = \(r.time): \(e.progress)",
          sourceLocation: sourceLocation)
        #expect(e.iteration == r.iteration, "t = \(r.time)", sourceLocation: sourceLocation)
      }
    }
  }

  @Test func onePassWithRemovedFill() {
    Self.check(
      MediaTiming(beginTime: 1, duration: 2),
      [
        (0.5, false, 0, 0), (1, true, 0, 0), (2, true, 0.5, 0), (2.999, true, 0.9995, 0),
        (3, false, 0, 0),
      ])
  }

  @Test(arguments: [
    (CAMediaTimingFillMode.removed, false, false),
    (.backwards, true, false),
    (.forwards, false, true),
    (.both, true, true),
  ])
  func fillModesDecideWhatShowsOutside(mode: CAMediaTimingFillMode, before: Bool, after: Bool) {
    let t = MediaTiming(beginTime: 1, duration: 2, fillMode: mode)
    Self.check(t, [(0, before, 0, 0), (5, after, 1, 0)])
    #expect(t.evaluate(parentTime: 0).phase == .before || !before)
  }

  @Test func fractionalRepeatCountEndsMidPass() {
    Self.check(
      MediaTiming(duration: 1, repeatCount: 2.5, fillMode: .forwards),
      [
        (0.25, true, 0.25, 0), (1.25, true, 0.25, 1), (2.25, true, 0.25, 2), (3, true, 0.5, 2),
      ])
  }

  @Test func wholeRepeatCountEndsAtOneNotZero() {
    Self.check(
      MediaTiming(duration: 1, repeatCount: 2, fillMode: .forwards),
      [
        (1, true, 0, 1), (2, true, 1, 1), (10, true, 1, 1),
      ])
  }

  @Test(arguments: [Double.infinity, Double(Float.greatestFiniteMagnitude)])
  func infiniteRepeatCountRunsForever(count: Double) {
    let t = MediaTiming(duration: 4, repeatCount: count)
    #expect(t.activeDuration == .infinity)
    Self.check(t, [(1e6 + 1, true, 0.25, 250_000)])
  }

  @Test func autoreverseMirrorsTheSecondHalf() {
    Self.check(
      MediaTiming(duration: 1, autoreverses: true, fillMode: .forwards),
      [
        (0.5, true, 0.5, 0), (1, true, 1, 0), (1.5, true, 0.5, 0), (1.75, true, 0.25, 0),
        (2, true, 0, 0),
        (3, true, 0, 0),
      ])
  }

  @Test func repeatDurationWinsOverRepeatCount() {
    let t = MediaTiming(duration: 1, repeatCount: 10, repeatDuration: 1.5)
    #expect(t.activeDuration == 1.5)
    Self.check(t, [(1.25, true, 0.25, 1), (1.5, false, 0, 0)])
  }

  @Test func speedScalesAndTimeOffsetShiftsThePhase() {
    Self.check(
      MediaTiming(duration: 2, speed: 2, timeOffset: 0.5),
      [
        (0, true, 0.25, 0), (0.5, true, 0.75, 0), (0.75, true, 0, 1), (1, false, 0, 0),
      ])
  }

  @Test func speedZeroFreezesAtTimeOffset() {
    Self.check(
      MediaTiming(duration: 2, speed: 0, timeOffset: 0.5),
      [
        (0, true, 0.25, 0), (100, true, 0.25, 0),
      ])
  }

  @Test func negativeSpeedRunsBackwardsFromTimeOffset() {
    Self.check(
      MediaTiming(duration: 2, speed: -1, timeOffset: 2, fillMode: .both),
      [
        (0, true, 1, 0), (0.5, true, 0.75, 0), (1.5, true, 0.25, 0), (3, true, 0, 0),
      ])
  }

  @Test func zeroDurationJumpsToTheEnd() {
    let t = MediaTiming(beginTime: 1, duration: 0, fillMode: .both)
    Self.check(t, [(0, true, 0, 0), (1, true, 1, 0), (2, true, 1, 0)])
  }

  @Test func badInputIsSanitised() {
    let t = MediaTiming(
      beginTime: .nan, duration: -3, speed: .infinity, timeOffset: .nan, repeatCount: -1)
    #expect(
      t.beginTime == 0 && t.duration == 0 && t.speed == 1 && t.timeOffset == 0 && t.repeatCount == 0
    )
    #expect(!MediaTiming(duration: 1).evaluate(parentTime: .nan).isApplied)
  }

  @Test(arguments: [(0.0, 1.0, 0.0), (2.0, 0.5, 1.0), (-1.0, 3.0, 4.0)])
  func parentAndLocalTimeAreInverse(begin: Double, speed: Double, offset: Double) {
    let t = MediaTiming(beginTime: begin, speed: speed, timeOffset: offset)
    for x in [-3.0, 0, 1.5, 10] {
      #expect(abs(t.parentTime(fromLocal: t.localTime(fromParent: x)) - x) < 1e-12)
    }
  }
}
