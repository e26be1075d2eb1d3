import LayerKit
import Testing

@testable import LayerKitUIKitCompat

@Suite struct UIViewKeyframeAndTransitionTests {
  @Test(arguments: [(0.25, 0.75), (0.5, 0.5), (0.75, 0.25), (0.9, 0.1)])
  func keyframesReachEachValueAtTheirEnd(time: Double, opacity: Double) throws {
    let stage = UIKitAnimationStage()
    let linear = UIView.KeyframeAnimationOptions(
      rawValue: UIView.AnimationOptions.curveLinear.rawValue)
    UIView.animateKeyframes(
      withDuration: 1, delay: 0, options: linear,
      animations: {
        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
          stage.view.alpha = 0.5
        }
        UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
          stage.view.alpha = 0
        }
      })
    let animation = try #require(
      stage.view.layer.animation(forKey: "opacity") as? CAKeyframeAnimation)
    #expect(animation.keyTimes?.map(\.doubleValue) == [0, 0.5, 1])
    stage.step(time)
    #expect(abs(stage.opacity - opacity) < 1e-6)
  }

  @Test func aKeyframeHoldsTheValueBeforeItsStart() {
    let stage = UIKitAnimationStage()
    var done: [Bool] = []
    UIView.animateKeyframes(
      withDuration: 2, delay: 0, options: [],
      animations: {
        UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) {
          stage.view.center = CGPoint(x: 200, y: 50)
        }
      },
      completion: { done.append($0) }
    )
    let animation = stage.view.layer.animation(forKey: "position") as? CAKeyframeAnimation
    #expect(animation?.keyTimes?.map(\.doubleValue) == [0, 0.5, 0.75, 1])
    stage.step(0.4)
    #expect(abs(stage.position.x - 50) < 1e-6)
    stage.step(1.7)
    #expect(done == [true])
    #expect(abs(stage.position.x - 200) < 1e-6)
  }

  @Test func aCrossDissolveIsOneFadeTransitionOnTheViewsLayer() throws {
    let stage = UIKitAnimationStage()
    var done: [Bool] = []
    UIView.transition(
      with: stage.view, duration: 0.5, options: .transitionCrossDissolve,
      animations: {
        stage.view.backgroundColor = .red
      },
      completion: { done.append($0) }
    )
    #expect(stage.view.layer.animationKeys() == [kCATransition])
    let transition = try #require(
      stage.view.layer.animation(forKey: kCATransition) as? CATransition)
    #expect(transition.type == .fade && transition.duration == 0.5)
    // The change inside applied at once, under the transition.
    #expect(stage.view.layer.animation(forKey: "backgroundColor") == nil)
    stage.step(0.25)
    #expect(done.isEmpty)
    stage.step(0.3)
    #expect(done == [true])
  }

  @Test func flipsAndCurlsAreTheClosestTransitions() {
    let tracker = UIViewAnimationTracker()
    let cases: [(UIView.AnimationOptions, CATransitionType, CATransitionSubtype?)] = [
      (.transitionFlipFromLeft, .push, .fromLeft), (.transitionFlipFromRight, .push, .fromRight),
      (.transitionCurlUp, .reveal, .fromBottom), (.transitionCurlDown, .moveIn, .fromTop),
      (.transitionFlipFromTop, .push, .fromTop), (.transitionFlipFromBottom, .push, .fromBottom),
    ]
    for (option, type, subtype) in cases {
      let t = UIView.makeTransition(options: option, duration: 1, tracker: tracker)
      #expect(t?.type == type && t?.subtype == subtype)
    }
    #expect(UIView.makeTransition(options: [], duration: 1, tracker: tracker) == nil)
  }

  @Test func transitionFromToSwapsTheViews() {
    let stage = UIKitAnimationStage()
    let next = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    UIView.transition(from: stage.view, to: next, duration: 0.3, options: .transitionCrossDissolve)
    #expect(stage.root.subviews.count == 1 && stage.root.subviews[0] === next)
    #expect(stage.root.layer.animation(forKey: kCATransition) is CATransition)
  }
}
