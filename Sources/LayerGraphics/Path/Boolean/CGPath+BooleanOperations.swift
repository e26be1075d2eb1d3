import Foundation

extension CGPath {
  /// The region inside this path or `other`, as closed subpaths.
  ///
  /// Both paths are filled with `rule` (open subpaths count as closed). The result's
  /// outlines have no interior seams: overlapping shapes merge into one outline, whose
  /// curves are pieces of the operands' curves. See `PathClipper` for the algorithm.
  public func union(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
    Self.combine(self, other, rule) { $0 || $1 }
  }

  /// The region inside both this path and `other`.
  public func intersection(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
    Self.combine(self, other, rule) { $0 && $1 }
  }

  /// The region inside this path but not inside `other`.
  public func subtracting(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
    Self.combine(self, other, rule) { $0 && !$1 }
  }

  /// The region inside exactly one of this path and `other`.
  public func symmetricDifference(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath
  {
    Self.combine(self, other, rule) { $0 != $1 }
  }

  /// The region this path fills under `rule`, as non-overlapping closed subpaths.
  ///
  /// Self-intersections and overlaps are resolved; outer outlines turn counter-clockwise
  /// in a y-up space and holes the other way, so the result fills the same under
  /// either rule.
  public func normalized(using rule: CGPathFillRule = .winding) -> CGPath {
    CGPath(storage: PathClipper(storage, PathStorage()).run(ruleA: rule, ruleB: rule) { a, _ in a })
  }

  /// Whether the regions this path and `other` fill under `rule` overlap (sharing only
  /// an edge or a point does not count).
  public func intersects(_ other: CGPath, using rule: CGPathFillRule = .winding) -> Bool {
    !intersection(other, using: rule).isEmpty
  }

  private static func combine(
    _ a: CGPath, _ b: CGPath, _ rule: CGPathFillRule, _ op: @escaping (Bool, Bool) -> Bool
  ) -> CGPath {
    CGPath(storage: PathClipper(a.storage, b.storage).run(ruleA: rule, ruleB: rule, op))
  }
}
