import Foundation
import Testing

@testable import LayerKit

@Suite struct AnimationObjectTests {
  final class Recorder: CAAnimationDelegate {}

  @Test func defaultsMatchCoreAnimation() {
    let a = CABasicAnimation()
    #expect(a.beginTime == 0 && a.duration == 0 && a.speed == 1 && a.timeOffset == 0)
    #expect(
      a.repeatCount == 0 && a.repeatDuration == 0 && !a.autoreverses && a.fillMode == .removed)
    #expect(a.isRemovedOnCompletion && a.timingFunction == nil && a.delegate == nil)
    #expect(!a.isAdditive && !a.isCumulative && a.valueFunction == nil)
    let s = CASpringAnimation()
    #expect(
      s.mass == 1 && s.stiffness == 100 && s.damping == 10 && s.initialVelocity == 0
        && !s.allowsOverdamping)
    #expect(CAKeyframeAnimation().calculationMode == .linear)
    #expect(CAAnimation.defaultValue(forKey: "speed") as? Float == 1)
    #expect(CAAnimation.defaultValue(forKey: "nonsense") == nil)
  }

  @Test func copyIsDeepAndKeepsTheClass() throws {
    let child = CABasicAnimation(keyPath: "opacity")
    child.toValue = 0.5
    let group = CAAnimationGroup()
    group.animations = [child]
    group.duration = 3
    let d = Recorder()
    group.delegate = d
    let copy = try #require(group.copy() as? CAAnimationGroup)
    child.toValue = 0.9
    group.duration = 1
    #expect(copy.duration == 3)
    #expect(copy.delegate === d)
    let copiedChild = try #require(copy.animations?.first as? CABasicAnimation)
    #expect(copiedChild !== child)
    #expect(copiedChild.toValue as? Double == 0.5)
    #expect(copiedChild.keyPath == "opacity")
    let spring = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.2)
    let springCopy = try #require(spring.copy() as? CASpringAnimation)
    #expect(springCopy.stiffness == spring.stiffness && springCopy.damping == spring.damping)
  }

  @Test func pathsInterpolatePointwiseWhenStructuresMatch() {
    let a = CGMutablePath()
    let b = CGMutablePath()
    a.move(to: .zero)
    a.addLine(to: CGPoint(x: 10, y: 0))
    b.move(to: CGPoint(x: 0, y: 10))
    b.addLine(to: CGPoint(x: 20, y: 10))
    let mid = CGPath.interpolate(a, b, fraction: 0.5)
    #expect(mid.elements == [.moveTo(CGPoint(x: 0, y: 5)), .lineTo(CGPoint(x: 15, y: 5))])
    let c = CGMutablePath()
    c.move(to: .zero)
    c.addQuadCurve(to: CGPoint(x: 1, y: 1), control: .zero)
    #expect(CGPath.interpolate(a, c, fraction: 0.4) == a)
    #expect(CGPath.interpolate(a, c, fraction: 0.6) == c)
  }

  @Test func arraysInterpolateElementwiseWhenCountsMatch() {
    #expect([CGFloat].interpolate([0, 10], [10, 20], fraction: 0.5) == [5, 15])
    #expect([CGFloat].interpolate([0], [10, 20], fraction: 0.4) == [0])
    #expect([CGFloat](animationValue: [1, 2.5] as [Any]) == [1, 2.5])
    #expect([CGFloat](animationValue: [1, "x"] as [Any]) == nil)
  }
}
