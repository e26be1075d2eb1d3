import Foundation

/// The kind of one path element, as Core Graphics names them.
public enum CGPathElementType: Int32, Sendable {
  /// Starts a new subpath at `points[0]`.
  case moveToPoint
  /// A straight line to `points[0]`.
  case addLineToPoint
  /// A quadratic Bézier with control `points[0]`, ending at `points[1]`.
  case addQuadCurveToPoint
  /// A cubic Bézier with controls `points[0]`, `points[1]`, ending at `points[2]`.
  case addCurveToPoint
  /// Closes the current subpath with a line back to its start.
  case closeSubpath

  /// How many points an element of this kind carries.
  @inlinable
  public var pointCount: Int {
    switch self {
    case .moveToPoint, .addLineToPoint: return 1
    case .addQuadCurveToPoint: return 2
    case .addCurveToPoint: return 3
    case .closeSubpath: return 0
    }
  }
}

/// One element of a path, handed to `CGPath.applyWithBlock(_:)`.
///
/// `points` addresses as many points as `type.pointCount`; it is valid only inside the
/// block.
public struct CGPathElement {
  public var type: CGPathElementType
  public var points: UnsafeMutablePointer<CGPoint>
}

/// One element of a path, as a Swift value.
public enum PathElement: Equatable, Sendable {
  case moveTo(CGPoint)
  case lineTo(CGPoint)
  case quadCurveTo(CGPoint, control: CGPoint)
  case curveTo(CGPoint, control1: CGPoint, control2: CGPoint)
  case closeSubpath
}

/// The storage behind a path: element kinds and their points, in two flat arrays.
///
/// `points` holds, in order, the points of every element (`pointCount` each), control
/// points first and the end point last, as `CGPathElement` lists them.
package struct PathStorage: Equatable, Hashable, Sendable {
  package var verbs: [CGPathElementType] = []
  package var points: [CGPoint] = []
  /// The start of the current subpath (where `closeSubpath` returns to).
  package var subpathStart: CGPoint = .zero
  /// Whether the last element leaves an open subpath a `lineTo` can continue.
  package var hasCurrentPoint = false

  package init() {}

  package static func == (a: PathStorage, b: PathStorage) -> Bool {
    a.verbs == b.verbs && a.points == b.points
  }

  package func hash(into h: inout Hasher) {
    h.combine(verbs)
    h.combine(points.count)
    for p in points {
      h.combine(p.x)
      h.combine(p.y)
    }
  }

  package var currentPoint: CGPoint {
    guard let last = verbs.last else { return .zero }
    if last == .closeSubpath { return subpathStart }
    return points.last ?? .zero
  }

  /// Empties the path (no elements, no current point) and keeps the arrays' capacity,
  /// so a path rebuilt in the same storage allocates nothing once it has grown.
  package mutating func removeAllKeepingCapacity() {
    verbs.removeAll(keepingCapacity: true)
    points.removeAll(keepingCapacity: true)
    subpathStart = .zero
    hasCurrentPoint = false
  }

  package mutating func move(to p: CGPoint) {
    verbs.append(.moveToPoint)
    points.append(p)
    subpathStart = p
    hasCurrentPoint = true
  }

  /// Core Graphics starts an implicit subpath when a segment is added with no current
  /// point; a path that ended with `closeSubpath` continues from the subpath's start.
  package mutating func ensureCurrentPoint(_ fallback: CGPoint) {
    if verbs.isEmpty {
      move(to: fallback)
    } else if verbs.last == .closeSubpath {
      move(to: subpathStart)
    }
  }

  package mutating func line(to p: CGPoint) {
    ensureCurrentPoint(p)
    verbs.append(.addLineToPoint)
    points.append(p)
  }

  package mutating func quad(to p: CGPoint, control c: CGPoint) {
    ensureCurrentPoint(c)
    verbs.append(.addQuadCurveToPoint)
    points.append(c)
    points.append(p)
  }

  package mutating func curve(to p: CGPoint, control1 c1: CGPoint, control2 c2: CGPoint) {
    ensureCurrentPoint(c1)
    verbs.append(.addCurveToPoint)
    points.append(c1)
    points.append(c2)
    points.append(p)
  }

  package mutating func close() {
    guard let last = verbs.last, last != .closeSubpath else { return }
    verbs.append(.closeSubpath)
  }

  /// Calls `body` with each element's kind and its points (a slice of `points`).
  @inlinable
  package func forEachElement(_ body: (CGPathElementType, ArraySlice<CGPoint>) -> Void) {
    var i = 0
    for v in verbs {
      let n = v.pointCount
      body(v, points[i..<(i + n)])
      i += n
    }
  }
}

/// An immutable graphics path: subpaths of lines and quadratic and cubic Bézier curves.
///
/// Core Graphics' reference type: `CGMutablePath` is the mutable subclass. Two paths are
/// equal when they have the same elements with the same points. A `CGPath` never changes
/// once made, so it may cross threads; a `CGMutablePath` must stay on one thread while it
/// is being built.
open class CGPath: Equatable, Hashable, CustomStringConvertible, @unchecked Sendable {
  /// The elements. Read for every path drawn or measured, so reads skip the runtime's
  /// exclusivity check: a path is only written while it is being built, on one thread,
  /// and nothing reads it during one of its own writes.
  @exclusivity(unchecked) package final var storage: PathStorage

  package init(storage: PathStorage) {
    self.storage = storage
  }

  /// An empty path.
  public convenience init() {
    self.init(storage: PathStorage())
  }

  /// Whether the path has no elements.
  public var isEmpty: Bool { storage.verbs.isEmpty }

  /// The end point of the last element, the subpath start after a close, or `.zero` for
  /// an empty path.
  public var currentPoint: CGPoint { storage.currentPoint }

  /// An immutable copy.
  public func copy() -> CGPath? { CGPath(storage: storage) }

  /// A mutable copy.
  public func mutableCopy() -> CGMutablePath? { CGMutablePath(storage: storage) }

  /// The elements, as Swift values.
  public var elements: [PathElement] {
    var out: [PathElement] = []
    out.reserveCapacity(storage.verbs.count)
    storage.forEachElement { verb, pts in
      let b = pts.startIndex
      switch verb {
      case .moveToPoint: out.append(.moveTo(pts[b]))
      case .addLineToPoint: out.append(.lineTo(pts[b]))
      case .addQuadCurveToPoint: out.append(.quadCurveTo(pts[b + 1], control: pts[b]))
      case .addCurveToPoint:
        out.append(.curveTo(pts[b + 2], control1: pts[b], control2: pts[b + 1]))
      case .closeSubpath: out.append(.closeSubpath)
      }
    }
    return out
  }

  /// Calls `block` once for each element, in order.
  public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
    var scratch = [CGPoint](repeating: .zero, count: 3)
    scratch.withUnsafeMutableBufferPointer { buf in
      storage.forEachElement { verb, pts in
        for (k, p) in pts.enumerated() { buf[k] = p }
        var element = CGPathElement(type: verb, points: buf.baseAddress!)
        withUnsafePointer(to: &element) { block($0) }
      }
    }
  }

  public static func == (a: CGPath, b: CGPath) -> Bool { a.storage == b.storage }

  public func hash(into h: inout Hasher) { h.combine(storage) }

  public var description: String { "CGPath(\(storage.verbs.count) elements)" }
}

/// A path that can be built up element by element.
public final class CGMutablePath: CGPath, @unchecked Sendable {
  // Sendable as Core Graphics' own paths are: share a mutable path only once nothing
  // appends to it any more (layers and contexts keep copies, `copy()`).
  /// An empty mutable path.
  public convenience init() {
    self.init(storage: PathStorage())
  }

  /// Starts a new subpath at `point` (mapped by `transform`).
  public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
    storage.move(to: point.applying(transform))
  }

  /// Adds a line from the current point to `point`.
  public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
    storage.line(to: point.applying(transform))
  }

  /// Adds a quadratic Bézier curve to `end` with one control point.
  public func addQuadCurve(
    to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity
  ) {
    storage.quad(to: end.applying(transform), control: control.applying(transform))
  }

  /// Adds a cubic Bézier curve to `end` with two control points.
  public func addCurve(
    to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
  ) {
    storage.curve(
      to: end.applying(transform), control1: control1.applying(transform),
      control2: control2.applying(transform))
  }

  /// Closes the current subpath. Does nothing when there is none, or it is closed.
  public func closeSubpath() {
    storage.close()
  }
}
