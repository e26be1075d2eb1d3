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
package enum GradientRasterizer {
  /// The gradient over `bounds` at `pixelsPerPoint`, or nil when it draws nothing.
  package static func image(_ g: GradientLayerState, bounds: CGRect, pixelsPerPoint s: CGFloat) -> CGImage? {
    let colors = g.colors.elements
    guard !colors.isEmpty, bounds.width > 0, bounds.height > 0, s > 0 else { return nil }
    let w = Swift.max(Int(geometric: bounds.width * s, .up), 1), h = Swift.max(Int(geometric: bounds.height * s, .up), 1)
    guard w <= 8192, h <= 8192 else { return nil }
    let locations = g.locations.elements.count == colors.count ? g.locations.elements : nil
    let ramp = colors.count == 1 ? [colors[0], colors[0]] : colors
    let locs = colors.count == 1 ? nil : locations
    guard let gradient = CGGradient(colorsSpace: nil, colors: ramp, locations: locs) else { return nil }
    let lut = gradient.lookupTable(count: 256, opacity: 1)
    let sx = g.startPoint.x * bounds.width, sy = g.startPoint.y * bounds.height
    let ex = g.endPoint.x * bounds.width, ey = g.endPoint.y * bounds.height
    let ppx = bounds.width / CGFloat(w), ppy = bounds.height / CGFloat(h)
    var pixels = [UInt32](repeating: 0, count: w * h)
    let dx = ex - sx, dy = ey - sy
    let len2 = dx * dx + dy * dy
    var rx = abs(dx), ry = abs(dy)
    if rx == 0 { rx = ry }
    if ry == 0 { ry = rx }
    let a0 = atan2(dy, dx)
    pixels.withUnsafeMutableBufferPointer { out in
      for y in 0..<h {
        let py = (CGFloat(y) + 0.5) * ppy - sy
        for x in 0..<w {
          let px = (CGFloat(x) + 0.5) * ppx - sx
          var t: CGFloat
          switch g.type {
          case .radial:
            t = rx > 0 ? ((px / rx) * (px / rx) + (py / ry) * (py / ry)).squareRoot() : 1
          case .conic:
            var a = (atan2(py, px) - a0) / (2 * .pi)
            a -= a.rounded(.down)
            t = a
          default:
            t = len2 > 0 ? (px * dx + py * dy) / len2 : 0
          }
          t = t.isNaN ? 0 : Swift.min(Swift.max(t, 0), 1)
          out[y * w + x] = lut[Int(t * 255 + 0.5)]
        }
      }
    }
    let bytes = pixels.withUnsafeBytes { Array($0) }
    return CGImage(width: w, height: h, premultipliedRGBA: bytes)
  }
}
