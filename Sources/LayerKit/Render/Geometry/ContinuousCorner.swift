import Foundation

/// The outline of one continuous (`.continuous`) corner: three cubic Béziers, in a
/// corner frame where `u` runs back along the incoming edge from the corner and `v` out
/// along the outgoing edge.
///
/// For a radius `r` that fits (`1.528665·r` at most half the shorter side `s`), the
/// points are the reverse-engineered iOS 7+ continuous corner in units of `r`: the
/// straight edge ends at (1.528665, 0); a cubic eases the curvature up to
/// (0.631494, 0.074911); a near-circular middle cubic turns to (0.074911, 0.631494);
/// a mirror-image cubic eases back to (0, 1.528665). When `1.528665·r` exceeds `s` the
/// corner keeps the extent `s` and its control points move linearly from the continuous
/// corner of radius `s / 1.528665` (at `1.528665·r = s`) to a quarter circle of radius
/// `s` split at the same joints (at `r = s`), so the outline changes continuously with
/// `r` and a radius of half the shorter side gives a capsule, as it does circularly.
package enum ContinuousCorner {
  /// The corner in units of the radius: the edge end, then three cubics of
  /// (control 1, control 2, end).
  static let unit: [CGPoint] = [
    CGPoint(x: 1.528665, y: 0),
    CGPoint(x: 1.088_492_957_618_529, y: 0), CGPoint(x: 0.868_406_944_063_002, y: 0),
    CGPoint(x: 0.631_493_792_830_993, y: 0.074_911_387_847_016),
    CGPoint(x: 0.372_823_826_625_747, y: 0.169_059_556_044_370),
    CGPoint(x: 0.169_059_556_044_370, y: 0.372_823_826_625_747),
    CGPoint(x: 0.074_911_387_847_016, y: 0.631_493_792_830_993),
    CGPoint(x: 0, y: 0.868_406_944_063_002), CGPoint(x: 0, y: 1.088_492_957_618_529),
    CGPoint(x: 0, y: 1.528665),
  ]

  /// A quarter circle of radius 1 (centre (1, 1)) from (1, 0) to (0, 1) as three
  /// cubics, split where the continuous corner (scaled to the same extent) has its
  /// joints, so the two can be interpolated point by point.
  static let circle: [CGPoint] = {
    let k = unit[0].x
    func angle(_ p: CGPoint) -> CGFloat { atan2(1 - p.y / k, 1 - p.x / k) }
    let cuts: [CGFloat] = [0, .pi / 2 - angle(unit[3]), .pi / 2 - angle(unit[6]), .pi / 2]
    func point(_ t: CGFloat) -> CGPoint { CGPoint(x: 1 - sin(t), y: 1 - cos(t)) }
    func tangent(_ t: CGFloat) -> CGPoint { CGPoint(x: -cos(t), y: sin(t)) }
    var out = [point(0)]
    for i in 0..<3 {
      let a = cuts[i]
      let b = cuts[i + 1]
      let h = 4 / 3 * tan((b - a) / 4)
      let pa = point(a)
      let pb = point(b)
      let ta = tangent(a)
      let tb = tangent(b)
      out.append(CGPoint(x: pa.x + h * ta.x, y: pa.y + h * ta.y))
      out.append(CGPoint(x: pb.x - h * tb.x, y: pb.y - h * tb.y))
      out.append(pb)
    }
    return out
  }()

  /// The ten corner points for radius `r` when half the shorter side is `s` (`r` is
  /// already at most `s`), in points of the corner frame.
  static func points(radius r: CGFloat, halfSide s: CGFloat) -> [CGPoint] {
    let k = unit[0].x
    if k * r <= s { return unit.map { CGPoint(x: $0.x * r, y: $0.y * r) } }
    let t = Swift.min((k * r - s) / ((k - 1) * s), 1)
    let c = s / k
    return zip(unit, circle).map { u, o in
      CGPoint(x: (1 - t) * u.x * c + t * o.x * s, y: (1 - t) * u.y * c + t * o.y * s)
    }
  }

  /// How far from the corner the outline leaves the straight edge.
  static func extent(radius r: CGFloat, halfSide s: CGFloat) -> CGFloat {
    Swift.min(unit[0].x * r, s)
  }
}
