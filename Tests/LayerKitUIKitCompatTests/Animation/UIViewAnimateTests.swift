import LayerKit
import Testing

@testable import LayerKitUIKitCompat

@Suite struct UIViewAnimateTests {
  @Test func outsideABlockAViewsLayerDoesNotAnimate() {
    let stage = UIKitAnimationStage()
    stage.view.alpha = 0.5
    stage.view.layer.cornerRadius = 8
    #expect(stage.view.layer.animationKeys() == nil)
    stage.step(0.1)
    #expect(abs(stage.opacity - 0.5) < 1e-6)
  }

  @Test(arguments: [(0.25, easeInOut(0.25)), (0.5, 0.5), (0.75, easeInOut(0.75)), (1.0, 1.0)])
  func aBlockEasesInAndOutByDefault(time: Double, progress: Double) {
    let stage = UIKitAnimationStage()
    UIView.animate(withDuration: 1) { stage.view.alpha = 0 }
    #expect(stage.view.alpha == 0)
    let animation = stage.view.layer.animation(forKey: "opacity") as? CABasicAnimation
    #expect(animation?.duration == 1)
    stage.step(time)
    let expected = time >= 1 ? 0 : 1 - progress
    #expect(abs(stage.opacity - expected) < 1e-5)
  }

  @Test func aDelayHoldsTheStartValueThenRunsTheCurve() {
    let stage = UIKitAnimationStage()
    UIView.animate(
      withDuration: 1, delay: 0.5, options: .curveLinear,
      animations: {
        stage.view.alpha = 0
      })
    let animation = stage.view.layer.animation(forKey: "opacity")
    #expect(animation?.fillMode == .backwards)
    stage.step(0.25)
    #expect(abs(stage.opacity - 1) < 1e-6)
    stage.step(0.75)
    #expect(abs(stage.opacity - 0.5) < 1e-6)
    stage.step(0.6)
    #expect(abs(stage.opacity - 0) < 1e-6)
    #expect(stage.view.layer.animationKeys() == nil)
  }

  @Test func layerPropertiesSetInABlockAnimateToo() {
    let stage = UIKitAnimationStage()
    UIView.animate(
      withDuration: 2, delay: 0, options: .curveLinear,
      animations: {
        stage.view.layer.cornerRadius = 20
        stage.view.layer.borderWidth = 4
        stage.view.layer.shadowOpacity = 1
      })
    stage.step(1)
    #expect(abs(stage.shown.cornerRadius - 10) < 1e-6)
    #expect(abs(stage.shown.borderWidth - 2) < 1e-6)
    #expect(abs(stage.shown.shadowOpacity - 0.5) < 1e-6)
  }

  @Test func theCompletionRunsOnceWithTrueAtTheEnd() {
    let stage = UIKitAnimationStage()
    var calls: [Bool] = []
    UIView.animate(
      withDuration: 0.5, animations: { stage.view.alpha = 0 }, completion: { calls.append($0) })
    stage.step(0.25)
    #expect(calls.isEmpty)
    stage.step(0.25)
    #expect(calls == [true])
    stage.step(1)
    #expect(calls == [true])
  }

  @Test func aReplacedAnimationCompletesWithFalse() {
    let stage = UIKitAnimationStage()
    var first: [Bool] = []
    var second: [Bool] = []
    UIView.animate(
      withDuration: 1, animations: { stage.view.alpha = 0 }, completion: { first.append($0) })
    stage.step(0.5)
    UIView.animate(
      withDuration: 1, animations: { stage.view.alpha = 1 }, completion: { second.append($0) })
    stage.step(0.1)
    #expect(first == [false])
    stage.step(1)
    #expect(second == [true])
  }

  @Test func aBlockThatAnimatesNothingCompletesWithTrue() {
    let stage = UIKitAnimationStage()
    var calls: [Bool] = []
    UIView.animate(
      withDuration: 0, animations: { stage.view.alpha = 0.2 }, completion: { calls.append($0) })
    stage.step(0)
    #expect(calls == [true])
    #expect(stage.view.layer.animationKeys() == nil)
    #expect(abs(stage.opacity - 0.2) < 1e-6)
  }

  @Test func aTakeOverOfAPositionIsAdditiveAndDoesNotJump() {
    let stage = UIKitAnimationStage()
    var done: [Bool] = []
    UIView.animate(
      withDuration: 1, delay: 0, options: .curveLinear,
      animations: {
        stage.view.center = CGPoint(x: 250, y: 50)
      },
      completion: { done.append($0) }
    )
    stage.step(0.5)
    let before = stage.position
    #expect(abs(before.x - 150) < 1e-6)
    UIView.animate(
      withDuration: 1, delay: 0, options: .curveLinear,
      animations: {
        stage.view.center = CGPoint(x: 50, y: 250)
      },
      completion: { done.append($0) }
    )
    #expect(stage.view.layer.animationKeys() == ["position", "position-2"])
    let added = stage.view.layer.animation(forKey: "position-2") as? CABasicAnimation
    #expect(added?.isAdditive == true)
    stage.step(0)
    #expect(abs(stage.position.x - before.x) < 1e-6 && abs(stage.position.y - before.y) < 1e-6)
    // Both run to their ends (additive animations are not replaced).
    stage.step(0.5)
    #expect(done == [true])
    stage.step(0.5)
    #expect(done == [true, true])
    #expect(abs(stage.position.x - 50) < 1e-6 && abs(stage.position.y - 250) < 1e-6)
  }

  @Test func aTransformTakeOverStartsWhereTheViewIs() {
    let stage = UIKitAnimationStage()
    UIView.animate(
      withDuration: 1, delay: 0, options: .curveLinear,
      animations: {
        stage.view.transform = CGAffineTransform(scaleX: 2, y: 2)
      })
    stage.step(0.5)
    let before = stage.shown.transform.m11
    UIView.animate(withDuration: 1) { stage.view.transform = .identity }
    stage.step(0)
    #expect(abs(stage.shown.transform.m11 - before) < 1e-6)
  }

  @Test func beginFromCurrentStateStartsFromTheValueOnScreen() {
    let stage = UIKitAnimationStage()
    UIView.animate(
      withDuration: 1, delay: 0, options: .curveLinear,
      animations: {
        stage.view.alpha = 0
      })
    stage.step(0.5)
    UIView.animate(
      withDuration: 1, delay: 0, options: .beginFromCurrentState,
      animations: {
        stage.view.alpha = 1
      })
    let fromCurrent = stage.view.layer.animation(forKey: "opacity") as? CABasicAnimation
    #expect(abs((fromCurrent?.fromValue as? Float ?? -1) - 0.5) < 1e-6)
    UIView.animate(withDuration: 1) { stage.view.alpha = 0.25 }
    let fromModel = stage.view.layer.animation(forKey: "opacity") as? CABasicAnimation
    #expect(fromModel?.fromValue as? Float == 1)
  }

  @Test func repeatAndAutoreverseRunBackAndForth() {
    let stage = UIKitAnimationStage()
    var calls = 0
    UIView.animate(
      withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveLinear],
      animations: {
        stage.view.alpha = 0
      },
      completion: { _ in calls += 1 }
    )
    let animation = stage.view.layer.animation(forKey: "opacity")
    #expect(animation?.repeatCount == .infinity && animation?.autoreverses == true)
    stage.step(1.5)
    #expect(abs(stage.opacity - 0.5) < 1e-6)
    stage.step(10)
    #expect(calls == 0)
  }

  @Test func aNestedBlockInheritsTheDurationAndCurveUnlessItOverrides() {
    let stage = UIKitAnimationStage()
    let other = UIView(frame: .zero)
    stage.root.addSubview(other)
    stage.step(0)
    UIView.animate(
      withDuration: 2, delay: 0, options: .curveLinear,
      animations: {
        #expect(UIView.inheritedAnimationDuration == 2)
        UIView.animate(withDuration: 0.5) { stage.view.alpha = 0 }
        UIView.animate(
          withDuration: 0.5, delay: 0, options: .overrideInheritedDuration,
          animations: {
            other.alpha = 0
          })
      })
    #expect(stage.view.layer.animation(forKey: "opacity")?.duration == 2)
    #expect(
      stage.view.layer.animation(forKey: "opacity")?.timingFunction
        == CAMediaTimingFunction(name: .linear))
    #expect(other.layer.animation(forKey: "opacity")?.duration == 0.5)
    #expect(UIView.inheritedAnimationDuration == 0)
  }

  @Test func performWithoutAnimationTurnsViewAnimationsOff() {
    let stage = UIKitAnimationStage()
    UIView.animate(withDuration: 1) {
      UIView.performWithoutAnimation {
        #expect(!UIView.areAnimationsEnabled)
        stage.view.alpha = 0.3
      }
      stage.view.center = CGPoint(x: 10, y: 10)
    }
    #expect(stage.view.layer.animation(forKey: "opacity") == nil)
    #expect(stage.view.layer.animation(forKey: "position") != nil)
  }

  @Test func theSpringFormComesToRestAtItsDuration() throws {
    let stage = UIKitAnimationStage()
    UIView.animate(
      withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
      options: [], animations: { stage.view.alpha = 0 })
    let spring = try #require(stage.view.layer.animation(forKey: "opacity") as? CASpringAnimation)
    #expect(spring.duration == 0.8 && spring.mass == 1)
    #expect(abs(spring.settlingDuration - 0.8) < 0.8 * 0.02)
    let zeta = spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot())
    #expect(abs(zeta - 0.5) < 1e-9)
    stage.step(0.2)
    // Under-damped: it overshoots the target (below 0) on the way.
    var lowest = 1.0
    for _ in 0..<20 {
      stage.step(0.02)
      lowest = min(lowest, stage.opacity)
    }
    #expect(lowest < 0)
    stage.step(0.4)
    #expect(abs(stage.opacity) < 1e-6)
  }
}

@Suite struct UIViewSpringTuningTests {
  @Test(arguments: [(0.3, 0.5), (0.7, 1.0), (1.0, 0.4), (1.6, 2.0)])
  func aDampingRatioSpringSettlesInTheGivenDuration(ratio: Double, duration: Double) {
    let spring = UIViewSpring(dampingRatio: ratio, duration: duration, initialVelocity: 0)
    #expect(spring.mass == 1)
    #expect(abs(spring.damping / (2 * spring.stiffness.squareRoot()) - ratio) < 1e-9)
    // LayerKit samples non-oscillating springs every 0.1 s, so the check allows that step
    // at the reference scale (1 % of the duration).
    #expect(abs(spring.settlingDuration - duration) <= duration * 0.02)
  }

  @Test func aZeroRatioFallsBackToThePerceptualSpring() {
    let spring = UIViewSpring(dampingRatio: 0, duration: 0.5, initialVelocity: 0)
    #expect(abs(spring.stiffness - (2 * .pi / 0.5) * (2 * .pi / 0.5)) < 1e-9)
    #expect(spring.damping == 0)
  }

  @Test func aFrameChangeAnimatesPositionAndBoundsAdditively() {
    let stage = UIKitAnimationStage()
    UIView.animate(
      withDuration: 1, delay: 0, options: .curveLinear,
      animations: {
        stage.view.frame = CGRect(x: 100, y: 100, width: 200, height: 50)
      })
    let bounds = stage.view.layer.animation(forKey: "bounds") as? CABasicAnimation
    #expect(bounds?.isAdditive == true)
    #expect(bounds?.fromValue as? CGRect == CGRect(x: 0, y: 0, width: -100, height: 50))
    stage.step(0.5)
    #expect(abs(stage.shown.bounds.width - 150) < 1e-6)
    #expect(abs(stage.position.x - 125) < 1e-6)
  }
}
