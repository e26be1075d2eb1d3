import Foundation
import LayerKit

/// Stars and polygons (`sr`) as lottie-ios builds them (`BezierPath.star`,
/// `BezierPath.polygon`, used by its Core Animation engine's `StarAnimation`).
extension Geometry {
  /// A star vertex's tangent length as a share of its radius at 100 % roundness
  /// (lottie-ios's `PolystarConstant`).
  static let starTangent = 0.47829
  /// A polygon vertex's tangent length as a share of the outer radius at 100 % roundness
  /// (lottie-ios's `PolygonConstant`).
  static let polygonTangent = 0.25

  /// A star (`sy` 1: outer and inner vertices alternating) or polygon (`sy` 2) at frame
  /// `f` of its layer, starting straight up from the centre turned by `r` degrees and
  /// running clockwise.
  ///
  /// Roundness (`os`, `is`, in percent) puts each vertex's control points on the tangent
  /// of its circle, `radius × roundness × 0.47829` away for a star and
  /// `outer radius × roundness × 0.25` for a polygon. A point count with a fraction
  /// (`pt` 5.5, or between keyframes) follows lottie-ios: a star grows a partial last
  /// point whose radius and angle are that fraction of a whole one; a polygon steps
  /// `360° / pt` for `ceil(pt)` sides, so its last side overshoots the start.
  /// A count that is not positive and finite draws nothing; counts above
  /// `LottieLimits.maxStarPoints` draw that many.
  static func star(_ s: StarShape, at f: Double) -> BezierShape {
    let n = min(s.points.value(at: f), Double(LottieLimits.maxStarPoints))
    guard n > 0, n.isFinite else {
      return BezierShape(vertices: [], inTangents: [], outTangents: [], closed: true)
    }
    let c = s.position.value(at: f)
    let centre = CGPoint(x: c.at(0), y: c.at(1))
    let rotation = s.rotation.value(at: f)
    let outer = s.outerRadius.value(at: f)
    let path =
      s.isPolygon
      ? polygon(
        points: n, outer: outer, roundness: s.outerRoundness.value(at: f) / 100,
        rotation: rotation)
      : star(
        points: n, outer: outer, inner: s.innerRadius.value(at: f),
        outerRoundness: s.outerRoundness.value(at: f) / 100,
        innerRoundness: s.innerRoundness.value(at: f) / 100, rotation: rotation)
    return path.closing(around: centre)
  }

  /// The point at `radius` and `angle` (radians, y down) from the centre.
  private static func polar(_ radius: Double, _ angle: Double) -> CGPoint {
    CGPoint(x: radius * cos(angle), y: radius * sin(angle))
  }

  /// The control point offset at `point` (relative to the centre): along the tangent of
  /// its circle, a quarter turn back from its direction, `length` long.
  private static func tangent(at point: CGPoint, length: Double) -> CGPoint {
    let theta = atan2(point.y, point.x) - .pi / 2
    return CGPoint(x: length * cos(theta), y: length * sin(theta))
  }

  private static func star(
    points n: Double, outer: Double, inner: Double, outerRoundness: Double,
    innerRoundness: Double, rotation: Double
  ) -> StarVertices {
    var angle = (rotation - 90) * .pi / 180
    let perPoint = 2 * Double.pi / n
    let half = perPoint / 2
    let partial = n - n.rounded(.down)
    var partialRadius = 0.0
    var point: CGPoint
    if partial != 0 {
      angle += half * (1 - partial)
      partialRadius = inner + partial * (outer - inner)
      point = polar(partialRadius, angle)
      angle += perPoint * partial / 2
    } else {
      point = polar(outer, angle)
      angle += half
    }
    var out = StarVertices(first: point)
    let count = Int(n.rounded(.up)) * 2
    let rounded = outerRoundness != 0 || innerRoundness != 0
    var long = false
    for i in 0..<count {
      var radius = long ? outer : inner
      var step = half
      if partialRadius != 0 && i == count - 2 { step = perPoint * partial / 2 }
      if partialRadius != 0 && i == count - 1 { radius = partialRadius }
      let previous = point
      point = polar(radius, angle)
      if rounded {
        // The segment leaves an outer vertex and reaches an inner one, or the reverse.
        let leaving = long ? inner * innerRoundness : outer * outerRoundness
        let reaching = long ? outer * outerRoundness : inner * innerRoundness
        var cp1 = tangent(at: previous, length: leaving * starTangent)
        var cp2 = tangent(at: point, length: reaching * starTangent)
        if partial != 0 && i == 0 { cp1 = CGPoint(x: cp1.x * partial, y: cp1.y * partial) }
        if partial != 0 && i == count - 1 {
          cp2 = CGPoint(x: cp2.x * partial, y: cp2.y * partial)
        }
        out.append(point, leaving: cp1, reaching: cp2)
      } else {
        out.append(point, leaving: .zero, reaching: .zero)
      }
      angle += step
      long.toggle()
    }
    return out
  }

  private static func polygon(points n: Double, outer: Double, roundness: Double, rotation: Double)
    -> StarVertices
  {
    var angle = (rotation - 90) * .pi / 180
    let perPoint = 2 * Double.pi / n
    var point = polar(outer, angle)
    var out = StarVertices(first: point)
    angle += perPoint
    let length = outer * roundness * polygonTangent
    for _ in 0..<Int(n.rounded(.up)) {
      let previous = point
      point = polar(outer, angle)
      if roundness != 0 {
        out.append(
          point, leaving: tangent(at: previous, length: length),
          reaching: tangent(at: point, length: length))
      } else {
        out.append(point, leaving: .zero, reaching: .zero)
      }
      angle += perPoint
    }
    return out
  }
}

/// The vertices of a star or polygon relative to its centre, in lottie-ios's order: the
/// first vertex again at the end when the outline comes back to it.
private struct StarVertices {
  var vertices: [CGPoint]
  var inTangents: [CGPoint] = [.zero]
  var outTangents: [CGPoint] = [.zero]

  init(first: CGPoint) { vertices = [first] }

  /// Adds a vertex reached from the last one: the last leaves along `-leaving`, the new
  /// one is reached along `reaching`.
  mutating func append(_ point: CGPoint, leaving: CGPoint, reaching: CGPoint) {
    outTangents[outTangents.count - 1] = CGPoint(x: -leaving.x, y: -leaving.y)
    vertices.append(point)
    inTangents.append(reaching)
    outTangents.append(.zero)
  }

  /// The closed shape moved to `centre`. A last vertex on the first (every whole star or
  /// polygon) becomes the first's in-tangent: the same outline without lottie-ios's
  /// zero-length closing segment.
  func closing(around centre: CGPoint) -> BezierShape {
    var v = vertices.map { CGPoint(x: $0.x + centre.x, y: $0.y + centre.y) }
    var i = inTangents
    var o = outTangents
    if v.count > 2, let last = vertices.last {
      let scale = max(abs(vertices[0].x), abs(vertices[0].y), 1)
      if abs(last.x - vertices[0].x) <= 1e-9 * scale && abs(last.y - vertices[0].y) <= 1e-9 * scale
      {
        i[0] = i[i.count - 1]
        v.removeLast()
        i.removeLast()
        o.removeLast()
      }
    }
    return BezierShape(vertices: v, inTangents: i, outTangents: o, closed: true)
  }
}
