import Foundation

/// The curve that rounds a layer's corners (`CALayer.cornerCurve`).
///
/// `circular` corners are quarter circles of radius `cornerRadius`; `continuous`
/// corners ease from the straight edge into the turn with continuous curvature (Apple's
/// "squircle"), leaving the edge `1.528665 · cornerRadius` from the corner. See the
/// Corner Curves article for the construction.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Quarter circles (the default).
  public static let circular = CALayerCornerCurve(rawValue: "circular")
  /// Apple's continuous-curvature corner.
  public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

extension CALayer {
  /// How far from the corner, in multiples of `cornerRadius`, a corner drawn with
  /// `curve` departs from the straight edge: 1 for `.circular`, 1.528665 for
  /// `.continuous` (and 1 for any other curve, which draws circular).
  public class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
    curve == .continuous ? RoundedRectPath.continuousExtent : 1
  }

  /// The curve of the rounded corners of the background, border, shadow and
  /// `masksToBounds` clip. Default `.circular`. Not animatable (`cornerRadius` animates
  /// under either curve).
  ///
  /// A curve other than `.circular` and `.continuous` is refused with a diagnostic.
  public var cornerCurve: CALayerCornerCurve {
    get { state.cornerCurve }
    set {
      guard CALayerCornerCurve.knownValues.contains(newValue) else {
        CADiagnostics.report(
          key: "cornerCurve",
          "unknown corner curve \"\(newValue.rawValue)\"; kept \(state.cornerCurve.rawValue)")
        return
      }
      setModelValue(\.cornerCurve, newValue, forKey: "cornerCurve")
    }
  }
}
