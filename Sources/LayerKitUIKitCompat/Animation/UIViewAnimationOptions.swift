import LayerKit

extension UIView {
  /// Options of an animation block, with UIKit's raw values.
  ///
  /// Honoured here: `beginFromCurrentState`, `repeat`, `autoreverse`, the
  /// `overrideInherited…` options of nested blocks, the four curves and, for
  /// ``UIView/transition(with:duration:options:animations:completion:)``, the transitions.
  /// `layoutSubviews`, `allowUserInteraction`, `allowAnimatedContent`,
  /// `showHideTransitionViews` and the frame-rate hints are accepted and change nothing
  /// (there is no layout, event handling or frame-rate control to apply them to).
  public struct AnimationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// Start from the value on screen instead of the previous model value.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    /// Repeat forever (`repeatCount = .infinity`).
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    /// Play forwards then backwards (`autoreverses`).
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
    public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
    public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
    public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
    public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

    /// Ease in and out: control points (0.42, 0), (0.58, 1). The default.
    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
    public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
    public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
    public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
    public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
    public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
    public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

    public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
    public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
    public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

    /// The curve named by bits 16–19 (an unknown value reads as ease in and out).
    public var curve: AnimationCurve {
      AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut
    }

    /// The transition named by bits 20–23, as a raw index (0 none, 1…7 as above).
    var transitionIndex: UInt { (rawValue >> 20) & 0xF }
  }

  /// UIKit's four animation curves, with UIKit's raw values.
  public enum AnimationCurve: Int, Sendable {
    case easeInOut = 0
    case easeIn = 1
    case easeOut = 2
    case linear = 3

    /// The curve as a Core Animation timing function: ease in and out is
    /// (0.42, 0)–(0.58, 1), ease in (0.42, 0)–(1, 1), ease out (0, 0)–(0.58, 1), linear
    /// the identity (Apple's `kCAMediaTimingFunction…` control points).
    public var timingFunction: CAMediaTimingFunction {
      switch self {
      case .easeInOut: CAMediaTimingFunction(name: .easeInEaseOut)
      case .easeIn: CAMediaTimingFunction(name: .easeIn)
      case .easeOut: CAMediaTimingFunction(name: .easeOut)
      case .linear: CAMediaTimingFunction(name: .linear)
      }
    }
  }

  /// Options of a keyframe animation block, with UIKit's raw values.
  ///
  /// The calculation modes are `CAKeyframeAnimation`'s. The shared options
  /// (`beginFromCurrentState`, `repeat`, `autoreverse`, …) have
  /// ``AnimationOptions``' values and meanings; so do the curve bits, which UIKit reads
  /// from the same place: the keyframes run on ease in and out unless a curve option is
  /// passed (`KeyframeAnimationOptions(rawValue: AnimationOptions.curveLinear.rawValue)`).
  public struct KeyframeAnimationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
    public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
    public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
    public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
    public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)

    public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
    public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
    public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
    public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
    public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

    /// The calculation mode named by bits 10–12.
    var calculationMode: CAAnimationCalculationMode {
      switch (rawValue >> 10) & 0x7 {
      case 1: .discrete
      case 2: .paced
      case 3: .cubic
      case 4: .cubicPaced
      default: .linear
      }
    }

    /// The block options these keyframe options share with ``AnimationOptions``.
    var blockOptions: AnimationOptions {
      AnimationOptions(rawValue: rawValue & ~(0x7 << 10))
    }
  }
}
