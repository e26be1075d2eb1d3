import Foundation
import Testing

@testable import LayerKit

@Suite struct ImplicitAnimationTests {
  /// ARCHITECTURE.md's deterministic test, verbatim.
  @Test func implicitOpacityAnimationFollowsTheDefaultCurve() {
    settleTransactions()
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let layer = CALayer()
    context.layer = layer
    context.commit()
    layer.opacity = 0  // implicit 0.25 s animation from 1 to 0, default curve
    context.advance(by: 0.125)  // commits at t = 0, then time is 0.125
    #expect(abs(layer.presentation()!.opacity - 0.197597) < 1e-5)  // 1 − default(0.5)
  }

  @Test func defaultActionIsABasicAnimationFromTheOldValue() throws {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    layer.position = CGPoint(x: 40, y: 30)
    let animation = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
    #expect(animation.keyPath == "position")
    #expect(animation.fromValue as? CGPoint == .zero)
    #expect(animation.toValue as? CGPoint == CGPoint(x: 40, y: 30))
    #expect(animation.duration == 0.25)
    #expect(
      controlPoints(animation.timingFunction)
        == controlPoints(CAMediaTimingFunction(name: .default)))
    #expect(layer.position == CGPoint(x: 40, y: 30), "the model changes at once")
  }

  /// Seed 004: an outer transaction of 2 s around an inner one of 5 s.
  @Test func nestedTransactionsGiveTheirOwnDurations() {
    let scene = ActionScene()
    let myLayer = scene.attachedLayer()
    CATransaction.begin()  // outer
    CATransaction.setAnimationDuration(2)
    myLayer.position = .zero
    CATransaction.begin()  // inner
    CATransaction.setAnimationDuration(5)
    myLayer.zPosition = 200.0
    myLayer.opacity = 0.0
    CATransaction.commit()  // inner
    CATransaction.commit()  // outer
    #expect(myLayer.animation(forKey: "position")?.duration == 2)
    #expect(myLayer.animation(forKey: "zPosition")?.duration == 5)
    #expect(myLayer.animation(forKey: "opacity")?.duration == 5)
    scene.context.advance(by: 2.5)
    #expect(myLayer.animation(forKey: "position") == nil)
    #expect(abs(myLayer.presentation()!.opacity - myLayer.opacity) > 0.01)
    scene.context.advance(by: 2.5)
    #expect(myLayer.animationKeys() == nil)
  }

  @Test func transactionTimingFunctionAppliesToImplicitAnimations() {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    CATransaction.begin()
    CATransaction.setAnimationDuration(3)
    CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
    layer.opacity = 0
    CATransaction.commit()
    let animation = layer.animation(forKey: "opacity")
    #expect(animation?.duration == 3)
    #expect(
      controlPoints(animation?.timingFunction)
        == controlPoints(CAMediaTimingFunction(name: .easeIn)))
  }

  /// Seed 004, way 1: `CATransaction.setDisableActions(true)`.
  @Test func disabledActionsChangeWithoutAnimation() {
    let scene = ActionScene()
    let myLayer = scene.attachedLayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    myLayer.opacity = 0.0
    CATransaction.commit()
    #expect(myLayer.animationKeys() == nil)
    scene.context.advance(by: 0.01)
    #expect(myLayer.presentation()?.opacity == 0)
  }

  /// Seed 004, way 2: `style` sets initial values without animation.
  @Test func styleDefaultsChangeWithoutAnimation() {
    let scene = ActionScene()
    let myLayer = scene.attachedLayer()
    myLayer.style = [
      "opacity": 0.0, "backgroundColor": CGColor(red: 1, green: 1, blue: 0, alpha: 1),
    ]
    #expect(myLayer.animationKeys() == nil)
    #expect(myLayer.opacity == 0)
    #expect(myLayer.backgroundColor == CGColor(red: 1, green: 1, blue: 0, alpha: 1))
  }

  /// Seed 004, way 3: a view's backing layer, whose delegate answers `NSNull`.
  @Test func delegateAnsweringNSNullDisablesAnimation() {
    let scene = ActionScene()
    let viewLayer = scene.attachedLayer()
    let view = ActionTableDelegate()
    view.everything = NSNull()
    viewLayer.delegate = view
    viewLayer.opacity = 0.0
    viewLayer.position = CGPoint(x: 5, y: 5)
    #expect(viewLayer.animationKeys() == nil)
    // Seed 004: even an explicit transaction does not bring the animation back.
    CATransaction.begin()
    CATransaction.setDisableActions(false)
    CATransaction.setAnimationDuration(2)
    viewLayer.opacity = 1
    CATransaction.commit()
    #expect(viewLayer.animationKeys() == nil)
  }

  @Test func layersOutsideACommittedContextTreeDoNotAnimate() {
    settleTransactions()
    let loose = CALayer()
    loose.opacity = 0
    #expect(loose.animationKeys() == nil)

    let context = CAContext(clock: CAManualClock())
    let root = CALayer()
    context.layer = root
    root.opacity = 0.5  // the context has not committed yet
    #expect(root.animationKeys() == nil)
    context.commit()
    root.opacity = 0
    #expect(root.animationKeys() == ["opacity"])

    let removed = CALayer()
    root.addSublayer(removed)
    removed.removeFromSuperlayer()
    removed.opacity = 0
    #expect(removed.animationKeys() == nil)
  }

  @Test func frameChangesAnimatePositionAndBounds() throws {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
    #expect(layer.animationKeys() == ["position", "bounds"])
    let bounds = try #require(layer.animation(forKey: "bounds") as? CABasicAnimation)
    #expect(bounds.fromValue as? CGRect == .zero)
    #expect(bounds.toValue as? CGRect == CGRect(x: 0, y: 0, width: 30, height: 40))
  }

  @Test(arguments: [0.05, 0.1, 0.2])
  func retargetingMidFlightStartsFromThePresentationValue(at t: Double) throws {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    layer.position = CGPoint(x: 100, y: 0)
    scene.context.advance(by: t)
    let before = try #require(layer.presentation()?.position)
    layer.position = CGPoint(x: 0, y: 50)
    let retarget = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
    let from = try #require(retarget.fromValue as? CGPoint)
    #expect(abs(from.x - before.x) < 1e-9 && abs(from.y - before.y) < 1e-9)
    scene.context.advance(by: 0)
    let after = try #require(layer.presentation()?.position)
    #expect(abs(after.x - before.x) < 1e-9, "no jump")
    #expect(abs(after.y - before.y) < 1e-9, "no jump")
    scene.context.advance(by: 0.3)
    #expect(layer.presentation()?.position == CGPoint(x: 0, y: 50))
  }

  @Test func secondChangeInOneTransactionKeepsTheFirstStart() throws {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    layer.opacity = 0.5
    layer.opacity = 0
    let animation = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
    #expect(animation.fromValue as? Float == 1)
    #expect(animation.toValue as? Float == 0)
  }

  @Test func colourFromNilFadesThroughClear() throws {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    CATransaction.begin()
    CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
    layer.backgroundColor = red
    CATransaction.commit()
    scene.context.advance(by: 0.125)
    let shown = try #require(layer.presentation()?.backgroundColor)
    #expect(abs(shown.alpha - 0.5) < 1e-9)
    #expect(abs(shown.red - 0.5) < 1e-9)
  }

  @Test func nonAnimatablePropertiesHaveNoImplicitAction() {
    let layer = CALayer()
    #expect(layer.action(forKey: "opaque") == nil)
    #expect(layer.action(forKey: "speed") == nil)
    #expect(layer.action(forKey: "position.x") == nil)
    #expect(layer.action(forKey: kCAOnOrderIn) == nil)
    // The implicit actions come from the last step of action(forKey:), not from the
    // class's defaultAction(forKey:), which is nil for every key (issue 12 §9).
    #expect(layer.action(forKey: "opacity") is CABasicAnimation)
    #expect((layer.action(forKey: "hidden") as? CATransition)?.type == .fade)
    #expect((layer.action(forKey: "contents") as? CATransition)?.type == .fade)
  }

  @Test(arguments: [
    ("CALayer", "opacity"), ("CALayer", "bounds"), ("CALayer", "backgroundColor"),
    ("CALayer", "hidden"),
    ("CAShapeLayer", "strokeEnd"), ("CAGradientLayer", "colors"),
    ("CAReplicatorLayer", "instanceDelay"),
    ("CATextLayer", "fontSize"),
  ])
  func classDefaultActionIsNilForEveryKey(className: String, key: String) throws {
    // Measured on QuartzCore: CALayer.defaultAction(forKey:) returns nil on CALayer and
    // its subclasses; the implicit animation still comes from action(forKey:).
    let layer = try #require(ConformanceClasses.layer(named: className))
    #expect(type(of: layer).defaultAction(forKey: key) == nil)
    #expect(layer.action(forKey: key) != nil)
  }

  @Test func subclassDefaultActionStillComesBeforeTheImplicitOne() {
    final class Custom: CALayer {
      override class func defaultAction(forKey event: String) -> (any CAAction)? {
        event == "opacity" ? CATransition() : super.defaultAction(forKey: event)
      }
    }
    #expect(Custom().action(forKey: "opacity") is CATransition)
    #expect(Custom().action(forKey: "position") is CABasicAnimation)
  }

  @Test func keyValueCodingSubpathChangesAnimateTheTopLevelProperty() throws {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    layer.setValue(25, forKeyPath: "position.x")
    let animation = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
    #expect(animation.fromValue as? CGPoint == .zero)
    #expect(animation.toValue as? CGPoint == CGPoint(x: 25, y: 0))
  }
}
