import Foundation

extension Double: Interpolatable {
  package static func interpolate(_ a: Double, _ b: Double, fraction: Double) -> Double {
    interpolateLinearly(a, b, fraction)
  }
  package static func adding(_ a: Double, _ b: Double) -> Double { a + b }
  package static func subtracting(_ a: Double, _ b: Double) -> Double { a - b }
  package static func scaled(_ a: Double, by k: Double) -> Double { a * k }
  package static func distance(_ a: Double, _ b: Double) -> Double { Swift.abs(b - a) }
  package init?(animationValue: Any) {
    guard let v = animationScalar(animationValue) else { return nil }
    self = v
  }
  package var isValidAnimationValue: Bool { isFinite }
}

/// The (x, y, z) inputs of a `CAValueFunction`.
extension SIMD3: Interpolatable where Scalar == Double {
  package static func interpolate(_ a: SIMD3<Double>, _ b: SIMD3<Double>, fraction t: Double)
    -> SIMD3<Double>
  {
    SIMD3(
      interpolateLinearly(a.x, b.x, t), interpolateLinearly(a.y, b.y, t),
      interpolateLinearly(a.z, b.z, t))
  }
  package static func adding(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> { a + b }
  package static func subtracting(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> { a - b }
  package static func scaled(_ a: SIMD3<Double>, by k: Double) -> SIMD3<Double> { a * k }
  package static func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
    let d = b - a
    return (d * d).sum().squareRoot()
  }
  package init?(animationValue: Any) {
    guard let v = animationValue as? SIMD3<Double> else { return nil }
    self = v
  }
  package var isValidAnimationValue: Bool { x.isFinite && y.isFinite && z.isFinite }
  /// Given as arrays of numbers: paced keyframes keep even spacing.
  package static var pacesWithEvenSpacing: Bool { true }
}

/// Paths interpolate point by point when both have the same elements (same kinds in
/// the same order); otherwise they switch from `a` to `b` at fraction 0.5.
extension CGPath: Interpolatable {
  static func sameStructure(_ a: CGPath, _ b: CGPath) -> Bool {
    a.storage.points.count == b.storage.points.count && a.storage.verbs == b.storage.verbs
  }

  /// A path with `a`'s elements whose points are `f` of `a`'s and `b`'s (same structure).
  static func combine(_ a: CGPath, _ b: CGPath, _ f: (CGPoint, CGPoint) -> CGPoint) -> CGPath {
    var st = a.storage
    let pb = b.storage.points
    st.points = a.storage.points.withUnsafeBufferPointer { pa in
      pb.withUnsafeBufferPointer { pb in
        Array(unsafeUninitializedCapacity: pa.count) { out, n in
          let base = out.baseAddress.unsafelyUnwrapped
          for i in 0..<pa.count { (base + i).initialize(to: f(pa[i], pb[i])) }
          n = pa.count
        }
      }
    }
    // A mutable path is a valid `Self` whether `Self` is CGPath or CGMutablePath.
    return CGMutablePath(storage: st)
  }

  static func cast(_ p: CGPath, fallback: CGPath) -> Self {
    (p as? Self) ?? unsafeDowncast(fallback, to: Self.self)
  }

  package static func interpolate(_ a: CGPath, _ b: CGPath, fraction t: Double) -> Self {
    guard sameStructure(a, b) else { return cast(t < 0.5 ? a : b, fallback: a) }
    return cast(combine(a, b) { CGPoint.interpolate($0, $1, fraction: t) }, fallback: a)
  }
  package static func adding(_ a: CGPath, _ b: CGPath) -> Self {
    guard sameStructure(a, b) else { return cast(b, fallback: a) }
    return cast(combine(a, b) { CGPoint.adding($0, $1) }, fallback: a)
  }
  package static func subtracting(_ a: CGPath, _ b: CGPath) -> Self {
    guard sameStructure(a, b) else { return cast(a, fallback: a) }
    return cast(combine(a, b) { CGPoint.subtracting($0, $1) }, fallback: a)
  }
  package static func scaled(_ a: CGPath, by k: Double) -> Self {
    cast(combine(a, a) { p, _ in CGPoint.scaled(p, by: k) }, fallback: a)
  }
  package static func distance(_ a: CGPath, _ b: CGPath) -> Double {
    guard sameStructure(a, b) else { return 0 }
    var sum = 0.0
    for (p, q) in zip(a.storage.points, b.storage.points) {
      sum += (q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)
    }
    return sum.squareRoot()
  }
  package var isValidAnimationValue: Bool {
    storage.points.allSatisfy { $0.x.isFinite && $0.y.isFinite }
  }
}

extension Interpolatable where Self: CGPath {
  package init?(animationValue: Any) {
    guard let v = animationValue as? Self else { return nil }
    self = v
  }
}

/// Arrays interpolate element by element when both have the same count; otherwise they
/// switch from `a` to `b` at fraction 0.5.
extension Array: Interpolatable where Element: Interpolatable {
  package static func interpolate(_ a: [Element], _ b: [Element], fraction t: Double) -> [Element] {
    guard a.count == b.count else { return t < 0.5 ? a : b }
    return zip(a, b).map { Element.interpolate($0, $1, fraction: t) }
  }
  package static func adding(_ a: [Element], _ b: [Element]) -> [Element] {
    guard a.count == b.count else { return b }
    return zip(a, b).map { Element.adding($0, $1) }
  }
  package static func subtracting(_ a: [Element], _ b: [Element]) -> [Element] {
    guard a.count == b.count else { return a }
    return zip(a, b).map { Element.subtracting($0, $1) }
  }
  package static func scaled(_ a: [Element], by k: Double) -> [Element] {
    a.map { Element.scaled($0, by: k) }
  }
  package static func distance(_ a: [Element], _ b: [Element]) -> Double {
    guard a.count == b.count else { return 0 }
    return zip(a, b).reduce(0) { $0 + Element.distance($1.0, $1.1) * Element.distance($1.0, $1.1) }
      .squareRoot()
  }
  package init?(animationValue: Any) {
    guard let items = animationValue as? [Any] else { return nil }
    var out: [Element] = []
    out.reserveCapacity(items.count)
    for item in items {
      guard let e = Element(animationValue: item) else { return nil }
      out.append(e)
    }
    self = out
  }
  // A closure, not the key path `\.isValidAnimationValue`: in this generic context the key
  // path is applied through the runtime, thousands of instructions per array.
  package var isValidAnimationValue: Bool { allSatisfy { $0.isValidAnimationValue } }
  /// Paced keyframes of arrays keep even spacing.
  package static var pacesWithEvenSpacing: Bool { true }
}
