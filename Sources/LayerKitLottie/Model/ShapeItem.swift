import Foundation

/// Paint settings shared by solid and gradient strokes.
struct StrokeStyle {
  var width: Keyframed<Double>
  var cap: Int
  var join: Int
  var miterLimit: Double
  /// Dash lengths (dash, gap, …) in points, static (their first values).
  var dashes: [Double]
  /// The dash offset in points, keyframed (Core Animation's `lineDashPhase`).
  var dashOffset: Keyframed<Double>
}

/// A gradient's geometry and colour stops (`gf` / `gs`).
struct GradientPaint {
  /// 1 linear, 2 radial.
  var type: Int
  var start: Keyframed<[Double]>
  var end: Keyframed<[Double]>
  /// The number of colour stops; the stop array holds `4 · count` colour numbers then
  /// (position, alpha) pairs.
  var colorCount: Int
  var stops: Keyframed<[Double]>
}

/// One item of a shape layer's `shapes` list or a group's `it` list.
indirect enum ShapeItem {
  /// `names` holds each item's `nm` (empty when absent), for keypaths.
  case group(items: [ShapeItem], transform: LottieTransform, names: [String])
  case rectangle(
    position: Keyframed<[Double]>, size: Keyframed<[Double]>, roundness: Keyframed<Double>,
    reversed: Bool)
  case ellipse(position: Keyframed<[Double]>, size: Keyframed<[Double]>, reversed: Bool)
  case star(StarShape)
  case path(Keyframed<BezierShape>, reversed: Bool)
  case fill(color: Keyframed<[Double]>, opacity: Keyframed<Double>, evenOdd: Bool)
  case stroke(color: Keyframed<[Double]>, opacity: Keyframed<Double>, style: StrokeStyle)
  case gradientFill(GradientPaint, opacity: Keyframed<Double>, evenOdd: Bool)
  case gradientStroke(GradientPaint, opacity: Keyframed<Double>, style: StrokeStyle)
  /// Start and end in percent of each path, offset in degrees; `individually` is `m` = 2,
  /// read but drawn like "simultaneously", as lottie-ios's Core Animation engine draws it.
  case trim(
    start: Keyframed<Double>, end: Keyframed<Double>, offset: Keyframed<Double>, individually: Bool)
  case repeater(
    copies: Double, offset: Double, transform: LottieTransform, startOpacity: Double,
    endOpacity: Double)
  case roundedCorners(Keyframed<Double>)

  /// Whether the item draws (fills and strokes) rather than adds geometry.
  var isPaint: Bool {
    switch self {
    case .fill, .stroke, .gradientFill, .gradientStroke: return true
    default: return false
    }
  }

  /// Whether the item is a trim that cuts anything: not one that keeps 0…100 % with no
  /// offset at every keyframe.
  var isEffectiveTrim: Bool {
    guard case .trim(let s, let e, let o, _) = self else { return false }
    return s.keyframes.contains { $0.value != 0 } || e.keyframes.contains { $0.value != 100 }
      || o.keyframes.contains { $0.value != 0 }
  }

  /// Whether the item adds geometry.
  var isGeometry: Bool {
    switch self {
    case .rectangle, .ellipse, .star, .path: return true
    default: return false
    }
  }
}

/// A star or polygon (`sr`).
struct StarShape {
  var isPolygon: Bool
  var position: Keyframed<[Double]>
  var outerRadius: Keyframed<Double>
  var innerRadius: Keyframed<Double>
  var outerRoundness: Keyframed<Double>
  var innerRoundness: Keyframed<Double>
  var rotation: Keyframed<Double>
  var points: Keyframed<Double>
  var reversed: Bool
}
