import Foundation
import LayerKit

/// A Lottie path value: vertices with in and out tangents relative to each vertex.
struct BezierShape: LottieInterpolatable {
  var vertices: [CGPoint]
  var inTangents: [CGPoint]
  var outTangents: [CGPoint]
  var closed: Bool

  /// Reads `{"v": [[x, y]…], "i": […], "o": […], "c": bool}` (or a one-element array of it,
  /// as keyframe values are written).
  init(_ node: JSONNode) throws(LottieError) {
    var n = node
    if n.isArray, let first = try n.array().first { n = first }
    func points(_ key: String) throws(LottieError) -> [CGPoint] {
      guard let list = n[key] else { return [] }
      let items = try list.array()
      guard items.count <= LottieLimits.maxVertices else {
        throw .limitExceeded(path: list.path, limit: "\(LottieLimits.maxVertices) vertices")
      }
      var out: [CGPoint] = []
      out.reserveCapacity(items.count)
      for item in items {
        let d = try item.doubles()
        guard d.count >= 2 else { throw .invalidValue(path: item.path, expected: "a point [x, y]") }
        out.append(CGPoint(x: d[0], y: d[1]))
      }
      return out
    }
    vertices = try points("v")
    let count = vertices.count
    inTangents = try points("i")
    outTangents = try points("o")
    if inTangents.count != count { inTangents = Array(repeating: .zero, count: count) }
    if outTangents.count != count { outTangents = Array(repeating: .zero, count: count) }
    closed = try n.bool("c", default: false)
  }

  init(vertices: [CGPoint], inTangents: [CGPoint], outTangents: [CGPoint], closed: Bool) {
    self.vertices = vertices
    self.inTangents = inTangents
    self.outTangents = outTangents
    self.closed = closed
  }

  func interpolated(to other: BezierShape, fraction f: Double) -> BezierShape {
    guard other.vertices.count == vertices.count else { return f < 1 ? self : other }
    func mix(_ a: [CGPoint], _ b: [CGPoint]) -> [CGPoint] {
      zip(a, b).map { CGPoint(x: $0.x + ($1.x - $0.x) * f, y: $0.y + ($1.y - $0.y) * f) }
    }
    return BezierShape(
      vertices: mix(vertices, other.vertices), inTangents: mix(inTangents, other.inTangents),
      outTangents: mix(outTangents, other.outTangents), closed: closed)
  }

  /// Appends this shape to `path` as one subpath of cubic segments; a closed shape gets
  /// its closing segment and `closeSubpath`.
  /// - Parameter lines: draw a segment whose tangents are both zero as a line, as
  ///   lottie-ios builds its `CGPath` (a trim cuts a line evenly, a cubic with its control
  ///   points on its ends unevenly). Animated shapes keep cubics, so every keyframe's
  ///   path has the same elements to interpolate.
  func append(to path: CGMutablePath, reversed: Bool = false, lines: Bool = false) {
    guard let first = vertices.first else { return }
    var v = vertices
    var i = inTangents
    var o = outTangents
    if reversed {
      // Walking backwards swaps each vertex's in and out tangents; the start stays.
      v = [v[0]] + v[1...].reversed()
      let oi = i
      let oo = o
      i = [oo[0]] + oo[1...].reversed()
      o = [oi[0]] + oi[1...].reversed()
    }
    _ = first
    path.move(to: v[0])
    func segment(_ a: Int, _ b: Int) {
      if lines && o[a] == .zero && i[b] == .zero {
        path.addLine(to: v[b])
        return
      }
      let c1 = CGPoint(x: v[a].x + o[a].x, y: v[a].y + o[a].y)
      let c2 = CGPoint(x: v[b].x + i[b].x, y: v[b].y + i[b].y)
      path.addCurve(to: v[b], control1: c1, control2: c2)
    }
    for k in 1..<max(v.count, 1) where v.count > 1 { segment(k - 1, k) }
    if closed {
      if v.count > 1 { segment(v.count - 1, 0) }
      path.closeSubpath()
    }
  }
}
