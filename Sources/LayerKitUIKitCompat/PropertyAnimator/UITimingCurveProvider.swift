import LayerKit

/// The kind of timing an animator uses, with UIKit's raw values.
public enum UITimingCurveType: Int, Sendable {
  /// One of UIKit's named curves.
  case builtin = 0
  /// A cubic Bézier curve with custom control points.
  case cubic = 1
  /// A spring.
  case spring = 2
  /// A cubic curve and a spring together (not made here).
  case composed = 3
}

/// What an animator reads its timing from: UIKit's protocol, adopted by
/// ``UICubicTimingParameters`` and ``UISpringTimingParameters``.
public protocol UITimingCurveProvider: AnyObject {
  /// Which kind of timing this is.
  var timingCurveType: UITimingCurveType { get }
  /// The cubic timing, or nil.
  var cubicTimingParameters: UICubicTimingParameters? { get }
  /// The spring timing, or nil.
  var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1), as UIKit spells it.
open class UICubicTimingParameters: UITimingCurveProvider {
  /// The named curve (`.easeInOut` for custom control points).
  public let animationCurve: UIView.AnimationCurve
  /// The first control point, in the unit square.
  public let controlPoint1: CGPoint
  /// The second control point, in the unit square.
  public let controlPoint2: CGPoint
  public let timingCurveType: UITimingCurveType

  /// UIKit's default curve, ease in and out.
  public convenience init() { self.init(animationCurve: .easeInOut) }

  /// One of UIKit's named curves, with Core Animation's control points.
  public init(animationCurve curve: UIView.AnimationCurve) {
    animationCurve = curve
    var points: [Float] = [0, 0]
    curve.timingFunction.getControlPoint(at: 1, values: &points)
    controlPoint1 = CGPoint(x: CGFloat(points[0]), y: CGFloat(points[1]))
    curve.timingFunction.getControlPoint(at: 2, values: &points)
    controlPoint2 = CGPoint(x: CGFloat(points[0]), y: CGFloat(points[1]))
    timingCurveType = .builtin
  }

  /// A curve with custom control points (non-finite ones give the linear curve, as
  /// `CAMediaTimingFunction` does).
  public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
    animationCurve = .easeInOut
    controlPoint1 = point1
    controlPoint2 = point2
    timingCurveType = .cubic
  }

  public var cubicTimingParameters: UICubicTimingParameters? { self }
  public var springTimingParameters: UISpringTimingParameters? { nil }

  /// The curve as a Core Animation timing function.
  public var timingFunction: CAMediaTimingFunction {
    CAMediaTimingFunction(
      controlPoints: Float(controlPoint1.x), Float(controlPoint1.y), Float(controlPoint2.x),
      Float(controlPoint2.y))
  }
}
