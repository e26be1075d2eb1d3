import Foundation
import Testing

@testable import LayerKit

/// `defaultValue(forKey:)` stores only defaults that are not zero, on layers and
/// animations alike, except that a layer stores its Boolean flags, `false` included
/// (measured on QuartzCore).
@Suite struct DefaultValueTests {
  struct Row: Sendable, CustomTestStringConvertible {
    let cls: String
    let key: String
    /// The expected default; nil when Core Animation stores none.
    let expected: (any Sendable)?
    init(_ cls: String, _ key: String, _ expected: (any Sendable)?) {
      self.cls = cls
      self.key = key
      self.expected = expected
    }
    var testDescription: String { "\(cls).\(key)" }
  }

  static func defaultValue(_ cls: String, _ key: String) -> Any? {
    switch cls {
    case "CAAnimation": CAAnimation.defaultValue(forKey: key)
    case "CABasicAnimation": CABasicAnimation.defaultValue(forKey: key)
    case "CAKeyframeAnimation": CAKeyframeAnimation.defaultValue(forKey: key)
    case "CASpringAnimation": CASpringAnimation.defaultValue(forKey: key)
    case "CATransition": CATransition.defaultValue(forKey: key)
    case "CAAnimationGroup": CAAnimationGroup.defaultValue(forKey: key)
    case "CALayer": CALayer.defaultValue(forKey: key)
    case "CAShapeLayer": CAShapeLayer.defaultValue(forKey: key)
    case "CAReplicatorLayer": CAReplicatorLayer.defaultValue(forKey: key)
    case "CATextLayer": CATextLayer.defaultValue(forKey: key)
    default: CAGradientLayer.defaultValue(forKey: key)
    }
  }

  static let animationRows: [Row] = [
    .init("CAAnimation", "speed", Float(1)),
    .init("CAAnimation", "fillMode", CAMediaTimingFillMode.removed),
    .init("CAAnimation", "removedOnCompletion", true),
    .init("CAAnimation", "duration", nil),
    .init("CAAnimation", "beginTime", nil),
    .init("CAAnimation", "autoreverses", nil),
    .init("CAAnimation", "repeatCount", nil),
    .init("CAAnimation", "timingFunction", nil),
    .init("CAAnimation", "isRemovedOnCompletion", nil),
    .init("CAAnimation", "nonsense", nil),
    .init("CABasicAnimation", "additive", nil),
    .init("CABasicAnimation", "isAdditive", nil),
    .init("CABasicAnimation", "speed", Float(1)),
    .init("CAKeyframeAnimation", "calculationMode", CAAnimationCalculationMode.linear),
    .init("CAKeyframeAnimation", "values", nil),
    .init("CABasicAnimation", "calculationMode", nil),
    .init("CASpringAnimation", "mass", CGFloat(1)),
    .init("CASpringAnimation", "stiffness", CGFloat(100)),
    .init("CASpringAnimation", "damping", CGFloat(10)),
    .init("CASpringAnimation", "allowsOverdamping", false),
    .init("CASpringAnimation", "initialVelocity", nil),
    .init("CASpringAnimation", "fillMode", CAMediaTimingFillMode.removed),
    .init("CABasicAnimation", "mass", nil),
    .init("CATransition", "type", CATransitionType.fade),
    .init("CATransition", "endProgress", Float(1)),
    .init("CATransition", "startProgress", nil),
    .init("CATransition", "subtype", nil),
    .init("CATransition", "speed", Float(1)),
    .init("CAAnimationGroup", "animations", nil),
    .init("CAAnimationGroup", "removedOnCompletion", true),
  ]

  static let layerRows: [Row] = [
    .init("CALayer", "bounds", nil),
    .init("CALayer", "position", nil),
    .init("CALayer", "shadowOpacity", nil),
    .init("CALayer", "timeOffset", nil),
    .init("CALayer", "hidden", false),
    .init("CALayer", "masksToBounds", false),
    .init("CATextLayer", "wrapped", false),
    .init("CALayer", "isHidden", nil),
    .init("CALayer", "nonsense", nil),
    .init("CALayer", "cornerRadius", nil),
    .init("CALayer", "backgroundColor", nil),
    .init("CALayer", "duration", Double.infinity),
    .init("CALayer", "opacity", Float(1)),
    .init("CALayer", "anchorPoint", CGPoint(x: 0.5, y: 0.5)),
    .init("CALayer", "transform", CATransform3DIdentity),
    .init("CALayer", "doubleSided", true),
    .init("CALayer", "shadowOffset", CGSize(width: 0, height: -3)),
    .init("CALayer", "contentsGravity", CALayerContentsGravity.resize),
    .init("CALayer", "speed", Float(1)),
    .init("CAShapeLayer", "strokeStart", nil),
    .init("CAShapeLayer", "strokeEnd", CGFloat(1)),
    .init("CAShapeLayer", "lineWidth", CGFloat(1)),
    .init("CAShapeLayer", "miterLimit", CGFloat(10)),
    .init("CAShapeLayer", "lineDashPhase", nil),
    .init("CAShapeLayer", "bounds", nil),
    .init("CAReplicatorLayer", "instanceDelay", nil),
    .init("CAReplicatorLayer", "instanceCount", 1),
    .init("CATextLayer", "fontSize", CGFloat(36)),
    .init("CAGradientLayer", "endPoint", CGPoint(x: 0.5, y: 1)),
    .init("CAGradientLayer", "colors", nil),
  ]

  @Test(arguments: animationRows + layerRows)
  func onlyNonZeroDefaultsAreStored(_ row: Row) {
    let value = Self.defaultValue(row.cls, row.key)
    #expect(valuesMatch(value, row.expected, tolerance: 0), "got \(String(describing: value))")
  }

  @Test func aLayerIsActiveForEver() {
    #expect(CALayer().duration == .infinity)
    #expect(CAShapeLayer().duration == .infinity)
    #expect(CALayer().value(forKey: "duration") as? Double == .infinity)
  }

  /// Layer timing ignores the (infinite) duration: speed, beginTime and timeOffset
  /// still map time down to the layer's animations.
  @Test func layerTimingWorksWithAnInfiniteDuration() throws {
    let a = CABasicAnimation(keyPath: "opacity")
    a.fromValue = 0
    a.toValue = 1
    let (scene, layer) = ActionScene.layer(running: a)
    #expect(layer.duration == .infinity)
    layer.speed = 2
    scene.context.advance(by: 0.25)
    let opacity = try #require(layer.presentation()?.opacity)
    #expect(abs(opacity - 0.5) < 1e-6)
    #expect(layer.convertTime(1, from: nil) == 2)
  }

  /// Zero defaults still start a layer at zero: the initial state comes from the same
  /// declarations.
  @Test func zeroDefaultsStillInitialiseProperties() {
    let shape = CAShapeLayer()
    #expect(shape.strokeStart == 0 && shape.strokeEnd == 1 && shape.lineWidth == 1)
    #expect(CAReplicatorLayer().instanceDelay == 0)
    #expect(CALayer().bounds == .zero && CALayer().shadowOpacity == 0)
  }

  /// Array properties read through key-value coding as their typed properties do: nil
  /// while empty (so they have no stored default either), the elements once set.
  @Test func arrayPropertiesReadNilWhileEmpty() {
    let gradient = CAGradientLayer()
    #expect(gradient.value(forKey: "colors") == nil && gradient.colors == nil)
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    gradient.colors = [red, red]
    #expect((gradient.value(forKey: "colors") as? [CGColor])?.count == 2)
    #expect(CAShapeLayer().value(forKey: "lineDashPattern") == nil)
  }

  @Test func aCustomKeyWithNoDefaultReadsNil() {
    #expect(CALayer().value(forKey: "customKey") == nil)
  }
}
