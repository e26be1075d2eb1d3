import Foundation

/// The distance from an end point to its control point, as a fraction of the radius, for
/// a cubic Bézier that approximates a quarter circle: `4/3·(√2 − 1)`.
package let quarterCircleKappa: CGFloat = 0.552_284_749_830_793_4

extension PathStorage {
  /// Appends a closed rectangle: from the minimum corner along +x, then +y, then back
  /// (counter-clockwise in a y-up space), as Core Graphics does.
  package mutating func addRect(_ r: CGRect, _ t: CGAffineTransform) {
    let r = r.standardized
    move(to: CGPoint(x: r.minX, y: r.minY).applying(t))
    line(to: CGPoint(x: r.maxX, y: r.minY).applying(t))
    line(to: CGPoint(x: r.maxX, y: r.maxY).applying(t))
    line(to: CGPoint(x: r.minX, y: r.maxY).applying(t))
    close()
  }

  /// Appends a closed ellipse inscribed in `r`: four quarter-ellipse cubics starting at
  /// `(maxX, midY)` with the angle increasing (counter-clockwise in a y-up space).
  package mutating func addEllipse(_ r: CGRect, _ t: CGAffineTransform) {
    let r = r.standardized
    let cx = r.midX
    let cy = r.midY
    let rx = r.width / 2
    let ry = r.height / 2
    let kx = rx * quarterCircleKappa
    let ky = ry * quarterCircleKappa
    func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y).applying(t) }
    move(to: p(cx + rx, cy))
    curve(to: p(cx, cy + ry), control1: p(cx + rx, cy + ky), control2: p(cx + kx, cy + ry))
    curve(to: p(cx - rx, cy), control1: p(cx - kx, cy + ry), control2: p(cx - rx, cy + ky))
    curve(to: p(cx, cy - ry), control1: p(cx - rx, cy - ky), control2: p(cx - kx, cy - ry))
    curve(to: p(cx + rx, cy), control1: p(cx + kx, cy - ry), control2: p(cx + rx, cy - ky))
    close()
  }

  /// Appends a closed rounded rectangle with quarter-ellipse corners of radii
  /// `(cw, ch)`, each clamped to `0...half the side`. Starts at `(minX + cw, minY)` and
  /// runs like `addRect`; zero radii give a plain rectangle.
  package mutating func addRoundedRect(
    _ r: CGRect, _ cw: CGFloat, _ ch: CGFloat, _ t: CGAffineTransform
  ) {
    let r = r.standardized
    let rx = Swift.min(Swift.max(cw.isFinite ? cw : 0, 0), r.width / 2)
    let ry = Swift.min(Swift.max(ch.isFinite ? ch : 0, 0), r.height / 2)
    if rx <= 0 || ry <= 0 {
      addRect(r, t)
      return
    }
    let kx = rx * quarterCircleKappa
    let ky = ry * quarterCircleKappa
    func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y).applying(t) }
    let x0 = r.minX
    let x1 = r.maxX
    let y0 = r.minY
    let y1 = r.maxY
    move(to: p(x0 + rx, y0))
    if x1 - rx > x0 + rx { line(to: p(x1 - rx, y0)) }
    curve(to: p(x1, y0 + ry), control1: p(x1 - rx + kx, y0), control2: p(x1, y0 + ry - ky))
    if y1 - ry > y0 + ry { line(to: p(x1, y1 - ry)) }
    curve(to: p(x1 - rx, y1), control1: p(x1, y1 - ry + ky), control2: p(x1 - rx + kx, y1))
    if x0 + rx < x1 - rx { line(to: p(x0 + rx, y1)) }
    curve(to: p(x0, y1 - ry), control1: p(x0 + rx - kx, y1), control2: p(x0, y1 - ry + ky))
    if y0 + ry < y1 - ry { line(to: p(x0, y0 + ry)) }
    curve(to: p(x0 + rx, y0), control1: p(x0, y0 + ry - ky), control2: p(x0 + rx - kx, y0))
    close()
  }

  /// Appends every element of `other`, mapped by `t`.
  package mutating func append(_ other: PathStorage, _ t: CGAffineTransform) {
    var i = 0
    for verb in other.verbs {
      let n = verb.pointCount
      defer { i += n }
      switch verb {
      case .moveToPoint: move(to: other.points[i].applying(t))
      case .addLineToPoint: line(to: other.points[i].applying(t))
      case .addQuadCurveToPoint:
        quad(to: other.points[i + 1].applying(t), control: other.points[i].applying(t))
      case .addCurveToPoint:
        curve(
          to: other.points[i + 2].applying(t), control1: other.points[i].applying(t),
          control2: other.points[i + 1].applying(t))
      case .closeSubpath: close()
      }
    }
  }

  /// The storage with every point mapped by `t`.
  package func applying(_ t: CGAffineTransform) -> PathStorage {
    var copy = self
    if t.isIdentity { return copy }
    for k in copy.points.indices { copy.points[k] = copy.points[k].applying(t) }
    copy.subpathStart = subpathStart.applying(t)
    return copy
  }
}

extension CGMutablePath {
  /// Adds an open subpath of straight lines through `points`, in order.
  ///
  /// Starts a new subpath at the first point; an empty array adds nothing.
  public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
    guard let first = points.first else { return }
    storage.move(to: first.applying(transform))
    for p in points.dropFirst() { storage.line(to: p.applying(transform)) }
  }

  /// Adds a closed rectangular subpath: `(minX, minY)`, `(maxX, minY)`, `(maxX, maxY)`,
  /// `(minX, maxY)`, then `closeSubpath` (counter-clockwise in a y-up space).
  public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
    storage.addRect(rect, transform)
  }

  /// Adds one closed rectangular subpath per rectangle, in order.
  public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
    for r in rects { storage.addRect(r, transform) }
  }

  /// Adds a closed ellipse that fits inside `rect`, as four cubic Béziers.
  ///
  /// Starts at `(maxX, midY)` and goes towards `(midX, maxY)`: counter-clockwise in a
  /// y-up space, clockwise on a y-down screen.
  public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
    storage.addEllipse(rect, transform)
  }

  /// Adds a closed rectangle with rounded corners.
  ///
  /// Each corner is a quarter ellipse with horizontal radius `cornerWidth` and vertical
  /// radius `cornerHeight`, each clamped to `0...` half the rectangle's side.
  public func addRoundedRect(
    in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
    transform: CGAffineTransform = .identity
  ) {
    storage.addRoundedRect(rect, cornerWidth, cornerHeight, transform)
  }

  /// Appends the elements of `path`, mapped by `transform`.
  public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
    let other = path.storage
    storage.append(other, transform)
  }
}

extension CGPath {
  /// A closed rectangle, mapped by `transform` when it is not `nil`.
  public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    var s = PathStorage()
    s.addRect(rect, transform?.pointee ?? .identity)
    self.init(storage: s)
  }

  /// A closed ellipse inscribed in `rect`, mapped by `transform` when it is not `nil`.
  public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    var s = PathStorage()
    s.addEllipse(rect, transform?.pointee ?? .identity)
    self.init(storage: s)
  }

  /// A closed rounded rectangle (quarter-ellipse corners, radii clamped to half the side),
  /// mapped by `transform` when it is not `nil`.
  public convenience init(
    roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
    transform: UnsafePointer<CGAffineTransform>?
  ) {
    var s = PathStorage()
    s.addRoundedRect(rect, cornerWidth, cornerHeight, transform?.pointee ?? .identity)
    self.init(storage: s)
  }

  /// An immutable copy with every point mapped by `transform` (`nil` means identity).
  public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
    CGPath(storage: storage.applying(transform?.pointee ?? .identity))
  }

  /// A mutable copy with every point mapped by `transform` (`nil` means identity).
  public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
    CGMutablePath(storage: storage.applying(transform?.pointee ?? .identity))
  }
}
