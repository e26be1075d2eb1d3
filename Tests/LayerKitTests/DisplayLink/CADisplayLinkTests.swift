import Foundation
import Testing

@testable import LayerKit

/// `CADisplayLink` under a `CAManualClock`: one callback per `advance(by:)`, after the
/// clock moved, with exact timestamps.
@Suite struct CADisplayLinkTests {
  /// A context with a root layer, committed at time `start`.
  static func context(start: CFTimeInterval = 0) -> CAContext {
    let context = CAContext(clock: CAManualClock(time: start))
    context.layer = CALayer()
    context.commit()
    return context
  }

  @Test func firesOncePerAdvanceWithTheClocksTime() {
    let context = Self.context(start: 10)
    var stamps: [(CFTimeInterval, CFTimeInterval, CFTimeInterval)] = []
    let link = CADisplayLink { link in
      stamps.append((link.timestamp, link.targetTimestamp, link.duration))
    }
    link.add(to: .current, forMode: .common)
    #expect(stamps.isEmpty)
    for _ in 0..<3 { context.advance(by: 1.0 / 60) }
    #expect(stamps.count == 3)
    for (i, s) in stamps.enumerated() {
      #expect(abs(s.0 - (10 + Double(i + 1) / 60)) < 1e-12)
      #expect(s.1 == s.0 + s.2)
      #expect(abs(s.2 - 1.0 / 60) < 1e-12)
    }
  }

  @Test func theCallbackSeesTheNewFramesPresentation() {
    let context = Self.context()
    let layer = CALayer()
    context.layer!.addSublayer(layer)
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 0
    fade.toValue = 1
    fade.duration = 1
    fade.timingFunction = CAMediaTimingFunction(name: .linear)
    layer.add(fade, forKey: "fade")
    var seen: [Float] = []
    let link = CADisplayLink { _ in seen.append(layer.presentation()?.opacity ?? -1) }
    link.add(to: .current, forMode: .default)
    context.advance(by: 0.25)
    context.advance(by: 0.25)
    #expect(seen.count == 2)
    #expect(abs(seen[0] - 0.25) < 1e-6 && abs(seen[1] - 0.5) < 1e-6)
  }

  @Test func anAppAnimationLoopIsDeterministic() {
    // The classic loop: move a layer by velocity × (targetTimestamp − timestamp).
    func run() -> [CGFloat] {
      let context = Self.context()
      let ball = CALayer()
      context.layer!.addSublayer(ball)
      var xs: [CGFloat] = []
      let link = CADisplayLink { link in
        CATransaction.setDisableActions(true)
        ball.position.x += 120 * CGFloat(link.targetTimestamp - link.timestamp)
        xs.append(ball.position.x)
      }
      link.add(to: .current, forMode: .common)
      for _ in 0..<30 { context.advance(by: 1.0 / 60) }
      link.invalidate()
      return xs
    }
    let a = run()
    let b = run()
    #expect(a == b)
    #expect(a.count == 30 && abs(a.last! - 60) < 1e-9)
  }

  @Test func neverFiresWhilePausedOrAfterInvalidate() {
    let context = Self.context()
    var count = 0
    let link = CADisplayLink { _ in count += 1 }
    link.add(to: .current, forMode: .common)
    context.advance(by: 0.1)
    link.isPaused = true
    context.advance(by: 0.1)
    context.advance(by: 0.1)
    #expect(count == 1)
    link.isPaused = false
    context.advance(by: 0.1)
    #expect(count == 2)
    #expect(abs(link.timestamp - 0.4) < 1e-12)
    link.invalidate()
    context.advance(by: 0.1)
    link.add(to: .current, forMode: .common)
    context.advance(by: 0.1)
    #expect(count == 2)
    #expect(context.displayLinks.isEmpty)
  }

  @Test func removingFromEveryModeDetaches() {
    let context = Self.context()
    var count = 0
    let link = CADisplayLink { _ in count += 1 }
    link.add(to: .current, forMode: .common)
    link.add(to: .current, forMode: .default)
    context.advance(by: 0.1)
    #expect(count == 1)  // one attachment, however many modes
    link.remove(from: .current, forMode: .common)
    context.advance(by: 0.1)
    #expect(count == 2)
    link.remove(from: .current, forMode: .default)
    context.advance(by: 0.1)
    #expect(count == 2)
  }

  @Test func aSlowerRateSkipsFrames() {
    let context = Self.context()
    var stamps: [CFTimeInterval] = []
    let link = CADisplayLink { stamps.append($0.timestamp) }
    link.preferredFrameRateRange = CAFrameRateRange(minimum: 15, maximum: 30, preferred: 30)
    #expect(abs(link.duration - 1.0 / 30) < 1e-12)
    link.add(to: .current, forMode: .common)
    for _ in 0..<6 { context.advance(by: 1.0 / 60) }
    #expect(stamps.count == 3)
    #expect(zip(stamps, [1.0 / 60, 3.0 / 60, 5.0 / 60]).allSatisfy { abs($0 - $1) < 1e-12 })
    #expect(link.targetTimestamp == link.timestamp + link.duration)
  }

  @Test func preferredFramesPerSecondSetsTheDurationAndBadRangesAreRefused() {
    CADiagnostics.drain()
    let link = CADisplayLink { _ in }
    #expect(abs(link.duration - 1.0 / 60) < 1e-12)
    link.preferredFramesPerSecond = 20
    #expect(abs(link.duration - 1.0 / 20) < 1e-12)
    link.preferredFramesPerSecond = 240  // never above the native rate
    #expect(abs(link.duration - 1.0 / 60) < 1e-12)
    link.preferredFramesPerSecond = -5
    #expect(abs(link.duration - 1.0 / 60) < 1e-12)
    link.preferredFrameRateRange = CAFrameRateRange(minimum: .nan, maximum: 30, preferred: 30)
    #expect(link.preferredFrameRateRange == .default)
    link.preferredFrameRateRange = CAFrameRateRange(minimum: 50, maximum: 20)
    #expect(link.preferredFrameRateRange == .default)
    #expect(CADiagnostics.drain().filter { $0.key == "preferredFrameRateRange" }.count == 2)
  }

  @Test func linksAddedOrRemovedByACallbackTakeEffectNextFrame() {
    let context = Self.context()
    var log: [String] = []
    var second: CADisplayLink?
    let first = CADisplayLink { _ in
      log.append("first")
      if second == nil {
        second = CADisplayLink { _ in log.append("second") }
        second!.add(to: .current, forMode: .common)
      }
    }
    first.add(to: .current, forMode: .common)
    context.advance(by: 0.1)
    context.advance(by: 0.1)
    #expect(log == ["first", "first", "second"])
    second?.invalidate()
    first.invalidate()
  }

  @Test func withoutACurrentContextNothingIsAttached() async {
    // A fresh thread has no current context.
    let attached = await Task.detached { () -> Bool in
      await withCheckedContinuation { done in
        Thread.detachNewThread {
          CADiagnostics.drain()
          let link = CADisplayLink { _ in }
          link.add(to: .current, forMode: .common)
          done.resume(returning: !CADiagnostics.drain().contains { $0.key == "CADisplayLink" })
        }
      }
    }.value
    #expect(attached == false)
  }
}
