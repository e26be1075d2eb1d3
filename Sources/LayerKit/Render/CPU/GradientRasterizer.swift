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
/// Both ways of drawing it, the layer's image (`image(_:bounds:pixelsPerPoint:)`) and the
/// shader that paints it straight through a path (`shader(_:bounds:)`), evaluate one
/// `RampShader`: the formulas above live in ``shader(_:bounds:)`` alone. An axial
/// gradient along x repeats its first row; one along y fills each row with one colour.
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

  /// The gradient over `bounds` at `pixelsPerPoint`, or nil when it draws nothing: the
  /// ``shader(_:bounds:)``'s ramp evaluated at each image pixel's centre (pixel `(x, y)`
  /// stands for the point `bounds.origin + ((x + ½)·w/W, (y + ½)·h/H)`). Rows that an
  /// axial ramp makes alike are copied rather than evaluated again.
  package static func image(
    _ g: GradientLayerState, bounds: CGRect, pixelsPerPoint s: CGFloat
  ) -> CGImage? {
    guard bounds.width > 0, bounds.height > 0, s > 0 else { return nil }
    let w = Swift.max(Int(geometric: bounds.width * s, .up), 1)
    let h = Swift.max(Int(geometric: bounds.height * s, .up), 1)
    guard w <= 8192, h <= 8192, let ramp = shader(g, bounds: bounds) else { return nil }
    let pixelToPoint = CGAffineTransform(
      a: bounds.width / CGFloat(w), b: 0, c: 0, d: bounds.height / CGFloat(h),
      tx: bounds.minX, ty: bounds.minY)
    let resolved = ramp.resolved(deviceToUser: pixelToPoint)
    let bytes = [UInt8](unsafeUninitializedCapacity: w * h * 4) { raw, count in
      let out = UnsafeMutableRawBufferPointer(raw).bindMemory(to: UInt32.self)
      // Bound above for w·h pixels; each row is written whole before it is read.
      let base = out.baseAddress!
      switch resolved.rowShape {
      case .sameRows:
        resolved.shade(x: 0, y: 0, count: w, into: base)
        for y in 1..<h { (base + y * w).update(from: base, count: w) }
      case .sameColumns:
        for y in 0..<h {
          resolved.shade(x: 0, y: y, count: 1, into: base + y * w)
          (base + y * w + 1).initialize(repeating: base[y * w], count: w - 1)
        }
      case .varying:
        for y in 0..<h { resolved.shade(x: 0, y: y, count: w, into: base + y * w) }
      }
      count = w * h * 4
    }
    return CGImage(width: w, height: h, premultipliedRGBA: bytes)
  }
}
