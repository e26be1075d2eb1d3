import Foundation

/// What a non-solid paint puts at each pixel: gradients and images.
///
/// A shader maps device pixel centres `(x + 0.5, y + 0.5)` back through the inverse of
/// the drawing transform and produces premultiplied packed pixels, one row span at a
/// time. Pixels a gradient does not reach (outside its extent without the extend
/// options) are transparent.
package enum RasterShader {
  /// t = dot(p − start, axis) / |axis|², stepping linearly in device space.
  case linear(LinearGradientShader)
  case radial(RadialGradientShader)
  case image(ImageShader)
  /// Two mip levels of an image, blended (trilinear minification).
  case mipmap(MipmapShader)
  /// A `RampShader` placed in device space.
  case ramp(RampShader.Resolved)
}

/// A linear gradient in device space.
package struct LinearGradientShader {
  /// t at the centre of device pixel (0, 0), and its change per pixel in x and y.
  var t00: Float
  var dtdx: Float
  var dtdy: Float
  var extendStart: Bool
  var extendEnd: Bool
  var table: [UInt32]

  init(
    gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions,
    deviceToUser m: CGAffineTransform, opacity: CGFloat
  ) {
    let ax = end.x - start.x
    let ay = end.y - start.y
    let len2 = ax * ax + ay * ay
    let kx = len2 > 0 ? ax / len2 : 0
    let ky = len2 > 0 ? ay / len2 : 0
    // t(u) = (u − start)·k, u = m(p), p = (x + 0.5, y + 0.5).
    let p0 = CGPoint(x: 0.5, y: 0.5).applying(m)
    t00 = Float((p0.x - start.x) * kx + (p0.y - start.y) * ky)
    dtdx = Float(m.a * kx + m.b * ky)
    dtdy = Float(m.c * kx + m.d * ky)
    extendStart = options.contains(.drawsBeforeStartLocation)
    extendEnd = options.contains(.drawsAfterEndLocation)
    table = gradient.lookupTable(opacity: opacity)
  }

  @inline(__always)
  func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
    var t = t00 + Float(x) * dtdx + Float(y) * dtdy
    let n = Float(table.count - 1)
    table.withUnsafeBufferPointer { lut in
      for k in 0..<count {
        if t < 0 {
          out[k] = extendStart ? lut[0] : 0
        } else if t > 1 {
          out[k] = extendEnd ? lut[lut.count - 1] : 0
        } else {
          out[k] = lut[Int(t * n + 0.5)]
        }
        t += dtdx
      }
    }
  }
}

/// A two-circle radial gradient: the colour at `p` is the one for the largest `t` whose
/// circle (centre `c0 + t·(c1 − c0)`, radius `r0 + t·(r1 − r0)` ≥ 0) passes through `p`.
package struct RadialGradientShader {
  var m: CGAffineTransform
  var c0x, c0y, cdx, cdy, r0, dr: Double
  var extendStart: Bool
  var extendEnd: Bool
  var table: [UInt32]

  init(
    gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
    endRadius: CGFloat, options: CGGradientDrawingOptions, deviceToUser: CGAffineTransform,
    opacity: CGFloat
  ) {
    m = deviceToUser
    c0x = startCenter.x
    c0y = startCenter.y
    cdx = endCenter.x - startCenter.x
    cdy = endCenter.y - startCenter.y
    r0 = Swift.max(startRadius, 0)
    dr = Swift.max(endRadius, 0) - r0
    extendStart = options.contains(.drawsBeforeStartLocation)
    extendEnd = options.contains(.drawsAfterEndLocation)
    table = gradient.lookupTable(opacity: opacity)
  }

  /// The parameter for a user-space point, or nil where the gradient paints nothing.
  @inline(__always)
  func parameter(_ px: Double, _ py: Double) -> Double? {
    let pdx = px - c0x
    let pdy = py - c0y
    let a = cdx * cdx + cdy * cdy - dr * dr
    let b = pdx * cdx + pdy * cdy + r0 * dr
    let c = pdx * pdx + pdy * pdy - r0 * r0
    var t: Double
    if abs(a) < 1e-9 {
      guard b != 0 else { return nil }
      t = c / (2 * b)
      if r0 + t * dr < 0 { return nil }
    } else {
      let disc = b * b - a * c
      guard disc >= 0 else { return nil }
      let q = disc.squareRoot()
      let t1 = (b + q) / a
      let t2 = (b - q) / a
      let hi = Swift.max(t1, t2)
      let lo = Swift.min(t1, t2)
      if r0 + hi * dr >= 0 {
        t = hi
      } else if r0 + lo * dr >= 0 {
        t = lo
      } else {
        return nil
      }
    }
    if t < 0 && !extendStart { return nil }
    if t > 1 && !extendEnd { return nil }
    return Swift.min(Swift.max(t, 0), 1)
  }

  func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
    let n = Double(table.count - 1)
    var p = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(m)
    table.withUnsafeBufferPointer { lut in
      for k in 0..<count {
        if let t = parameter(p.x, p.y) { out[k] = lut[Int(t * n + 0.5)] } else { out[k] = 0 }
        p.x += m.a
        p.y += m.b
      }
    }
  }
}
