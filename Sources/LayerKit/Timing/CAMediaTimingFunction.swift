import Foundation

/// A cubic Bézier curve from (0, 0) to (1, 1) that maps an animation's linear progress to
/// its eased progress.
///
/// The curve's x axis is input time (the fraction of one pass), the y axis the output
/// fraction. Control x coordinates outside 0…1 are clamped for evaluation (the curve must
/// stay a function of time); y coordinates are free, so a curve may overshoot.
///
/// ```swift
/// let f = CAMediaTimingFunction(name: .default)
/// f._solve(forInput: 0.5)   // ≈ 0.802403
/// ```
///
/// Timing functions are immutable and may be shared between animations and threads.
open class CAMediaTimingFunction: CustomStringConvertible, CAObjectEquality, @unchecked Sendable {
  /// The control points as given: (x1, y1, x2, y2).
  private let points: (Float, Float, Float, Float)
  /// The solver, built once.
  package let curve: TimingCurve

  /// Creates one of the predefined timing functions. An unknown name gives the linear
  /// curve and records a diagnostic.
  public convenience init(name: CAMediaTimingFunctionName) {
    if let p = name.controlPoints {
      self.init(controlPoints: p.0, p.1, p.2, p.3)
    } else {
      CADiagnostics.report(
        key: "timingFunction", "unknown timing function name '\(name.rawValue)'; using linear")
      self.init(controlPoints: 0, 0, 1, 1)
    }
  }

  /// Creates a curve with control points (c1x, c1y) and (c2x, c2y); the end points are
  /// (0, 0) and (1, 1). Non-finite values give the linear curve and a diagnostic.
  public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
    points = (c1x, c1y, c2x, c2y)
    if ![c1x, c1y, c2x, c2y].allSatisfy(\.isFinite) {
      CADiagnostics.report(key: "timingFunction", "non-finite control point; using linear")
    }
    curve = TimingCurve(Double(c1x), Double(c1y), Double(c2x), Double(c2y))
  }

  /// Writes control point `idx` (0…3) to `ptr[0]` (x) and `ptr[1]` (y).
  ///
  /// Point 0 is (0, 0), points 1 and 2 are the control points as given, point 3 is
  /// (1, 1). An index outside 0…3 leaves `ptr` untouched and records a diagnostic.
  public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
    switch idx {
    case 0:
      ptr[0] = 0
      ptr[1] = 0
    case 1:
      ptr[0] = points.0
      ptr[1] = points.1
    case 2:
      ptr[0] = points.2
      ptr[1] = points.3
    case 3:
      ptr[0] = 1
      ptr[1] = 1
    default:
      CADiagnostics.report(key: "timingFunction", "control point index \(idx) is not in 0...3")
    }
  }

  /// The eased output for an input fraction (clamped to 0…1), as Core Animation's
  /// private `_solveForInput:` answers it.
  public func _solve(forInput t: Float) -> Float { Float(curve.evaluate(Double(t))) }

  /// Whether `object` is a timing function with the same control points (or this very
  /// one), so two `CAMediaTimingFunction(name: .linear)` are equal; see
  /// `CAObjectEquality`.
  open func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? CAMediaTimingFunction else { return false }
    return other === self || controlPointKey == other.controlPointKey
  }

  /// A hash of the control points, consistent with `isEqual(_:)`.
  open var hash: Int { controlPointKey.hashValue }

  /// The control points as comparable bit patterns (−0 read as 0).
  private var controlPointKey: [UInt32] {
    [points.0, points.1, points.2, points.3].map { ($0 == 0 ? 0 : $0).bitPattern }
  }

  public var description: String {
    "CAMediaTimingFunction(\(points.0), \(points.1), \(points.2), \(points.3))"
  }
}
