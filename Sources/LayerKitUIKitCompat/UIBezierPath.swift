import LayerKit

/// A path with its own stroke settings, as UIKit spells it, over a `CGMutablePath`.
///
/// Coordinates are UIKit's: y grows downwards, and `clockwise` in the arc methods means
/// clockwise on screen (Core Graphics' `clockwise: false` in a y-up space). ``fill()``
/// and ``stroke()`` draw into `UIGraphicsGetCurrentContext()`, so they work inside a
/// layer's `draw(in:)`.
open class UIBezierPath {
  private var path: CGMutablePath

  /// The stroke width in points. Default 1.
  open var lineWidth: CGFloat = 1
  /// Default `.butt`.
  open var lineCapStyle: CGLineCap = .butt
  /// Default `.miter`.
  open var lineJoinStyle: CGLineJoin = .miter
  /// Default 10.
  open var miterLimit: CGFloat = 10
  /// Fill with the even-odd rule instead of non-zero winding. Default false.
  open var usesEvenOddFillRule = false
  private var dash: (phase: CGFloat, lengths: [CGFloat]) = (0, [])

  /// An empty path.
  public init() { path = CGMutablePath() }

  /// A path with the elements of `cgPath`.
  public init(cgPath: CGPath) { path = cgPath.mutableCopy() ?? CGMutablePath() }

  /// A closed rectangle, clockwise on screen from the top-left corner.
  public convenience init(rect: CGRect) {
    self.init()
    path.addRect(rect)
  }

  /// The ellipse inscribed in `rect`.
  public convenience init(ovalIn rect: CGRect) {
    self.init()
    path.addEllipse(in: rect)
  }

  /// A rectangle with circular corners of `cornerRadius`, clamped to half the shorter
  /// side. (UIKit draws slightly smoother "continuous" corners; the difference is under a
  /// pixel for small radii.)
  public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
    let r = max(0, min(cornerRadius, min(abs(rect.width), abs(rect.height)) / 2))
    self.init()
    path.addRoundedRect(in: rect, cornerWidth: r, cornerHeight: r)
  }

  /// A rectangle with elliptical corners of `cornerRadii` on the chosen corners only.
  public convenience init(
    roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize
  ) {
    self.init()
    let r = rect.standardized
    let rx = max(0, min(cornerRadii.width, r.width / 2))
    let ry = max(0, min(cornerRadii.height, r.height / 2))
    // Corner: its point, and the unit directions towards the previous and the next corner.
    let plan: [(UIRectCorner, CGPoint, CGPoint, CGPoint)] = [
      (.topLeft, CGPoint(x: r.minX, y: r.minY), CGPoint(x: 0, y: 1), CGPoint(x: 1, y: 0)),
      (.topRight, CGPoint(x: r.maxX, y: r.minY), CGPoint(x: -1, y: 0), CGPoint(x: 0, y: 1)),
      (.bottomRight, CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: 0, y: -1), CGPoint(x: -1, y: 0)),
      (.bottomLeft, CGPoint(x: r.minX, y: r.maxY), CGPoint(x: 1, y: 0), CGPoint(x: 0, y: -1)),
    ]
    // κ: the control distance of a quarter ellipse as cubic Béziers.
    let kappa: CGFloat = 0.5522847498307936
    for (k, (corner, p, toPrevious, toNext)) in plan.enumerated() {
      guard corners.contains(corner), rx > 0, ry > 0 else {
        k == 0 ? path.move(to: p) : path.addLine(to: p)
        continue
      }
      let start = CGPoint(x: p.x + toPrevious.x * rx, y: p.y + toPrevious.y * ry)
      let end = CGPoint(x: p.x + toNext.x * rx, y: p.y + toNext.y * ry)
      k == 0 ? path.move(to: start) : path.addLine(to: start)
      path.addCurve(
        to: end,
        control1: CGPoint(
          x: start.x - toPrevious.x * rx * kappa, y: start.y - toPrevious.y * ry * kappa),
        control2: CGPoint(x: end.x - toNext.x * rx * kappa, y: end.y - toNext.y * ry * kappa))
    }
    path.closeSubpath()
  }

  /// An open arc of a circle; angles in radians from +x, `clockwise` on screen.
  public convenience init(
    arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
    clockwise: Bool
  ) {
    self.init()
    addArc(
      withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
      clockwise: clockwise)
  }

  /// The path as Core Graphics sees it (a copy; setting it replaces the elements).
  open var cgPath: CGPath {
    get { path.copy() ?? CGPath() }
    set { path = newValue.mutableCopy() ?? CGMutablePath() }
  }

  /// The end of the last element (zero when empty).
  open var currentPoint: CGPoint { path.currentPoint }
  /// True when the path has no elements.
  open var isEmpty: Bool { path.isEmpty }
  /// The bounding box of the points, control points included.
  open var bounds: CGRect { path.boundingBox }

  open func move(to point: CGPoint) { path.move(to: point) }
  open func addLine(to point: CGPoint) { path.addLine(to: point) }
  open func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
    path.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
  }
  open func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) {
    path.addQuadCurve(to: end, control: controlPoint)
  }

  /// Adds an arc (joined to the current point by a line); `clockwise` on screen.
  open func addArc(
    withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
    clockwise: Bool
  ) {
    path.addArc(
      center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
      clockwise: !clockwise)
  }

  open func close() { path.closeSubpath() }
  open func removeAllPoints() { path = CGMutablePath() }
  /// Adds the elements of `other`.
  open func append(_ other: UIBezierPath) { path.addPath(other.path) }
  /// Maps every point by `transform`.
  open func apply(_ transform: CGAffineTransform) {
    var t = transform
    path = path.mutableCopy(using: &t) ?? path
  }

  /// Whether `point` is inside, by the path's fill rule.
  open func contains(_ point: CGPoint) -> Bool {
    path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
  }

  open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
    dash = (phase, pattern.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
  }

  /// Fills the path in the current context's fill colour (see `UIColor.setFill()`).
  open func fill() {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.addPath(path)
    context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
  }

  /// Strokes the path with its own line settings in the current context's stroke colour.
  open func stroke() {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.saveGState()
    defer { context.restoreGState() }
    context.setLineWidth(lineWidth)
    context.setLineCap(lineCapStyle)
    context.setLineJoin(lineJoinStyle)
    context.setMiterLimit(miterLimit)
    context.setLineDash(phase: dash.phase, lengths: dash.lengths)
    context.addPath(path)
    context.strokePath()
  }

  /// Intersects the current context's clip with the path.
  open func addClip() {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.addPath(path)
    context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
  }
}
