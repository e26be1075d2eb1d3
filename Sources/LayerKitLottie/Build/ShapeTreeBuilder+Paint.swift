import Foundation
import LayerKit

extension ShapeTreeBuilder {
  /// The layers drawing `paint` over `geometry`.
  /// - Parameter groupScales: the scales of the groups between the paint and the geometry
  ///   (see `Paint.groupScales`).
  func paintLayers(
    _ paint: ShapeItem, _ geometry: [Geometry], trim: ShapeItem?,
    groupScales: [Keyframed<[Double]>] = []
  ) -> [CALayer] {
    switch paint {
    case .fill(let color, let opacity, let evenOdd):
      let layer = shapeLayer(geometry)
      layer.setModel(keys: ["fillRule", "strokeColor"]) {
        $0.shapeState.fillRule = evenOdd ? .evenOdd : .nonZero
        $0.shapeState.strokeColor = nil
      }
      layer.lottieAnimate(
        "fillColor", color, timing, store: { (s, v: CGColor) in s.shapeState.fillColor = v },
        convert: {
          LottieColorConversion.cgColor($0)
        })
      layer.lottieAnimateOpacity(opacity, timing)
      return [layer]
    case .stroke(let color, let opacity, let style):
      return strokeGroups(geometry, trim: trim).map { geo in
        let layer = trimmedStroke(geo, trim: trim)
        layer.setModel(keys: ["fillColor"]) { $0.shapeState.fillColor = nil }
        addStroke(color, style, to: layer, groupScales: groupScales)
        layer.lottieAnimateOpacity(opacity, timing)
        return layer
      }
    case .gradientFill(let g, let opacity, let evenOdd):
      let mask = shapeLayer(geometry)
      mask.setModel(keys: ["fillRule", "fillColor"]) {
        $0.shapeState.fillRule = evenOdd ? .evenOdd : .nonZero
        $0.shapeState.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
      }
      return [gradientLayer(g, opacity: opacity, mask: mask, geometry: geometry, pad: 0)]
    case .gradientStroke(let g, let opacity, let style):
      return strokeGroups(geometry, trim: trim).map { geo in
        let mask = trimmedStroke(geo, trim: trim)
        mask.setModel(keys: ["fillColor", "strokeColor"]) {
          $0.shapeState.fillColor = nil
          $0.shapeState.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        }
        apply(style, to: mask, groupScales: groupScales)
        let pad = style.width.keyframes.map(\.value).max() ?? 1
        return gradientLayer(g, opacity: opacity, mask: mask, geometry: geo, pad: pad)
      }
    default:
      return []
    }
  }

  /// Strokes with `fill`'s layer when `paint` is an untrimmed plain stroke of the same
  /// geometry at a constant 100 % opacity (the caller checks the geometry and the trim, and
  /// that the fill is opaque too). A shape layer strokes over its fill, as the stroke's
  /// own layer above it would, so the pixels are the same with one layer and one path
  /// animation fewer.
  /// - Returns: whether the stroke joined the fill's layer.
  func strokeJoins(_ paint: ShapeItem, _ fill: CAShapeLayer) -> Bool {
    guard case .stroke(let color, let opacity, let style) = paint, LottieOpacity.isOpaque(opacity)
    else { return false }
    addStroke(color, style, to: fill, groupScales: [])
    return true
  }

  /// The stroke's colour, width and line style on `layer`.
  private func addStroke(
    _ color: Keyframed<[Double]>, _ style: StrokeStyle, to layer: CAShapeLayer,
    groupScales: [Keyframed<[Double]>]
  ) {
    apply(style, to: layer, groupScales: groupScales)
    layer.lottieAnimate(
      "strokeColor", color, timing, store: { (s, v: CGColor) in s.shapeState.strokeColor = v },
      convert: {
        LottieColorConversion.cgColor($0)
      }
    )
  }

  /// Under a trim each path is cut on its own, so each gets its own layer; otherwise one
  /// layer strokes all of them. As lottie-ios's Core Animation engine (`GroupLayer` draws
  /// the paths of a render group with a `Trim` one `ShapeItemLayer` each), this holds in
  /// both trim modes: "individually" (`m` 2) is drawn like "simultaneously" (`m` 1).
  private func strokeGroups(_ geometry: [Geometry], trim: ShapeItem?) -> [[Geometry]] {
    if case .trim? = trim, geometry.count > 1 { return geometry.map { [$0] } }
    return [geometry]
  }

  /// A shape layer whose path combines `geometry`, drawn `copies` times in a row (for
  /// trims whose window runs past the path's end; see `TrimWindow`).
  func shapeLayer(_ geometry: [Geometry], copies: Int = 1) -> CAShapeLayer {
    let layer = CAShapeLayer()
    layer.lottieAnchorAtOrigin()
    let inputs = geometry.flatMap(\.inputs)
    CombinedKeyframes.apply(
      layer, "path", inputs: inputs, timing: timing,
      store: { (s, v: CGPath) in s.shapeState.path = v },
      value: { f in
        let path = CGMutablePath()
        for _ in 0..<max(1, copies) {
          for g in geometry { path.addPath(g.path(at: f)) }
        }
        return path as CGPath
      }
    )
    return layer
  }

  /// A stroked shape layer with the trim applied, keyframed as lottie-ios does it.
  ///
  /// Without an offset, when the start never passes the end (or never falls behind it),
  /// `strokeStart` and `strokeEnd` animate each from its own keyframes and easing (the
  /// two swapped in the second case). Otherwise start, end and offset are combined into
  /// one window (`TrimWindow`): the offset moves it without wrapping, over the path
  /// repeated as often as the window reaches; when their key times differ, the window is
  /// sampled as holds every tenth of a frame.
  private func trimmedStroke(_ geometry: [Geometry], trim: ShapeItem?) -> CAShapeLayer {
    guard case .trim(let s, let e, let o, _)? = trim else { return shapeLayer(geometry) }
    // As lottie-ios: the offset counts only when one of its keyframes is not zero.
    let offset = o.keyframes.contains { $0.value != 0 }
    if !offset, let (lo, hi) = Self.ordered(s, e) {
      let layer = shapeLayer(geometry)
      layer.lottieAnimate(
        "strokeStart", lo, timing, store: { (s, v: CGFloat) in s.shapeState.strokeStart = v },
        convert: {
          CGFloat($0 / 100)
        })
      layer.lottieAnimate(
        "strokeEnd", hi, timing, store: { (s, v: CGFloat) in s.shapeState.strokeEnd = v },
        convert: {
          CGFloat($0 / 100)
        })
      return layer
    }
    let inputs = [s, e, o]
    let combined = CombinedKeyframes(inputs, sampling: .tenthFrameHolds)
    let window = TrimWindow(
      start: s, end: e, offset: o, frames: combined?.driver.keyframes.map(\.value) ?? [0])
    let layer = shapeLayer(geometry, copies: window.copies)
    CombinedKeyframes.apply(
      layer, "strokeStart", inputs: inputs, timing: timing, sampling: .tenthFrameHolds,
      store: { (s, v: CGFloat) in s.shapeState.strokeStart = v },
      value: { CGFloat(window.stroke(at: $0).0) }
    )
    CombinedKeyframes.apply(
      layer, "strokeEnd", inputs: inputs, timing: timing, sampling: .tenthFrameHolds,
      store: { (s, v: CGFloat) in s.shapeState.strokeEnd = v },
      value: { CGFloat(window.stroke(at: $0).1) }
    )
    return layer
  }

  /// The trim's (start, end) as (`strokeStart`, `strokeEnd`) when one never passes the
  /// other at any key time of either (swapped when the start is the larger); nil when
  /// they cross.
  private static func ordered(
    _ s: Keyframed<Double>, _ e: Keyframed<Double>
  ) -> (Keyframed<Double>, Keyframed<Double>)? {
    let times = Set(s.keyframes.map(\.time) + e.keyframes.map(\.time))
    if times.allSatisfy({ s.value(at: $0) <= e.value(at: $0) }) { return (s, e) }
    if times.allSatisfy({ s.value(at: $0) >= e.value(at: $0) }) { return (e, s) }
    return nil
  }

  private func apply(
    _ style: StrokeStyle, to layer: CAShapeLayer, groupScales: [Keyframed<[Double]>]
  ) {
    guard !groupScales.isEmpty else {
      layer.lottieAnimate(
        "lineWidth", style.width, timing, store: { (s, v: CGFloat) in s.shapeState.lineWidth = v },
        convert: {
          CGFloat(max(0, $0))
        }
      )
      applyLineStyle(style, to: layer, scale: 1)
      return
    }
    // The groups' mean linear scale (square root of the area scale) at a frame.
    func scale(at f: Double) -> Double {
      groupScales.reduce(1) { k, s in
        let v = s.value(at: f)
        return k * (abs(v.at(0, 100) * v.at(1, 100)) / 10_000).squareRoot()
      }
    }
    let inputs = [style.width] + groupScales.map(CombinedKeyframes.times)
    CombinedKeyframes.apply(
      layer, "lineWidth", inputs: inputs, timing: timing,
      store: { (s, v: CGFloat) in s.shapeState.lineWidth = v },
      value: { f in
        let k = scale(at: f)
        return CGFloat(k > 1e-6 ? max(0, style.width.value(at: f)) / k : 0)
      }
    )
    applyLineStyle(style, to: layer, scale: scale(at: 0))
  }

  /// Caps, joins, miter limit and dashes (lengths and the animated offset divided by the
  /// groups' scale `k`).
  private func applyLineStyle(_ style: StrokeStyle, to layer: CAShapeLayer, scale k: Double) {
    let miterLimit = CGFloat(style.miterLimit)
    layer.setModel(keys: ["lineCap", "lineJoin"]) {
      $0.shapeState.lineCap = style.cap == 1 ? .butt : style.cap == 3 ? .square : .round
      $0.shapeState.lineJoin = style.join == 1 ? .miter : style.join == 3 ? .bevel : .round
    }
    layer.lottieStore("miterLimit", miterLimit) { $0.shapeState.miterLimit = $1 }
    if !style.dashes.isEmpty, style.dashes.contains(where: { $0 > 0 }) {
      var d = style.dashes
      if d.count % 2 == 1 { d += d }
      let k = k > 1e-6 ? k : 1
      layer.lineDashPattern = d.map { NSNumber(value: $0 / k) }
      layer.lottieAnimate(
        "lineDashPhase", style.dashOffset, timing,
        store: { (s, v: CGFloat) in s.shapeState.lineDashPhase = v },
        convert: { CGFloat($0 / k) }
      )
    }
  }

  /// A gradient layer over the geometry's bounds, clipped by `mask`.
  private func gradientLayer(
    _ g: GradientPaint, opacity: Keyframed<Double>, mask: CAShapeLayer, geometry: [Geometry],
    pad: Double
  ) -> CALayer {
    var frames = Set([0.0])
    for input in geometry.flatMap(\.inputs) { for k in input.keyframes { frames.insert(k.time) } }
    var box = CGRect.null
    for f in frames.sorted().prefix(200) {
      for geo in geometry { box = box.union(geo.path(at: f).boundingBoxOfPath) }
    }
    if box.isNull || box.isEmpty { box = box.isNull ? .zero : box }
    box = box.insetBy(dx: -CGFloat(pad) - 1, dy: -CGFloat(pad) - 1)
    let layer = CAGradientLayer()
    if box.origin.isValidAnimationValue && box.size.isValidAnimationValue {
      layer.setModel(keys: ["anchorPoint", "position", "bounds", "type"]) {
        $0.anchorPoint = .zero
        $0.position = box.origin
        $0.bounds = CGRect(origin: .zero, size: box.size)
        $0.gradientState.type = g.type == 2 ? .radial : .axial
      }
    } else {
      layer.anchorPoint = .zero
      layer.position = box.origin
      layer.bounds = CGRect(origin: .zero, size: box.size)
      layer.type = g.type == 2 ? .radial : .axial
    }
    func unit(_ p: [Double]) -> CGPoint {
      CGPoint(
        x: (p.at(0) - box.minX) / max(box.width, 1e-9),
        y: (p.at(1) - box.minY) / max(box.height, 1e-9))
    }
    let inputs = [CombinedKeyframes.times(g.start), CombinedKeyframes.times(g.end)]
    CombinedKeyframes.apply(
      layer, "startPoint", inputs: inputs, timing: timing,
      store: { (s, v: CGPoint) in s.gradientState.startPoint = v },
      value: {
        unit(g.start.value(at: $0))
      }
    )
    CombinedKeyframes.apply(
      layer, "endPoint", inputs: inputs, timing: timing,
      store: { (s, v: CGPoint) in s.gradientState.endPoint = v },
      value: { f in
        let s = g.start.value(at: f)
        let e = g.end.value(at: f)
        guard g.type == 2 else { return unit(e) }
        let r = hypot(e.at(0) - s.at(0), e.at(1) - s.at(1))
        return unit([s.at(0) + r, s.at(1) + r])
      }
    )
    let stops = [CombinedKeyframes.times(g.stops)]
    CombinedKeyframes.apply(layer, "colors", inputs: stops, timing: timing) {
      GradientStops.resolve(g.stops.value(at: $0), count: g.colorCount).colors
    }
    CombinedKeyframes.apply(layer, "locations", inputs: stops, timing: timing) {
      GradientStops.resolve(g.stops.value(at: $0), count: g.colorCount).locations
    }
    layer.lottieAnimateOpacity(opacity, timing)
    mask.position = CGPoint(x: -box.minX, y: -box.minY)
    layer.mask = mask
    return layer
  }
}
