import Foundation

/// Draws a `CAGradientLayer`'s gradient into an image covering its bounds.
///
/// For the pixel centre `p` (in points, `start` and `end` being the unit-square points
/// scaled to the bounds), the ramp position `t` is, clamped to 0…1:
/// - axial: `(p − start)·(end − start) / |end − start|²`;
/// - radial: `√(((px − sx)/rx)² + ((py − sy)/ry)²)` with `rx = |ex − sx|`,
///   `ry = |ey − sy|` (an ellipse through `end`'s x and y distances; one zero radius
///   uses the other, both zero draws the last colour);
/// - conic: the clockwise angle (on the y-down screen) from the direction of `end` to
///   `p`, around `start`, over 2π.
/// The colour comes from a 256-entry premultiplied table of the ramp (`locations`, or
/// the colours spread evenly).
///
/// The gradient's type is decided once per image, and the parts of `t` that depend only on
/// the column or only on the row are computed once per column or row (the same arithmetic,
/// so the same bytes as evaluating every pixel on its own). An axial gradient along x
/// repeats its first row; one along y fills each row with one colour.
package enum GradientRasterizer {
  /// The ramp shape, decided once per image from `CAGradientLayerType` (whose values are
  /// strings, too slow to compare per pixel).
  private enum Shape {
    case axial, radial, conic

    init(_ type: CAGradientLayerType) {
      switch type {
      case .radial: self = .radial
      case .conic: self = .conic
      default: self = .axial
      }
    }
  }

  /// The ramp's 256 premultiplied colours (`locations`, or the colours spread evenly),
  /// or nil without colours.
  private static func table(_ g: GradientLayerState) -> [UInt32]? {
    let colors = g.colors.elements
    guard !colors.isEmpty else { return nil }
    let locations = g.locations.elements.count == colors.count ? g.locations.elements : nil
    let ramp = colors.count == 1 ? [colors[0], colors[0]] : colors
    let locs = colors.count == 1 ? nil : locations
    return CGGradient(colorsSpace: nil, colors: ramp, locations: locs)?.lookupTable(
      count: 256, opacity: 1)
  }

  /// The gradient of a layer with `bounds` as a shader in the layer's own space (points),
  /// for painting it at device pixels straight through a path: the same ramp position at
  /// each point as `image(_:bounds:pixelsPerPoint:)` gives the pixel centred there, without
  /// an image in between. Nil when it draws nothing.
  package static func shader(_ g: GradientLayerState, bounds: CGRect) -> RampShader? {
    guard bounds.width > 0, bounds.height > 0, bounds.width.isFinite, bounds.height.isFinite,
      let lut = table(g)
    else { return nil }
    // Points relative to the start (`start` and `end` scale the unit square to the bounds).
    let sx = bounds.minX + g.startPoint.x * bounds.width
    let sy = bounds.minY + g.startPoint.y * bounds.height
    let dx = (g.endPoint.x - g.startPoint.x) * bounds.width
    let dy = (g.endPoint.y - g.startPoint.y) * bounds.height
    let fromStart = CGAffineTransform(translationX: -sx, y: -sy)
    let constant = { (t: CGFloat) in CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: t, ty: 0) }
    switch Shape(g.type) {
    case .axial:
      let len2 = dx * dx + dy * dy
      guard len2 > 0, len2.isFinite else {
        return RampShader(kind: .axial, userToRamp: constant(0), table: lut)
      }
      // u = (p − start)·(end − start) / |end − start|².
      let project = CGAffineTransform(a: dx / len2, b: 0, c: dy / len2, d: 0, tx: 0, ty: 0)
      return RampShader(kind: .axial, userToRamp: fromStart.concatenating(project), table: lut)
    case .radial:
      var rx = abs(dx)
      var ry = abs(dy)
      if rx == 0 { rx = ry }
      if ry == 0 { ry = rx }
      guard rx > 0 else { return RampShader(kind: .axial, userToRamp: constant(1), table: lut) }
      let scale = CGAffineTransform(scaleX: 1 / rx, y: 1 / ry)
      return RampShader(kind: .elliptical, userToRamp: fromStart.concatenating(scale), table: lut)
    case .conic:
      // Angles measured from the direction of `end`.
      let a0 = atan2(dy, dx)
      let turn = CGAffineTransform(rotationAngle: -a0)
      return RampShader(kind: .conic, userToRamp: fromStart.concatenating(turn), table: lut)
    }
  }

  /// The gradient over `bounds` at `pixelsPerPoint`, or nil when it draws nothing.
  package static func image(
    _ g: GradientLayerState, bounds: CGRect, pixelsPerPoint s: CGFloat
  ) -> CGImage? {
    guard bounds.width > 0, bounds.height > 0, s > 0 else { return nil }
    let w = Swift.max(Int(geometric: bounds.width * s, .up), 1)
    let h = Swift.max(Int(geometric: bounds.height * s, .up), 1)
    guard w <= 8192, h <= 8192, let lut = table(g) else { return nil }
    let sx = g.startPoint.x * bounds.width
    let sy = g.startPoint.y * bounds.height
    let ex = g.endPoint.x * bounds.width
    let ey = g.endPoint.y * bounds.height
    let ppx = bounds.width / CGFloat(w)
    let ppy = bounds.height / CGFloat(h)
    let dx = ex - sx
    let dy = ey - sy
    let len2 = dx * dx + dy * dy
    var rx = abs(dx)
    var ry = abs(dy)
    if rx == 0 { rx = ry }
    if ry == 0 { ry = rx }
    let a0 = atan2(dy, dx)
    let shape = Shape(g.type)
    // The pixel centre's offset from the start, per column and per row.
    let pxs = (0..<w).map { (CGFloat($0) + 0.5) * ppx - sx }
    let pys = (0..<h).map { (CGFloat($0) + 0.5) * ppy - sy }
    /// The table entry for ramp position `t`.
    @inline(__always) func color(_ t: CGFloat) -> UInt32 { lut[RampShader.entry(t, last: 255)] }
    let bytes = [UInt8](unsafeUninitializedCapacity: w * h * 4) { raw, count in
      let out = UnsafeMutableRawBufferPointer(raw).bindMemory(to: UInt32.self)
      switch shape {
      case .axial:
        guard len2 > 0 else {
          out.initialize(repeating: color(0))
          break
        }
        let xs = pxs.map { $0 * dx }
        if dy == 0, pys.allSatisfy({ $0.isFinite }) {
          // `px·dx + py·0` is `px·dx`: every row is the first.
          for x in 0..<w { out[x] = color(xs[x] / len2) }
          for y in 1..<h { _ = out[y * w..<(y + 1) * w].initialize(fromContentsOf: out[0..<w]) }
        } else if dx == 0, pxs.allSatisfy({ $0.isFinite }) {
          for y in 0..<h {
            out[y * w..<(y + 1) * w].initialize(repeating: color((0 + pys[y] * dy) / len2))
          }
        } else {
          for y in 0..<h {
            let yv = pys[y] * dy
            let row = y * w
            for x in 0..<w { out[row + x] = color((xs[x] + yv) / len2) }
          }
        }
      case .radial:
        guard rx > 0 else {
          out.initialize(repeating: color(1))
          break
        }
        let xs = pxs.map { ($0 / rx) * ($0 / rx) }
        for y in 0..<h {
          let yv = (pys[y] / ry) * (pys[y] / ry)
          let row = y * w
          for x in 0..<w { out[row + x] = color((xs[x] + yv).squareRoot()) }
        }
      case .conic:
        for y in 0..<h {
          let py = pys[y]
          let row = y * w
          for x in 0..<w {
            var a = (atan2(py, pxs[x]) - a0) / (2 * .pi)
            a -= a.rounded(.down)
            out[row + x] = color(a)
          }
        }
      }
      count = w * h * 4
    }
    return CGImage(width: w, height: h, premultipliedRGBA: bytes)
  }
}
