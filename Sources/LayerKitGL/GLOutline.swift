import Foundation
import LayerKit

/// A layer outline (rounded bounds, border edge, contents rectangle) as the device-space
/// polygon LayerKit's rasterizer fills: the path mapped into device pixels and flattened
/// with the fill tolerance (`CGContext.fillTolerance`), so the shader's exact-area
/// coverage of it (``GLLayerShader``) is the CPU compositor's, edge pixel for edge pixel.
struct GLOutline {
  /// The most points one outline may have (``GLLayerShader/maxPoints``).
  static let maxPoints = GLLayerShader.maxPoints

  /// The polygon's points in device pixels, in drawing order (closed implicitly).
  var points: [SIMD2<Float>]
  /// A device rectangle (x0, y0, x1, y1) wholly inside the polygon (pixels there are
  /// covered without looking at the edges); empty when none is known.
  var inside: SIMD4<Float>

  /// The outline of `path` (its first subpath) under the affine `map`; nil when it has
  /// more than ``maxPoints`` points or none, or is not finite.
  init?(_ path: CGPath, map: CGAffineTransform, inside: CGRect = .null) {
    var sink = Collector()
    PathFlattener.flatten(
      path.storage, transform: map, tolerance: CGContext.fillTolerance, into: &sink)
    guard !sink.overflow, sink.points.count >= 3 else { return nil }
    points = sink.points
    if inside.isNull || inside.isEmpty {
      self.inside = SIMD4(0, 0, 0, 0)
    } else {
      let r = inside.applying(map)
      self.inside = SIMD4(Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.maxY))
    }
  }

  /// The rounded rectangle `rect` with `radius` on `corners` (`curve`) under `map`, with
  /// the part away from its corners as its known inside (when `map` keeps axes).
  init?(
    roundedRect rect: CGRect, radius: CGFloat, corners: CACornerMask, curve: CALayerCornerCurve,
    map: CGAffineTransform
  ) {
    guard rect.width > 0, rect.height > 0 else { return nil }
    let path = CGMutablePath()
    RoundedRectPath.add(rect, radius: radius, corners: corners, curve: curve, to: path)
    let r = RoundedRectPath.clampedRadius(radius, in: rect)
    let reach = curve == .continuous ? r * RoundedRectPath.continuousExtent : r
    // Away from the corners' reach vertically, the outline's inside is the full width.
    let cross =
      map.b == 0 && map.c == 0 ? rect.insetBy(dx: 0, dy: min(reach, rect.height / 2)) : .null
    self.init(path, map: map, inside: cross)
  }

  private struct Collector: PathFlatteningSink {
    var points: [SIMD2<Float>] = []
    var subpaths = 0
    var overflow = false

    mutating func moveTo(_ p: CGPoint) {
      subpaths += 1
      if subpaths > 1 { overflow = true }
      add(p)
    }

    mutating func lineTo(_ p: CGPoint) {
      guard subpaths == 1 else { return }
      if let last = points.last, last == SIMD2(Float(p.x), Float(p.y)) { return }
      add(p)
    }

    mutating func close() {}

    private mutating func add(_ p: CGPoint) {
      guard !overflow else { return }
      guard points.count < GLOutline.maxPoints, p.x.isFinite, p.y.isFinite else {
        overflow = true
        return
      }
      points.append(SIMD2(Float(p.x), Float(p.y)))
    }
  }
}
