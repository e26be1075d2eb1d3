import Foundation

/// The perspective warp's pixel loop: samples a source bitmap through an inverse
/// homography, bilinearly, and blends source-over.
///
/// Per device pixel `(x + ½, y + ½)` the homogeneous source point is `(u, v, h)`; the
/// sample sits at `(u/h − ½, v/h − ½)` and shows when `h > 10⁻¹²` (in front of the eye)
/// and it lies less than a whole pixel outside the source. Per row, `ProjectiveRow`
/// finds the run of pixels that show and their positions in fixed point (within 1/128
/// source pixel of the exact ones, two divisions per span of up to 64 pixels). The four
/// neighbours are weighted in 1/256 steps (`wx`, the eight bits below the whole part)
/// with integer lane arithmetic, in 16-bit SIMD lanes, two pixels per step when both
/// have all four neighbours inside (`PixelLanes.bilinearPair`), or eight per step in the
/// AVX2 kernel where the CPU has it (`WideKernels.warpRowAVX2`, the same bytes, checked by
/// `ProjectiveWarpWideTests`). Sources are limited to
/// `maximumSide` pixels per side (positions keep at least eight fraction bits in 32-bit
/// lanes). `ProjectiveWarpTests` holds the loop within 2 per channel of an exact
/// one-pixel-at-a-time reference and the positions within their bound.
enum ProjectiveWarp {
  /// The largest source width or height, in pixels.
  static let maximumSide = 1 << 22

  /// Samples the `width × height` pixels at `src` for every pixel of `region` through
  /// `back` (device → source pixels), bilinearly (transparent outside), and blends
  /// source-over at `alpha` (0…1) into `s`. `wide`: the interior pixels go through the
  /// AVX2 kernel (`WideKernels.warpRowAVX2`, same bytes), eight at a time; on by default
  /// where the CPU has it.
  static func warp(
    _ src: UnsafeMutablePointer<UInt32>, width sw: Int, height sh: Int, stride ss: Int,
    through back: ProjectiveTransform2D, into s: RenderSurface, region: PixelRect, alpha: Float,
    wide: Bool = WideKernels.usesAVX2
  ) {
    guard !region.isEmpty else { return }
    guard sw < maximumSide, sh < maximumSide, sh * ss < Int(Int32.max) else {
      CADiagnostics.report(
        key: "render", "a \(sw)×\(sh) layer image is too large to draw in perspective; not drawn")
      return
    }
    s.flushPendingClear()
    let k = UInt64(Swift.min(Swift.max(alpha, 0), 1) * 255 + 0.5)
    let sp = SendablePointer(src)
    let dp = SendablePointer(s.pixel(x: region.x0, y: region.y0))
    let ds = s.stride
    let w = region.width
    let x0 = Double(region.x0) + 0.5
    let y0 = Double(region.y0) + 0.5
    let b = back
    let fraction = ProjectiveRow.fraction(forSide: Swift.max(sw, sh))
    ParallelRows.run(0..<region.height, pixelsPerRow: w) { rows in
      let scratch = Scratch(lanes: w + 8)
      defer { scratch.deallocate() }
      for row in rows {
        let line = ProjectiveRow(b, x0: x0, y: y0 + Double(row))
        guard let run = line.shown(count: w, width: sw, height: sh) else { continue }
        if fraction == 16 && ss < 0x8000 {
          // Whole parts and stride fit 16 bits: constant shifts, and the offset's operands
          // given as 16-bit numbers.
          scratch.locate(line, run, fraction: 16, width: sw, height: sh, stride: ss, narrow: true)
        } else {
          scratch.locate(
            line, run, fraction: fraction, width: sw, height: sh, stride: ss, narrow: false)
        }
        let out = dp.pointer + row * ds + run.lowerBound
        if wide {
          sampleRowWide(
            scratch, count: run.count, from: sp.pointer, width: sw, height: sh, stride: ss,
            into: out, opacity: k, fraction: fraction)
        } else if k == 255 {
          sampleRow(
            scratch, count: run.count, from: sp.pointer, width: sw, height: sh, stride: ss,
            into: out, opacity: 255, fraction: fraction)
        } else {
          sampleRow(
            scratch, count: run.count, from: sp.pointer, width: sw, height: sh, stride: ss,
            into: out, opacity: k, fraction: fraction)
        }
      }
    }
  }

  /// Samples and blends the `count` pixels `scratch` located, into `out` at opacity
  /// `k` (inlined twice, so full opacity is a constant in its own copy).
  @inline(__always)
  private static func sampleRow(
    _ scratch: Scratch, count w: Int, from px: UnsafeMutablePointer<UInt32>, width sw: Int,
    height sh: Int, stride ss: Int,
    into out: UnsafeMutablePointer<UInt32>, opacity k: UInt64, fraction: Int
  ) {
    var x = 0
    while x < w {
      // Two pixels per step (the place after an odd count is 0, so pixel x + 1 is
      // drawn only when it is one of the count); both inside the
      // source's interior is the common case.
      let places = UnsafeRawPointer(scratch.inside + x).loadUnaligned(as: UInt64.self)
      if places == 0x1_0000_0001 {
        let c = PixelLanes.bilinearPair(
          px + Int(scratch.offset[x]), px + Int(scratch.offset[x &+ 1]), stride: ss,
          weights: UnsafeRawPointer(scratch.weights + x).loadUnaligned(as: UInt64.self))
        if k == 255 && c & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000 {
          UnsafeMutableRawPointer(out + x).storeBytes(of: c, as: UInt64.self)
        } else {
          put(UInt32(truncatingIfNeeded: c), into: out + x, opacity: k)
          put(UInt32(truncatingIfNeeded: c &>> 32), into: out + x + 1, opacity: k)
        }
      } else if places != 0 {
        samplePair(
          scratch, at: x, from: px, width: sw, height: sh, stride: ss, into: out, opacity: k,
          fraction: fraction)
      }
      x &+= 2
    }
  }

  /// `sampleRow` with runs of eight interior pixels drawn by the AVX2 kernel and the
  /// pixels between them two at a time, as `sampleRow` draws them.
  private static func sampleRowWide(
    _ scratch: Scratch, count w: Int, from px: UnsafeMutablePointer<UInt32>, width sw: Int,
    height sh: Int, stride ss: Int,
    into out: UnsafeMutablePointer<UInt32>, opacity k: UInt64, fraction: Int
  ) {
    var x = 0
    while x < w {
      if w &- x >= 8 {
        let done = WideKernels.warpRowAVX2(
          out + x, source: px, stride: ss, offset: scratch.offset + x, weights: scratch.weights + x,
          inside: scratch.inside + x, count: w &- x, opacity: UInt32(k))
        x &+= done
        if done > 0 { continue }
      }
      let places = UnsafeRawPointer(scratch.inside + x).loadUnaligned(as: UInt64.self)
      if places != 0 {
        samplePair(
          scratch, at: x, from: px, width: sw, height: sh, stride: ss, into: out, opacity: k,
          fraction: fraction)
      }
      x &+= 2
    }
  }

  /// Samples and blends pixels `x` and `x + 1` one by one (kept out of line: only
  /// pixels near the source's edge and pairs with one pixel outside come here).
  @inline(never)
  private static func samplePair(
    _ scratch: Scratch, at x: Int, from px: UnsafeMutablePointer<UInt32>, width sw: Int,
    height sh: Int, stride ss: Int,
    into out: UnsafeMutablePointer<UInt32>, opacity k: UInt64, fraction: Int
  ) {
    for i in x...x + 1 {
      let place = scratch.inside[i]
      if place == 0 { continue }
      let c: UInt32
      if place > 0 {
        c = PixelLanes.bilinear(
          px + Int(scratch.offset[i]), stride: ss, weights: UInt32(bitPattern: scratch.weights[i]))
      } else {
        let wxy = UInt64(truncatingIfNeeded: scratch.weights[i])
        c = PixelLanes.compress(
          sample(
            px, Int(scratch.fx[i] &>> fraction), Int(scratch.fy[i] &>> fraction), wxy & 0xFFFF,
            wxy &>> 16, sw, sh, ss))
      }
      put(c, into: out + i, opacity: k)
    }
  }

  /// Stores the packed sample `c` at opacity `k` (0…255) source-over onto `d`.
  @inline(__always)
  private static func put(_ c: UInt32, into d: UnsafeMutablePointer<UInt32>, opacity k: UInt64) {
    if c >= 0xFF00_0000 && k == 255 {
      d.pointee = c
    } else if c != 0 {
      blend(PixelLanes.expand(c), into: d, opacity: k)
    }
  }

  /// One band's row buffers: the fixed-point sample positions of a row's shown
  /// pixels, and where each samples.
  private struct Scratch {
    let fx, fy: UnsafeMutablePointer<Int32>
    /// Per pixel: the top-left neighbour's offset in the source (when all four
    /// neighbours are inside), the weights `wx | wy << 16`, and how it is drawn: 1 with
    /// all four neighbours inside, −1 near or past the source's edge, 0 not (the place
    /// after an odd count).
    let offset, weights, inside: UnsafeMutablePointer<Int32>

    init(lanes: Int) {
      fx = .allocate(capacity: lanes)
      fy = .allocate(capacity: lanes)
      offset = .allocate(capacity: lanes)
      weights = .allocate(capacity: lanes)
      inside = .allocate(capacity: lanes)
    }

    func deallocate() {
      fx.deallocate()
      fy.deallocate()
      offset.deallocate()
      weights.deallocate()
      inside.deallocate()
    }

    /// Finds the sample positions of the row's pixels `run` (all shown) in a
    /// `width × height` source, in `fraction`-bit fixed point, and splits them into
    /// neighbours and weights, four at a time.
    /// `narrow`: the whole parts and `stride` are below 2¹⁵ (inlined twice, so 16
    /// fraction bits are a constant in one copy).
    @inline(__always)
    func locate(
      _ line: ProjectiveRow, _ run: Range<Int>, fraction: Int, width: Int, height: Int, stride: Int,
      narrow: Bool
    ) {
      // Pixel j is inside when 0 ≤ j < side − 1: with the sign bit flipped, a signed
      // j ^ 2³¹ > (side − 2) ^ 2³¹ says it is not (one compare, −1 counting as huge).
      // Sides of one pixel have no inside at all.
      let sign = SIMD4<Int32>(repeating: Int32.min)
      let lastX = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: width - 2)) ^ sign
      let lastY = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: height - 2)) ^ sign
      let edgeOnly = SIMD4<Int32>(repeating: width < 2 || height < 2 ? -1 : 0) | 1
      let ss = SIMD4<Int32>(repeating: Int32(stride))
      let whole = SIMD4<Int32>(repeating: Int32(fraction))
      let part = SIMD4<Int32>(repeating: Int32(fraction - 8))
      let byte = SIMD4<Int32>(repeating: 255)
      line.coordinates(run, span: line.span(over: run, fraction: fraction), fraction: fraction) {
        x, px, py in
        let jx = px &>> whole
        let jy = py &>> whole
        let outside =
          ProjectiveWarp.lanes(jx ^ sign .> lastX) | ProjectiveWarp.lanes(jy ^ sign .> lastY)
        store(px, fx, x)
        store(py, fy, x)
        if narrow {
          // Sign-extended from 16 bits (measured: 1.3 M instructions per full frame fewer
          // than the plain 32-bit form with the same constant shifts).
          let y16 = SIMD4<Int32>(truncatingIfNeeded: SIMD4<Int16>(truncatingIfNeeded: jy))
          let s16 = SIMD4<Int32>(truncatingIfNeeded: SIMD4<Int16>(truncatingIfNeeded: ss))
          store(y16 &* s16 &+ jx, offset, x)
        } else {
          store(jy &* ss &+ jx, offset, x)
        }
        store(((px &>> part) & byte) | (((py &>> part) & byte) &<< 16), weights, x)
        // 1 inside, −1 at or past the edge.
        store(outside | edgeOnly, inside, x)
      }
      if run.count & 1 != 0 { inside[run.count] = 0 }
    }

    @inline(__always)
    private func store(_ value: SIMD4<Int32>, _ p: UnsafeMutablePointer<Int32>, _ x: Int) {
      UnsafeMutableRawPointer(p + x).storeBytes(of: value, as: SIMD4<Int32>.self)
    }
  }

  /// The bilinear sample with its top-left neighbour at `(ix, iy)`, expanded.
  @inline(__always)
  private static func sample(
    _ px: UnsafeMutablePointer<UInt32>, _ ix: Int, _ iy: Int, _ wx: UInt64, _ wy: UInt64, _ sw: Int,
    _ sh: Int,
    _ ss: Int
  ) -> UInt64 {
    let p00: UInt64
    let p01: UInt64
    let p10: UInt64
    let p11: UInt64
    if ix >= 0 && iy >= 0 && ix + 1 < sw && iy + 1 < sh {
      let r0 = px + iy * ss + ix
      p00 = PixelLanes.expand(r0[0])
      p01 = PixelLanes.expand(r0[1])
      p10 = PixelLanes.expand(r0[ss])
      p11 = PixelLanes.expand(r0[ss + 1])
    } else {
      @inline(__always) func fetch(_ x: Int, _ y: Int) -> UInt64 {
        (x >= 0 && y >= 0 && x < sw && y < sh) ? PixelLanes.expand(px[y * ss + x]) : 0
      }
      p00 = fetch(ix, iy)
      p01 = fetch(ix + 1, iy)
      p10 = fetch(ix, iy + 1)
      p11 = fetch(ix + 1, iy + 1)
    }
    return bilinear(p00, p01, p10, p11, wx, wy)
  }

  /// Weights four expanded pixels by `wx`, `wy` (0…255, in 1/256).
  @inline(__always)
  private static func bilinear(
    _ p00: UInt64, _ p01: UInt64, _ p10: UInt64, _ p11: UInt64, _ wx: UInt64, _ wy: UInt64
  ) -> UInt64 {
    let top = ((p00 &* (256 &- wx) &+ p01 &* wx) &>> 8) & 0x00FF_00FF_00FF_00FF
    let bot = ((p10 &* (256 &- wx) &+ p11 &* wx) &>> 8) & 0x00FF_00FF_00FF_00FF
    return ((top &* (256 &- wy) &+ bot &* wy) &>> 8) & 0x00FF_00FF_00FF_00FF
  }

  /// Source-over of the expanded sample `e` at opacity `k` (0…255) onto `d`.
  @inline(__always)
  private static func blend(_ e: UInt64, into d: UnsafeMutablePointer<UInt32>, opacity k: UInt64) {
    guard e != 0 else { return }
    let e = k < 255 ? PixelLanes.div255(e &* k) : e
    let sa = UInt32(truncatingIfNeeded: e &>> 48)
    d.pointee =
      sa >= 255
      ? PixelLanes.compress(e)
      : PixelLanes.compress(e &+ PixelLanes.scale(PixelLanes.expand(d.pointee), UInt64(255 &- sa)))
  }

  /// A comparison's lanes as integers: −1 where true, 0 where false.
  @inline(__always)
  fileprivate static func lanes(_ m: SIMDMask<SIMD4<Int32>>) -> SIMD4<Int32> {
    unsafeBitCast(m, to: SIMD4<Int32>.self)
  }
}
