import Foundation
import LayerKit

/// A geometry item of a shape layer (path, rectangle, ellipse, star) as the Bézier
/// subpaths it describes at a frame, with the key times of everything it depends on.
struct Geometry {
  /// The properties whose keyframes shape the path (for `CombinedKeyframes`).
  let inputs: [Keyframed<Double>]
  /// The subpaths at a frame of the layer.
  let shapes: (Double) -> [BezierShape]
  /// Whether the subpaths run backwards (`d: 3`), which matters for trims.
  let reversed: Bool

  init?(_ item: ShapeItem, roundness rounded: Keyframed<Double>?) {
    switch item {
    case .path(let p, let rev):
      if let r = rounded, r.keyframes.contains(where: { $0.value > 0 }) {
        inputs = [CombinedKeyframes.times(p), r]
        shapes = { f in [p.value(at: f).roundingCorners(radius: r.value(at: f))] }
      } else {
        inputs = [CombinedKeyframes.times(p)]
        shapes = { [p.value(at: $0)] }
      }
      reversed = rev
    case .rectangle(let p, let s, let r, let rev):
      let radius = (r.isAnimated || r.initial != 0) ? r : (rounded ?? r)
      inputs = [CombinedKeyframes.times(p), CombinedKeyframes.times(s), radius]
      let alwaysRound = radius.isAnimated
      shapes = { f in
        [
          Geometry.rectangle(
            center: p.value(at: f), size: s.value(at: f), radius: radius.value(at: f),
            forceRound: alwaysRound)
        ]
      }
      reversed = rev
    case .ellipse(let p, let s, let rev):
      inputs = [CombinedKeyframes.times(p), CombinedKeyframes.times(s)]
      shapes = { f in [Geometry.ellipse(center: p.value(at: f), size: s.value(at: f))] }
      reversed = rev
    case .star(let star):
      inputs = [
        CombinedKeyframes.times(star.position), star.outerRadius, star.innerRadius,
        star.outerRoundness, star.innerRoundness, star.rotation, star.points,
      ]
      shapes = { f in [Geometry.star(star, at: f)] }
      reversed = star.reversed
    default:
      return nil
    }
  }

  /// The subpaths at `frame` as one `CGPath`.
  func path(at frame: Double) -> CGPath {
    let path = CGMutablePath()
    let lines = !inputs.contains(where: \.isAnimated)
    for s in shapes(frame) { s.append(to: path, reversed: reversed, lines: lines) }
    return path
  }

  /// The magic number for quarter-circle Bézier arcs.
  static let kappa = 0.5519150244935105707435627

  /// After Effects' rectangle: starts at the top-right corner and runs clockwise.
  static func rectangle(center c: [Double], size s: [Double], radius: Double, forceRound: Bool)
    -> BezierShape
  {
    let x = c.at(0)
    let y = c.at(1)
    let hw = abs(s.at(0)) / 2
    let hh = abs(s.at(1)) / 2
    let r = min(max(radius, 0), hw, hh)
    if r == 0 && !forceRound {
      return BezierShape(
        vertices: [
          CGPoint(x: x + hw, y: y - hh), CGPoint(x: x + hw, y: y + hh),
          CGPoint(x: x - hw, y: y + hh), CGPoint(x: x - hw, y: y - hh),
        ], inTangents: Array(repeating: .zero, count: 4),
        outTangents: Array(repeating: .zero, count: 4), closed: true)
    }
    let k = r * kappa
    let v = [
      CGPoint(x: x + hw, y: y - hh + r), CGPoint(x: x + hw, y: y + hh - r),
      CGPoint(x: x + hw - r, y: y + hh), CGPoint(x: x - hw + r, y: y + hh),
      CGPoint(x: x - hw, y: y + hh - r), CGPoint(x: x - hw, y: y - hh + r),
      CGPoint(x: x - hw + r, y: y - hh), CGPoint(x: x + hw - r, y: y - hh),
    ]
    let i = [
      CGPoint(x: 0, y: -k), .zero, CGPoint(x: k, y: 0), .zero,
      CGPoint(x: 0, y: k), .zero, CGPoint(x: -k, y: 0), .zero,
    ]
    let o = [
      CGPoint.zero, CGPoint(x: 0, y: k), .zero, CGPoint(x: -k, y: 0),
      .zero, CGPoint(x: 0, y: -k), .zero, CGPoint(x: k, y: 0),
    ]
    return BezierShape(vertices: v, inTangents: i, outTangents: o, closed: true)
  }

  /// After Effects' ellipse: starts at the top and runs clockwise.
  static func ellipse(center c: [Double], size s: [Double]) -> BezierShape {
    let x = c.at(0)
    let y = c.at(1)
    let rx = s.at(0) / 2
    let ry = s.at(1) / 2
    let kx = rx * kappa
    let ky = ry * kappa
    return BezierShape(
      vertices: [
        CGPoint(x: x, y: y - ry), CGPoint(x: x + rx, y: y), CGPoint(x: x, y: y + ry),
        CGPoint(x: x - rx, y: y),
      ],
      inTangents: [
        CGPoint(x: -kx, y: 0), CGPoint(x: 0, y: -ky), CGPoint(x: kx, y: 0), CGPoint(x: 0, y: ky),
      ],
      outTangents: [
        CGPoint(x: kx, y: 0), CGPoint(x: 0, y: ky), CGPoint(x: -kx, y: 0), CGPoint(x: 0, y: -ky),
      ], closed: true)
  }
}
