import Foundation

/// Paths morph point by point when both have the same elements.
///
/// Core Animation interpolates a path animation (`CAShapeLayer.path`) only between paths
/// with the same number and kinds of elements; the result is each control point moved
/// the same fraction of the way. Paths that differ in structure switch at fraction 0.5,
/// as other discrete values do. Adding, subtracting and scaling act on the points too
/// (so `byValue` and cumulative repeats work for matching paths).
extension CGPath: DiscretelyInterpolatable {
  package static func interpolate(_ a: CGPath, _ b: CGPath, fraction: Double) -> Self {
    guard a.storage.verbs == b.storage.verbs, a.storage.points.count == b.storage.points.count else {
      let x = fraction < 0.5 ? a : b
      return make(x.storage, fallback: x)
    }
    return combined(a, b) { p, q in CGPoint.interpolate(p, q, fraction: fraction) }
  }

  package static func adding(_ a: CGPath, _ b: CGPath) -> Self {
    guard a.storage.verbs == b.storage.verbs, a.storage.points.count == b.storage.points.count else {
      return make(b.storage, fallback: b)
    }
    return combined(a, b) { CGPoint(x: $0.x + $1.x, y: $0.y + $1.y) }
  }

  package static func subtracting(_ a: CGPath, _ b: CGPath) -> Self {
    guard a.storage.verbs == b.storage.verbs, a.storage.points.count == b.storage.points.count else {
      return make(a.storage, fallback: a)
    }
    return combined(a, b) { CGPoint(x: $0.x - $1.x, y: $0.y - $1.y) }
  }

  package static func scaled(_ a: CGPath, by k: Double) -> Self {
    combined(a, a) { p, _ in CGPoint(x: p.x * k, y: p.y * k) }
  }

  /// The root mean square distance between corresponding points; 0 when the paths
  /// differ in structure.
  package static func distance(_ a: CGPath, _ b: CGPath) -> Double {
    let p = a.storage.points, q = b.storage.points
    guard a.storage.verbs == b.storage.verbs, p.count == q.count, !p.isEmpty else { return 0 }
    var sum = 0.0
    for i in p.indices { sum += Double((p[i].x - q[i].x) * (p[i].x - q[i].x) + (p[i].y - q[i].y) * (p[i].y - q[i].y)) }
    return (sum / Double(p.count)).squareRoot()
  }

  package var isValidAnimationValue: Bool {
    storage.points.allSatisfy { $0.x.isFinite && $0.y.isFinite }
  }

  /// A path of this type holding `storage` (`fallback` for a subclass LayerKit does not
  /// know how to make).
  private static func make(_ storage: PathStorage, fallback: CGPath) -> Self {
    if let p = CGPath(storage: storage) as? Self { return p }
    if let p = CGMutablePath(storage: storage) as? Self { return p }
    if let p = fallback as? Self { return p }
    // Only reachable for a CGPath subclass LayerKit cannot construct; such a value is
    // always the type of `fallback` here, because animations interpolate values of the
    // property's own type.
    return unsafeDowncast(fallback, to: Self.self)
  }

  private static func combined(_ a: CGPath, _ b: CGPath, _ f: (CGPoint, CGPoint) -> CGPoint) -> Self {
    var s = a.storage
    let q = b.storage.points
    for i in s.points.indices { s.points[i] = f(s.points[i], q[i]) }
    return make(s, fallback: a)
  }
}
