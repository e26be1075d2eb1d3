import Foundation

/// How far the chords of a flattened curve may stray from the curve, as a function of the
/// curve's size.
///
/// A curve whose control points span `extent` units (the larger side of their bounding
/// box, in the space the curve is flattened in, typically device pixels) is flattened
/// within `extent · perUnit`, kept between `finest` and `coarsest`. A constant tolerance is
/// the case `finest == coarsest`.
///
/// Why it grows with size: a chord with sag `s` on an arc of radius `r` turns by about
/// `√(8s/r)` against its neighbours, so a fixed sag makes small curves visibly polygonal
/// long before it makes large ones so; and the sag itself changes an edge pixel's
/// coverage by at most `s`. Tying the sag to the curve's size keeps the turn between
/// chords about the same at every size, and the ceiling keeps the coverage change of a
/// large curve's edge pixels bounded. See <doc:Rasterizer> for the fill's figures.
package struct FlatteningTolerance: Sendable, Equatable {
  /// The tolerance of the smallest curves (and of any curve when the three agree).
  package var finest: CGFloat
  /// The tolerance of the largest curves.
  package var coarsest: CGFloat
  /// The tolerance per unit of a curve's extent, between the two bounds.
  package var perUnit: CGFloat

  /// A tolerance that grows from `finest` by `perUnit` of the curve's extent up to
  /// `coarsest`. Non-positive or non-finite bounds are replaced by a quarter unit.
  package init(finest: CGFloat, coarsest: CGFloat, perUnit: CGFloat) {
    let fine = Self.valid(finest)
    self.finest = fine
    self.coarsest = Swift.max(Self.valid(coarsest), fine)
    self.perUnit = perUnit > 0 && perUnit.isFinite ? perUnit : 0
  }

  /// The same tolerance for every curve (a quarter unit when `tolerance` is not positive
  /// and finite).
  package init(_ tolerance: CGFloat) {
    finest = Self.valid(tolerance)
    coarsest = finest
    perUnit = 0
  }

  /// Whether curves of different sizes get different tolerances.
  @inline(__always)
  package var varies: Bool { coarsest > finest && perUnit > 0 }

  /// The tolerance of a curve whose control points span `extent` units.
  @inline(__always)
  package func forCurve(extent: CGFloat) -> CGFloat {
    let t = extent * perUnit
    return t > finest ? (t < coarsest ? t : coarsest) : finest
  }

  /// The tolerance of the Bézier with control points `p0…p3` (a quadratic repeats its
  /// end point): the constant, or the one for the extent of the points.
  @inline(__always)
  package func forCurve(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) -> CGFloat {
    varies ? forCurve(extent: Self.extent(p0, p1, p2, p3)) : finest
  }

  /// The larger side of the box around four points (a Bézier's control points: the curve
  /// lies inside it).
  @inline(__always)
  package static func extent(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) -> CGFloat
  {
    let minX = Swift.min(Swift.min(p0.x, p1.x), Swift.min(p2.x, p3.x))
    let maxX = Swift.max(Swift.max(p0.x, p1.x), Swift.max(p2.x, p3.x))
    let minY = Swift.min(Swift.min(p0.y, p1.y), Swift.min(p2.y, p3.y))
    let maxY = Swift.max(Swift.max(p0.y, p1.y), Swift.max(p2.y, p3.y))
    return Swift.max(maxX - minX, maxY - minY)
  }

  private static func valid(_ t: CGFloat) -> CGFloat { t > 0 && t.isFinite ? t : 0.25 }
}
