import Foundation
import Testing

@testable import LayerKit

@Suite struct CAClockTests {
  @Test func manualClockMovesOnlyWhenTold() {
    let clock = CAManualClock(time: 5)
    #expect(clock.time == 5)
    clock.advance(by: 0.25)
    #expect(clock.time == 5.25)
    clock.advance(by: -1)
    #expect(clock.time == 4.25)
    CADiagnostics.drain()
    clock.advance(by: .nan)
    clock.advance(by: .infinity)
    #expect(clock.time == 4.25)
    #expect(CADiagnostics.drain().count == 2)
    #expect(CAManualClock(time: .nan).time == 0)
  }

  @Test func systemClockIsMonotonic() {
    let clock = CASystemClock()
    let a = clock.time
    let b = clock.time
    #expect(a > 0 && b >= a)
  }

  @Test func contextAdvanceMovesAManualClockAndCommitsFirst() {
    let clock = CAManualClock(time: 2)
    let context = CAContext(clock: clock)
    #expect(CAContext.current === context)
    let layer = CALayer()
    context.layer = layer
    let a = CABasicAnimation(keyPath: "opacity")
    a.fromValue = 0
    a.toValue = 1
    a.duration = 1
    layer.add(a, forKey: "o")
    context.advance(by: 0.5)
    #expect(clock.time == 2.5)
    #expect(CACurrentMediaTime() == 2.5)
    #expect(layer.animationStorage.entry(forKey: "o")?.timing.beginTime == 2)
    #expect(abs(layer.presentation()!.opacity - 0.5) < 1e-6)
  }

  @Test func contextWithASystemClockEvaluatesAtItsOwnTime() {
    let context = CAContext(clock: CASystemClock())
    let layer = CALayer()
    context.layer = layer
    let before = context.time
    context.advance(by: 100)  // a system clock cannot be moved: commits and evaluates now
    #expect(context.time - before < 50)
    #expect(layer.presentation() != nil)
  }

  @Test func makeCurrentSwitchesTheThreadsContext() {
    let a = CAContext(clock: CAManualClock(time: 1))
    let b = CAContext(clock: CAManualClock(time: 2))
    #expect(CAContext.current === b)
    a.makeCurrent()
    #expect(CACurrentMediaTime() == 1)
    _ = b
  }
}
