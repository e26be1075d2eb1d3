import Foundation

/// A 2D affine transform, as Core Graphics defines it.
///
/// Points are row vectors: `[x y 1] · M`, so that
/// `x′ = a·x + c·y + tx` and `y′ = b·x + d·y + ty`.
///
/// ```
///        | a   b   0 |
///    M = | c   d   0 |
///        | tx  ty  1 |
/// ```
///
/// `t1.concatenating(t2)` applies `t1` first, then `t2`. The `translatedBy`, `scaledBy`
/// and `rotated` methods apply the new step *before* the receiver, exactly as
/// `CGAffineTransformTranslate` and friends do.
public struct CGAffineTransform: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var a: CGFloat
  public var b: CGFloat
  public var c: CGFloat
  public var d: CGFloat
  public var tx: CGFloat
  public var ty: CGFloat

  /// Creates a transform from its six coefficients.
  @inlinable
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// Creates a transform from its six coefficients, in Core Graphics' order.
  @inlinable
  public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat)
  {
    self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
  }

  /// The identity transform.
  @inlinable
  public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

  /// A translation by `(tx, ty)`.
  @inlinable
  public init(translationX tx: CGFloat, y ty: CGFloat) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }

  /// A scale by `(sx, sy)` about the origin.
  @inlinable
  public init(scaleX sx: CGFloat, y sy: CGFloat) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// A rotation by `angle` radians about the origin.
  ///
  /// A positive angle turns +x towards +y: counter-clockwise in a y-up space,
  /// clockwise on a y-down screen.
  @inlinable
  public init(rotationAngle angle: CGFloat) {
    let s = sin(angle)
    let co = cos(angle)
    self.init(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
  }

  /// The identity transform.
  public static let identity = CGAffineTransform()

  /// Whether this is exactly the identity (compared entry by entry in place, without
  /// loading the shared `identity`).
  @inlinable
  public var isIdentity: Bool { a == 1 && d == 1 && b == 0 && c == 0 && tx == 0 && ty == 0 }

  /// The transform that applies `self`, then `t2`.
  @inlinable
  public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
    CGAffineTransform(
      a: a * t2.a + b * t2.c,
      b: a * t2.b + b * t2.d,
      c: c * t2.a + d * t2.c,
      d: c * t2.b + d * t2.d,
      tx: tx * t2.a + ty * t2.c + t2.tx,
      ty: tx * t2.b + ty * t2.d + t2.ty)
  }

  /// A translation applied before this transform.
  @inlinable
  public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
    CGAffineTransform(translationX: x, y: y).concatenating(self)
  }

  /// A scale applied before this transform.
  @inlinable
  public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
    CGAffineTransform(scaleX: x, y: y).concatenating(self)
  }

  /// A rotation by `angle` radians applied before this transform.
  @inlinable
  public func rotated(by angle: CGFloat) -> CGAffineTransform {
    CGAffineTransform(rotationAngle: angle).concatenating(self)
  }

  /// The determinant `a·d − b·c`.
  @inlinable
  public var determinant: CGFloat { a * d - b * c }

  /// The inverse, or `self` unchanged when the transform is not invertible (as Core
  /// Graphics documents).
  public func inverted() -> CGAffineTransform {
    let det = determinant
    guard det != 0, det.isFinite else { return self }
    let inv = 1 / det
    return CGAffineTransform(
      a: d * inv, b: -b * inv, c: -c * inv, d: a * inv,
      tx: (c * ty - d * tx) * inv,
      ty: (b * tx - a * ty) * inv)
  }

  public var description: String {
    "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
  }
}

extension CGPoint {
  /// The point mapped by `t`.
  @inlinable
  public func applying(_ t: CGAffineTransform) -> CGPoint {
    CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
  }
}

extension CGSize {
  /// The size mapped by the linear part of `t` (no translation); may be negative.
  @inlinable
  public func applying(_ t: CGAffineTransform) -> CGSize {
    CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
  }
}

extension CGRect {
  /// The smallest rectangle that contains the four mapped corners of the standardized
  /// rectangle. The null rectangle maps to itself.
  public func applying(_ t: CGAffineTransform) -> CGRect {
    if isNull { return self }
    if t.b == 0 && t.c == 0 {
      let r = standardized
      let x0 = r.minX * t.a + t.tx
      let x1 = r.maxX * t.a + t.tx
      let y0 = r.minY * t.d + t.ty
      let y1 = r.maxY * t.d + t.ty
      return CGRect(
        x: Swift.min(x0, x1), y: Swift.min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
    }
    let r = standardized
    let p0 = CGPoint(x: r.minX, y: r.minY).applying(t)
    let p1 = CGPoint(x: r.maxX, y: r.minY).applying(t)
    let p2 = CGPoint(x: r.minX, y: r.maxY).applying(t)
    let p3 = CGPoint(x: r.maxX, y: r.maxY).applying(t)
    let minX = Swift.min(p0.x, p1.x, p2.x, p3.x)
    let maxX = Swift.max(p0.x, p1.x, p2.x, p3.x)
    let minY = Swift.min(p0.y, p1.y, p2.y, p3.y)
    let maxY = Swift.max(p0.y, p1.y, p2.y, p3.y)
    return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
