import Foundation
import Testing

@testable import LayerKit

/// The perspective warp's fast loop draws what evaluating every pixel on its own draws
/// (`ProjectiveWarpReference`), within 2 per channel (its sample positions are
/// interpolated between exact ones, at most 1/64 source pixel off), over maps that cover
/// the cases the loop treats specially: pixels outside the source, at its border, behind
/// the eye, mirrored and minified maps, coordinates that land exactly on source pixels or
/// a hair before them, translucent sources and partial opacity. The positions' bound and
/// the run of shown pixels are checked exactly against the homography.
@Suite struct ProjectiveWarpTests {
  /// A named device → source map and the region it is drawn over.
  struct Case: CustomStringConvertible, Sendable {
    let description: String
    let back: ProjectiveTransform2D
    let region: PixelRect
  }

  static let sourceWidth = 37, sourceHeight = 23

  /// The inverse of a forward map source → device.
  static func back(_ forward: ProjectiveTransform2D) -> ProjectiveTransform2D { forward.inverse! }

  /// A layer of the source's size rotated by `angle` about the axis (`ax`, `ay`, 0)
  /// through its centre, seen with perspective `m34 = −1/eye`, scaled by `scale` and
  /// centred at (`cx`, `cy`).
  static func rotated(
    angle: Double, ax: Double, ay: Double, eye: Double, scale: Double, cx: Double, cy: Double
  )
    -> ProjectiveTransform2D
  {
    var t = CATransform3DMakeTranslation(-Double(sourceWidth) / 2, -Double(sourceHeight) / 2, 0)
    t = CATransform3DConcat(t, CATransform3DMakeRotation(angle, ax, ay, 0))
    var p = CATransform3DIdentity
    p.m34 = -1 / eye
    t = CATransform3DConcat(t, p)
    t = CATransform3DConcat(t, CATransform3DMakeScale(scale, scale, 1))
    t = CATransform3DConcat(t, CATransform3DMakeTranslation(cx, cy, 0))
    return ProjectiveTransform2D(flattening: t)
  }

  static func affine(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double)
    -> ProjectiveTransform2D
  {
    ProjectiveTransform2D(affine: CGAffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty))
  }

  static let cases: [Case] = [
    Case(
      description: "turned about y, like a card",
      back: back(rotated(angle: 0.6, ax: 0, ay: 1, eye: 60, scale: 2.2, cx: 50, cy: 40)),
      region: PixelRect(x0: 0, y0: 0, x1: 100, y1: 80)),
    Case(
      description: "tipped about x past the eye plane",
      back: back(rotated(angle: 1.3, ax: 1, ay: 0, eye: 25, scale: 2, cx: 48, cy: 30)),
      region: PixelRect(x0: -5, y0: -5, x1: 101, y1: 77)),
    Case(
      description: "turned about a diagonal, magnified",
      back: back(rotated(angle: 0.9, ax: 1, ay: 1, eye: 80, scale: 4, cx: 60, cy: 50)),
      region: PixelRect(x0: 3, y0: 2, x1: 130, y1: 97)),
    Case(
      description: "minified three times",
      back: back(rotated(angle: 0.4, ax: 0, ay: 1, eye: 200, scale: 0.33, cx: 9, cy: 7)),
      region: PixelRect(x0: 0, y0: 0, x1: 20, y1: 16)),
    Case(
      description: "mirrored", back: back(affine(a: -1.7, b: 0.2, c: 0.1, d: 1.4, tx: 70, ty: 4)),
      region: PixelRect(x0: 0, y0: 0, x1: 80, y1: 40)),
    Case(
      description: "on whole pixels", back: back(affine(a: 1, b: 0, c: 0, d: 1, tx: 5, ty: 3)),
      region: PixelRect(x0: 0, y0: 0, x1: 48, y1: 30)),
    Case(
      description: "a hair left of whole pixels",
      back: back(affine(a: 1, b: 0, c: 0, d: 1, tx: 5 + 1e-7, ty: 3 - 1e-7)),
      region: PixelRect(x0: 0, y0: 0, x1: 48, y1: 30)),
    // The first row and column land 2⁻²⁵ before source pixel 0, where adding 1 rounds up.
    Case(
      description: "2⁻²⁵ before the first pixel",
      back: back(affine(a: 1, b: 0, c: 0, d: 1, tx: 5 + 2e-8, ty: 3 + 2e-8)),
      region: PixelRect(x0: 5, y0: 3, x1: 48, y1: 30)),
    Case(
      description: "doubled on half pixels",
      back: back(affine(a: 2, b: 0, c: 0, d: 2, tx: 0.5, ty: -0.5)),
      region: PixelRect(x0: -2, y0: -2, x1: 80, y1: 50)),
    Case(
      description: "large enough for two bands",
      back: back(rotated(angle: 0.35, ax: 0, ay: 1, eye: 300, scale: 12, cx: 220, cy: 150)),
      region: PixelRect(x0: 0, y0: 0, x1: 440, y1: 300)),
  ]

  /// Deterministic pixels: opaque, translucent and transparent, premultiplied.
  static func fill(_ p: UnsafeMutablePointer<UInt32>, count: Int, seed: UInt64, opaqueShare: UInt64)
  {
    var s = seed
    for i in 0..<count {
      s = s &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let r = s >> 24
      let kind = (r >> 32) % 8
      let a: UInt64 = kind < opaqueShare ? 255 : (kind == 7 ? 0 : (r >> 40) & 255)
      let c = { (shift: UInt64) in ((r >> shift) & 255) * a / 255 }
      p[i] = UInt32(c(0) | c(8) << 8 | c(16) << 16 | a << 24)
    }
  }

  @Test(arguments: cases, [Float(1), 0.55])
  func warpMatchesPerPixelEvaluation(_ c: Case, alpha: Float) {
    let sw = Self.sourceWidth
    let sh = Self.sourceHeight
    let src = UnsafeMutablePointer<UInt32>.allocate(capacity: sw * sh)
    defer { src.deallocate() }
    Self.fill(src, count: sw * sh, seed: 7, opaqueShare: 5)
    let rect = PixelRect(
      x0: c.region.x0 - 3, y0: c.region.y0 - 2, x1: c.region.x1 + 4, y1: c.region.y1 + 1)
    guard let fast = RenderSurface(rect: rect), let slow = RenderSurface(rect: rect) else {
      Issue.record("no surface")
      return
    }
    let n = fast.stride * fast.height
    Self.fill(fast.pixels, count: n, seed: 11, opaqueShare: 4)
    slow.pixels.update(from: fast.pixels, count: n)
    let before = Array(UnsafeBufferPointer(start: fast.pixels, count: n))
    ProjectiveWarp.warp(
      src, width: sw, height: sh, stride: sw, through: c.back, into: fast, region: c.region,
      alpha: alpha)
    ProjectiveWarpReference.warp(
      src, width: sw, height: sh, stride: sw, through: c.back, into: slow, region: c.region,
      alpha: alpha)
    // Measured: 2 at most (whole-pixel and doubled maps identical; elsewhere 0.3–15 %
    // of the pixels differ, by 1 or 2).
    let difference =
      (0..<n).map { Self.channelDifference(fast.pixels[$0], slow.pixels[$0]) }.max() ?? 0
    let drawn = (0..<n).filter { fast.pixels[$0] != before[$0] }.count
    #expect(difference <= 2, "channels differ by up to \(difference)")
    #expect(drawn > n / 20, "only \(drawn) of \(n) pixels drawn")
  }

  /// The largest difference between two packed pixels' channels.
  static func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
    var worst = 0
    for shift: UInt32 in [0, 8, 16, 24] {
      let x = Int((a >> shift) & 255)
      let y = Int((b >> shift) & 255)
      worst = max(worst, abs(x - y))
    }
    return worst
  }

  /// Every row's run holds exactly the pixels whose exact sample position shows the
  /// source, and every interpolated position is within 1/128 source pixel of the exact
  /// one, for the test maps and for sources large enough to take fewer fraction bits.
  @Test(arguments: cases, [37, 20_000, ProjectiveWarp.maximumSide - 1])
  func positionsStayWithinTheBound(_ c: Case, width: Int) {
    let height = 23
    let fraction = ProjectiveRow.fraction(forSide: width)
    let w = c.region.width
    let xs = UnsafeMutablePointer<Int32>.allocate(capacity: w + 40)
    let ys = UnsafeMutablePointer<Int32>.allocate(capacity: w + 40)
    defer {
      xs.deallocate()
      ys.deallocate()
    }
    var worst = 0.0
    var rows = 0
    for y in c.region.y0..<c.region.y1 {
      let row = ProjectiveRow(c.back, x0: Double(c.region.x0) + 0.5, y: Double(y) + 0.5)
      let expected = (0..<w).filter { row.shows($0, width: width, height: height) }
      guard let run = row.shown(count: w, width: width, height: height) else {
        #expect(expected.isEmpty, "row \(y): \(expected.count) shown pixels missed")
        continue
      }
      rows += 1
      #expect(Array(run) == expected, "row \(y)")
      row.coordinates(run, span: row.span(over: run, fraction: fraction), fraction: fraction) {
        i, x, y in
        for k in 0..<4 {
          xs[i + k] = x[k]
          ys[i + k] = y[k]
        }
      }
      let one = Double(1 << fraction)
      for (i, t) in run.enumerated() {
        // The exact position, from the homography in double precision.
        let h = row.h + Double(t) * row.dh
        let ex = (row.u + Double(t) * row.du) / h - 0.5
        let ey = (row.v + Double(t) * row.dv) / h - 0.5
        worst = max(worst, abs(Double(xs[i]) / one - ex), abs(Double(ys[i]) / one - ey))
      }
    }
    #expect(rows > 0)
    #expect(worst <= ProjectiveRow.maximumError, "positions off by up to \(worst)")
  }

  /// A map bent so strongly that spans of four would exceed the bound divides at every
  /// pixel; one with next to no perspective takes the longest spans.
  @Test func spanFollowsTheBend() {
    // h falls from 1 to 0.05 over the row.
    let bent = ProjectiveTransform2D(
      m11: 1, m12: 0, m13: -0.0095, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
    let run = 0..<100
    #expect(ProjectiveRow(bent, x0: 0, y: 0.5).span(over: run, fraction: 16) == 1)
    let mild = ProjectiveTransform2D(
      m11: 1, m12: 0, m13: -0.002, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
    let l = ProjectiveRow(mild, x0: 0, y: 0.5).span(over: run, fraction: 16)
    #expect(l >= 4 && l < 64)
    let flat = ProjectiveRow(
      Self.back(Self.affine(a: 1.3, b: 0.2, c: -0.1, d: 1, tx: 3, ty: 2)), x0: 0.5, y: 0.5)
    #expect(flat.span(over: run, fraction: 16) == 64)
    #expect(flat.span(over: run, fraction: 9) == 4)
    #expect(flat.span(over: run, fraction: 8) == 1)
  }

  /// Sources of 2¹⁴ pixels or more a side take fewer fraction bits; the largest allowed
  /// still has eight, a whole weight.
  @Test func fractionBitsFollowTheSourceSize() {
    #expect(ProjectiveRow.fraction(forSide: 37) == 16)
    #expect(ProjectiveRow.fraction(forSide: (1 << 14) - 1) == 16)
    #expect(ProjectiveRow.fraction(forSide: 1 << 14) == 15)
    #expect(ProjectiveRow.fraction(forSide: ProjectiveWarp.maximumSide - 1) == 8)
  }

  /// A source too wide for 16 fraction bits draws the same as the reference too.
  @Test func wideSourceMatchesPerPixelEvaluation() {
    let sw = 20_000
    let sh = 3
    let src = UnsafeMutablePointer<UInt32>.allocate(capacity: sw * sh)
    defer { src.deallocate() }
    Self.fill(src, count: sw * sh, seed: 9, opaqueShare: 6)
    // About 190 source pixels per device pixel across, 0.1 down, with a little perspective.
    let forward = ProjectiveTransform2D(
      m11: 0.005, m12: 0, m13: 0.000_002, m21: 0, m22: 10, m23: 0, m31: 2, m32: 1, m33: 1)
    let region = PixelRect(x0: 0, y0: 0, x1: 100, y1: 32)
    guard let fast = RenderSurface(rect: region), let slow = RenderSurface(rect: region) else {
      Issue.record("no surface")
      return
    }
    let back = Self.back(forward)
    ProjectiveWarp.warp(
      src, width: sw, height: sh, stride: sw, through: back, into: fast, region: region, alpha: 1)
    ProjectiveWarpReference.warp(
      src, width: sw, height: sh, stride: sw, through: back, into: slow, region: region, alpha: 1)
    let n = fast.stride * fast.height
    let difference =
      (0..<n).map { Self.channelDifference(fast.pixels[$0], slow.pixels[$0]) }.max() ?? 0
    #expect(difference <= 2, "channels differ by up to \(difference)")
    #expect((0..<n).filter { fast.pixels[$0] != 0 }.count > n / 2)
  }

  /// A source with a row stride wider than its width reads only its own pixels.
  @Test func strideWiderThanWidthIsRespected() {
    let sw = 9
    let sh = 7
    let ss = 13
    let src = UnsafeMutablePointer<UInt32>.allocate(capacity: ss * sh)
    defer { src.deallocate() }
    Self.fill(src, count: ss * sh, seed: 3, opaqueShare: 8)
    for y in 0..<sh { for x in sw..<ss { src[y * ss + x] = 0xFFFF_FFFF } }
    let back = Self.back(Self.affine(a: 3.1, b: 0.4, c: -0.3, d: 2.9, tx: 6, ty: 2))
    let region = PixelRect(x0: 0, y0: 0, x1: 40, y1: 36)
    guard let fast = RenderSurface(rect: region), let slow = RenderSurface(rect: region) else {
      Issue.record("no surface")
      return
    }
    ProjectiveWarp.warp(
      src, width: sw, height: sh, stride: ss, through: back, into: fast, region: region, alpha: 1)
    ProjectiveWarpReference.warp(
      src, width: sw, height: sh, stride: ss, through: back, into: slow, region: region, alpha: 1)
    let n = fast.stride * fast.height
    #expect((0..<n).allSatisfy { Self.channelDifference(fast.pixels[$0], slow.pixels[$0]) <= 2 })
    // White would only appear by reading the padding.
    #expect(!(0..<(fast.stride * fast.height)).contains { fast.pixels[$0] == 0xFFFF_FFFF })
  }
}
