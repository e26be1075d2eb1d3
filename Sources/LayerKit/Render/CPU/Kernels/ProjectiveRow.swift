import Foundation

/// One device row of the perspective warp: which of its pixels show the source, and
/// their sample positions in fixed point, with two divisions per span of pixels.
///
/// Pixel `t` of the row (its centre `t` pixels right of the first one) maps to the
/// homogeneous source point `(U + t·du, V + t·dv, H + t·dh)`; its sample sits at
/// `fx = u/h − ½`, `fy = v/h − ½` and shows when `h > 10⁻¹²` and `−1 < fx < width`,
/// `−1 < fy < height`. Every condition is linear in `t` once multiplied by `h > 0`, so the
/// pixels that show form one run (`shown`), found without visiting the others.
///
/// Along the row each coordinate is `f(t) = (a + b·t)/(c + d·t)`, with `K = bc − ad`
/// (`du·H − U·dh` for `fx`, `dv·H − V·dh` for `fy`) the same at every `t`:
/// `f′ = K/h²`, `f″ = −2dK/h³`, `f‴ = 6d²K/h⁴`. The positions are exact at the start,
/// middle and end of each span of `L` pixels and follow the parabola through those three
/// in between. Quadratic interpolation on nodes `0, L/2, L` is off by at most
/// `max|f‴|/6 · max|s(s − L/2)(s − L)| = max|f‴| · L³ · √3/216`, and `h` is linear and
/// positive over the run, so smallest at one of its ends:
///
///     error ≤ L³ · dh² · max(|du·H − U·dh|, |dv·H − V·dh|) · √3 / (36 · h_min⁴)
///
/// `span` picks the longest `L` of 64, 32, 16, 8 or 4 that keeps this within
/// `interpolationBudget`; rows that need shorter spans divide at every pixel. The
/// parabola is stepped by forward differences, four pixels at a time in fixed point: the
/// value, its first and its second difference start rounded, and over `G = L/4` steps
/// their half-unit roundings add up to at most `1 + G + G(G − 1)/2` half units, kept
/// within `roundingBudget`. Together the positions are never more than `maximumError`
/// (1/128) source pixel off.
struct ProjectiveRow {
  /// The homogeneous source point of the row's first pixel centre, and its step per pixel.
  let u, v, h, du, dv, dh: Double

  /// The largest distance between a position `coordinates` writes and the exact one, in
  /// source pixels.
  static let maximumError = 1.0 / 128
  /// The share of `maximumError` the interpolation may use.
  static let interpolationBudget = 1.0 / 128 - 1.0 / 512
  /// The share of `maximumError` the fixed point's rounding may use.
  static let roundingBudget = 1.0 / 512

  /// The row through pixel centres `(x0 + t, y)` of the device → source map `b`.
  init(_ b: ProjectiveTransform2D, x0: Double, y: Double) {
    u = x0 * b.m11 + y * b.m21 + b.m31
    v = x0 * b.m12 + y * b.m22 + b.m32
    h = x0 * b.m13 + y * b.m23 + b.m33
    du = b.m11
    dv = b.m12
    dh = b.m13
  }

  /// The exact sample position of pixel `t`, in source pixels.
  @inline(__always)
  func position(_ t: Double) -> (x: Double, y: Double) {
    let r = 1 / (h + t * dh)
    return ((u + t * du) * r - 0.5, (v + t * dv) * r - 0.5)
  }

  /// Whether pixel `t` shows a `width × height` source.
  func shows(_ t: Int, width: Int, height: Int) -> Bool {
    let s = Double(t)
    let hh = h + s * dh
    guard hh > 1e-12 else { return false }
    let p = position(s)
    return p.x > -1 && p.y > -1 && p.x < Double(width) && p.y < Double(height)
  }

  /// The pixels among the first `count` that show a `width × height` source (one run),
  /// or nil when none does.
  func shown(count: Int, width: Int, height: Int) -> Range<Int>? {
    guard count > 0 else { return nil }
    // Each condition as α + β·t > 0.
    let sw = Double(width) + 0.5
    let sh = Double(height) + 0.5
    let conditions: [(Double, Double)] = [
      (h - 1e-12, dh), (u + 0.5 * h, du + 0.5 * dh), (sw * h - u, sw * dh - du),
      (v + 0.5 * h, dv + 0.5 * dh), (sh * h - v, sh * dh - dv),
    ]
    var lo = 0.0
    var hi = Double(count - 1)
    for (a, b) in conditions {
      if b > 0 {
        let t = -a / b
        if t > lo { lo = t }
      } else if b < 0 {
        let t = -a / b
        if t < hi { hi = t }
      } else if !(a > 0) {
        return nil
      }
    }
    guard lo <= hi else { return nil }
    // The real bounds to whole pixels, then settled against the exact test (the shown
    // pixels are one run, so a step or two either way finds its ends).
    var first = Int(geometric: lo, .up)
    var last = Int(geometric: hi, .down)
    for _ in 0..<2 where first <= last && !shows(first, width: width, height: height) { first += 1 }
    for _ in 0..<2 where first > 0 && shows(first - 1, width: width, height: height) { first -= 1 }
    for _ in 0..<2 where last >= first && !shows(last, width: width, height: height) { last -= 1 }
    for _ in 0..<2 where last < count - 1 && shows(last + 1, width: width, height: height) {
      last += 1
    }
    guard first <= last, shows(first, width: width, height: height) else { return nil }
    return first..<(last + 1)
  }

  /// The span length for the pixels `run` (all shown) with `fraction` fixed-point bits:
  /// 64, 32, 16, 8 or 4, or 1 when every pixel must divide.
  func span(over run: Range<Int>, fraction: Int) -> Int {
    let h0 = h + Double(run.lowerBound) * dh
    let h1 = h + Double(run.upperBound - 1) * dh
    let hmin = Swift.min(h0, h1)
    let k = Swift.max(abs(du * h - u * dh), abs(dv * h - v * dh))
    let bend = dh * dh * k * 3.0.squareRoot() / (36 * (hmin * hmin) * (hmin * hmin))
    let unit = 1 / Double(1 << fraction)
    var l = 64
    while l >= 4 {
      let g = Double(l / 4)
      if Double(l * l * l) * bend <= Self.interpolationBudget
        && (1 + g + g * (g - 1) / 2) * unit / 2 <= Self.roundingBudget
      {
        return l
      }
      l /= 2
    }
    return 1
  }

  /// Hands the positions of pixels `run` (all shown) in `fraction`-bit fixed point to
  /// `body`, four at a time: `body(i, x, y)` gets pixels `run.lowerBound + i …+ 3`
  /// (`i` a multiple of 4; positions past the run's end are meaningless).
  @inline(__always)
  func coordinates(
    _ run: Range<Int>, span l: Int, fraction: Int, _ body: (Int, SIMD4<Int32>, SIMD4<Int32>) -> Void
  ) {
    let one = Double(1 << fraction)
    // Rounded to nearest (even) by adding 1.5 · 2⁵², which leaves the whole number in
    // the low bits of the representation; never traps (values off the source's scale,
    // only ever past the run, come out meaningless).
    @inline(__always) func fixed(_ p: SIMD4<Double>) -> SIMD4<Int32> {
      let q = p * one + 6_755_399_441_055_744
      return SIMD4<Int32>(truncatingIfNeeded: unsafeBitCast(q, to: SIMD4<Int64>.self))
    }
    let n = run.count
    let t0 = Double(run.lowerBound)
    guard l >= 4 else {
      var i = 0
      while i < n {
        var px = SIMD4<Double>()
        var py = SIMD4<Double>()
        for k in 0..<4 {
          let p = position(t0 + Double(i + k))
          px[k] = p.x
          py[k] = p.y
        }
        body(i, fixed(px), fixed(py))
        i += 4
      }
      return
    }
    let lanes = SIMD4<Double>(0, 1, 2, 3)
    var a = position(t0)
    var s = 0
    while s < n {
      // The span's pixels s…s + len; a whole span hands on its last one to the next.
      let len = Swift.min(l, n - 1 - s)
      let m = position(t0 + Double(s) + Double(len) / 2)
      let b = len > 0 ? position(t0 + Double(s + len)) : a
      // f(s + j) = f₀ + B·j + C·j² through the three exact positions.
      let w = Double(Swift.max(len, 1))
      let iw = 1 / w
      let cx = 2 * (a.x - 2 * m.x + b.x) * iw * iw
      let bx = (b.x - a.x) * iw - cx * w
      let cy = 2 * (a.y - 2 * m.y + b.y) * iw * iw
      let by = (b.y - a.y) * iw - cy * w
      // Values, first differences over four pixels, and their constant second difference.
      var x = fixed(a.x + lanes * (bx + lanes * cx))
      var y = fixed(a.y + lanes * (by + lanes * cy))
      var dx = fixed(4 * bx + cx * (8 * lanes + 16))
      var dy = fixed(4 * by + cy * (8 * lanes + 16))
      let ddx = fixed(SIMD4(repeating: 32 * cx))
      let ddy = fixed(SIMD4(repeating: 32 * cy))
      let end = len < l ? len + 1 : len
      var j = 0
      repeat {
        body(s &+ j, x, y)
        x &+= dx
        y &+= dy
        dx &+= ddx
        dy &+= ddy
        j &+= 4
      } while j < end
      a = b
      s &+= Swift.max(len, 1)
      if len < l { break }
    }
  }

  /// The fixed-point fraction bits for a source whose sides are at most `side` pixels:
  /// 16, fewer for sides of 2¹⁴ pixels or more (8 at `ProjectiveWarp.maximumSide`), so
  /// that positions within a pixel of the source, and twice that, stay below 2³¹.
  static func fraction(forSide side: Int) -> Int {
    let bits = Int.bitWidth - side.leadingZeroBitCount
    return Swift.min(16, 30 - bits)
  }
}
