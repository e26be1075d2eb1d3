import LayerKit
import Testing

@testable import LayerKitUIKitCompat

@Suite struct UIViewPropertyAnimatorTests {
  /// A linear 1 s animator moving the view's centre from (50, 50) to (250, 50).
  func linearMove(_ stage: UIKitAnimationStage) -> UIViewPropertyAnimator {
    UIViewPropertyAnimator(duration: 1, curve: .linear) {
      stage.view.center = CGPoint(x: 250, y: 50)
    }
  }

  @Test func itRunsToTheEndAndCompletesAtEnd() {
    let stage = UIKitAnimationStage()
    let animator = linearMove(stage)
    var positions: [UIViewAnimatingPosition] = []
    animator.addCompletion { positions.append($0) }
    #expect(animator.state == .inactive)
    animator.startAnimation()
    #expect(animator.state == .active && animator.isRunning)
    stage.step(0.5)
    #expect(abs(stage.position.x - 150) < 1e-6)
    #expect(abs(animator.fractionComplete - 0.5) < 1e-9)
    stage.step(0.5)
    #expect(positions == [.end])
    #expect(animator.state == .inactive && !animator.isRunning)
    #expect(stage.view.center.x == 250)
    #expect(stage.view.layer.animationKeys() == nil)
  }

  @Test func pausingUsesSpeedZeroAndHoldsTheFraction() throws {
    let stage = UIKitAnimationStage()
    let animator = linearMove(stage)
    animator.startAnimation()
    stage.step(0.3)
    animator.pauseAnimation()
    #expect(!animator.isRunning && animator.state == .active)
    let paused = try #require(stage.view.layer.animation(forKey: "position"))
    #expect(paused.speed == 0 && abs(paused.timeOffset - 0.3) < 1e-9)
    stage.step(2)
    #expect(abs(stage.position.x - 110) < 1e-6)
    #expect(abs(animator.fractionComplete - 0.3) < 1e-9)
    animator.startAnimation()
    stage.step(0.35)
    #expect(abs(stage.position.x - 180) < 1e-6)
  }

  @Test(arguments: [true, false])
  func scrubbingFollowsFractionCompleteLinearlyOrOnTheCurve(linearly: Bool) {
    let stage = UIKitAnimationStage()
    let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) {
      stage.view.center = CGPoint(x: 250, y: 50)
    }
    animator.scrubsLinearly = linearly
    animator.pauseAnimation()
    animator.fractionComplete = 0.25
    stage.step(0)
    let p = linearly ? 0.25 : easeInOut(0.25)
    #expect(abs(stage.position.x - (50 + 200 * p)) < 1e-4)
    #expect(abs(animator.fractionComplete - 0.25) < 1e-9)
  }

  @Test func reversingRunsBackAlongTheCurveAndEndsAtTheStart() {
    let stage = UIKitAnimationStage()
    let animator = linearMove(stage)
    var positions: [UIViewAnimatingPosition] = []
    animator.addCompletion { positions.append($0) }
    animator.startAnimation()
    stage.step(0.5)
    animator.isReversed = true
    stage.step(0.25)
    #expect(abs(stage.position.x - 100) < 1e-6)
    #expect(abs(animator.fractionComplete - 0.25) < 1e-9)
    stage.step(0.3)
    #expect(positions == [.start])
    // UIKit leaves the model at the start values when the animator ends at .start.
    #expect(stage.view.center.x == 50)
    #expect(abs(stage.position.x - 50) < 1e-6)
  }

  @Test(arguments: [(UIViewAnimatingPosition.start, 50.0), (.current, 130.0), (.end, 250.0)])
  func stopAndFinishLeaveTheModelWhereAsked(position: UIViewAnimatingPosition, x: Double) {
    let stage = UIKitAnimationStage()
    let animator = linearMove(stage)
    var positions: [UIViewAnimatingPosition] = []
    animator.addCompletion { positions.append($0) }
    animator.startAnimation()
    stage.step(0.4)
    animator.stopAnimation(false)
    #expect(animator.state == .stopped && abs(stage.view.center.x - 130) < 1e-6)
    animator.finishAnimation(at: position)
    #expect(positions == [position] && animator.state == .inactive)
    #expect(abs(stage.view.center.x - x) < 1e-6)
    stage.step(0.1)
    #expect(abs(stage.position.x - x) < 1e-6)
  }

  @Test func stoppingWithoutFinishingRunsNoCompletion() {
    let stage = UIKitAnimationStage()
    let animator = linearMove(stage)
    var calls = 0
    animator.addCompletion { _ in calls += 1 }
    animator.startAnimation()
    stage.step(0.5)
    animator.stopAnimation(true)
    stage.step(1)
    #expect(calls == 0 && animator.state == .inactive)
    #expect(abs(stage.view.center.x - 150) < 1e-6)
  }

  @Test func pausesOnCompletionStaysActiveAtTheEnd() {
    let stage = UIKitAnimationStage()
    let animator = linearMove(stage)
    animator.pausesOnCompletion = true
    var calls = 0
    animator.addCompletion { _ in calls += 1 }
    animator.startAnimation()
    stage.step(1.2)
    #expect(calls == 0 && animator.state == .active && !animator.isRunning)
    #expect(animator.fractionComplete == 1)
    animator.isReversed = true
    animator.startAnimation()
    stage.step(0.5)
    #expect(abs(stage.position.x - 150) < 1e-6)
  }

  @Test func aDelayFactorStartsLaterAndEndsWithTheOthers() {
    let stage = UIKitAnimationStage()
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
    animator.addAnimations({ stage.view.alpha = 0 }, delayFactor: 0.5)
    animator.startAnimation()
    stage.step(0.25)
    #expect(abs(stage.opacity - 1) < 1e-6)
    stage.step(0.5)
    #expect(abs(stage.opacity - 0.5) < 1e-6)
  }

  @Test func startAfterDelayWaits() {
    let stage = UIKitAnimationStage()
    let animator = linearMove(stage)
    animator.startAnimation(afterDelay: 0.5)
    stage.step(0.4)
    #expect(abs(stage.position.x - 50) < 1e-6)
    stage.step(0.6)
    #expect(abs(stage.position.x - 150) < 1e-6)
  }

  @Test func continuingWithASpringFinishesFromWhereTheViewIs() {
    let stage = UIKitAnimationStage()
    let animator = linearMove(stage)
    var positions: [UIViewAnimatingPosition] = []
    animator.addCompletion { positions.append($0) }
    animator.pauseAnimation()
    animator.fractionComplete = 0.6
    stage.step(0)
    #expect(abs(stage.position.x - 170) < 1e-6)
    animator.continueAnimation(
      withTimingParameters: UISpringTimingParameters(dampingRatio: 0.8), durationFactor: 1)
    stage.step(0)
    #expect(abs(stage.position.x - 170) < 1e-6)
    #expect(stage.view.layer.animation(forKey: "position") is CASpringAnimation)
    stage.step(0.2)
    #expect(stage.position.x > 170)
    stage.step(0.25)
    #expect(positions == [.end])
    #expect(stage.view.center.x == 250)
  }

  @Test func aDurationFactorScalesTheRemainingTime() {
    let stage = UIKitAnimationStage()
    let animator = linearMove(stage)
    animator.pauseAnimation()
    animator.fractionComplete = 0.5
    animator.scrubsLinearly = true
    var positions: [UIViewAnimatingPosition] = []
    animator.addCompletion { positions.append($0) }
    // Linear scrub, then its own timing again: a new leg over 0.5 s × 2.
    animator.continueAnimation(withTimingParameters: nil, durationFactor: 2)
    stage.step(0.9)
    #expect(positions.isEmpty)
    stage.step(0.2)
    #expect(positions == [.end])
  }

  @Test func aMassStiffnessSpringLastsItsSettlingTime() {
    let parameters = UISpringTimingParameters(
      mass: 1, stiffness: 100, damping: 10, initialVelocity: .zero)
    let animator = UIViewPropertyAnimator(duration: 0.3, timingParameters: parameters)
    #expect(abs(animator.length - 1.4727) < 1e-3)
    #expect(animator.duration == 0.3)
  }

  @Test func runningPropertyAnimatorStartsAtOnce() {
    let stage = UIKitAnimationStage()
    var positions: [UIViewAnimatingPosition] = []
    let animator = UIViewPropertyAnimator.runningPropertyAnimator(
      withDuration: 0.5, delay: 0, options: .curveLinear,
      animations: { stage.view.alpha = 0 }, completion: { positions.append($0) })
    #expect(animator.isRunning)
    stage.step(0.25)
    #expect(abs(stage.opacity - 0.5) < 1e-6)
    stage.step(0.25)
    #expect(positions == [.end])
  }

  @Test func aNonInterruptibleAnimatorCannotBePaused() {
    let stage = UIKitAnimationStage()
    let animator = linearMove(stage)
    animator.isInterruptible = false
    animator.startAnimation()
    animator.pauseAnimation()
    #expect(animator.isRunning)
    animator.isInterruptible = true
    #expect(!animator.isInterruptible)
  }
}
