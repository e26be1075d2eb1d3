import Foundation
import LayerGraphics
import Testing

@testable import LayerKit

/// The perspective warp's AVX2 interior kernel draws the portable loop's bytes exactly,
/// over every map of `ProjectiveWarpTests` (edges, mirrored, minified, magnified, behind
/// the eye), odd region widths, opacities 1, 0.55, 1/255 and 0, premultiplied sources and
/// any 32-bit words as sources and destinations (channels above alpha carry into the
/// next byte the same way on both paths).
@Suite struct ProjectiveWarpWideTests {
  /// Any 32-bit words, a quarter of them opaque and an eighth clear.
  static func words(_ p: UnsafeMutablePointer<UInt32>, count: Int, seed: UInt64) {
    var s = seed
    for i in 0..<count {
      s = s &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let r = UInt32(truncatingIfNeeded: s >> 32)
      switch r % 8 {
      case 0, 1: p[i] = r | 0xFF00_0000
      case 2: p[i] = 0
      default: p[i] = r
      }
    }
  }

  /// Draws `c` with both paths onto the same destination and compares every byte.
  func compare(_ c: ProjectiveWarpTests.Case, alpha: Float, premultiplied: Bool, widen: Int) {
    let sw = ProjectiveWarpTests.sourceWidth
    let sh = ProjectiveWarpTests.sourceHeight
    let src = UnsafeMutablePointer<UInt32>.allocate(capacity: sw * sh)
    defer { src.deallocate() }
    if premultiplied {
      ProjectiveWarpTests.fill(src, count: sw * sh, seed: 21, opaqueShare: 5)
    } else {
      Self.words(src, count: sw * sh, seed: 21)
    }
    let region = PixelRect(
      x0: c.region.x0, y0: c.region.y0, x1: c.region.x1 + widen, y1: c.region.y1)
    let rect = PixelRect(x0: region.x0 - 2, y0: region.y0 - 1, x1: region.x1 + 3, y1: region.y1 + 2)
    guard let wide = RenderSurface(rect: rect), let portable = RenderSurface(rect: rect) else {
      Issue.record("no surface")
      return
    }
    let n = wide.stride * wide.height
    if premultiplied {
      ProjectiveWarpTests.fill(wide.pixels, count: n, seed: 5, opaqueShare: 4)
    } else {
      Self.words(wide.pixels, count: n, seed: 5)
    }
    portable.pixels.update(from: wide.pixels, count: n)
    let before = Array(UnsafeBufferPointer(start: wide.pixels, count: n))
    ProjectiveWarp.warp(
      src, width: sw, height: sh, stride: sw, through: c.back, into: wide, region: region,
      alpha: alpha,
      wide: true)
    ProjectiveWarp.warp(
      src, width: sw, height: sh, stride: sw, through: c.back, into: portable, region: region,
      alpha: alpha, wide: false)
    let differing = (0..<n).filter { wide.pixels[$0] != portable.pixels[$0] }
    let count = differing.count
    let first = differing.first ?? -1
    #expect(count == 0, "\(count) pixels differ, the first at \(first)")
    if alpha > 0.01 {
      #expect((0..<n).filter { wide.pixels[$0] != before[$0] }.count > n / 20)
    }
  }

  @Test(
    .enabled(if: WideKernels.cpuHasAVX2),
    arguments: ProjectiveWarpTests.cases, [1, 0.55, 1 / 255, 0] as [Float])
  func premultipliedSourcesGiveThePortableBytes(_ c: ProjectiveWarpTests.Case, alpha: Float) {
    compare(c, alpha: alpha, premultiplied: true, widen: 0)
    compare(c, alpha: alpha, premultiplied: true, widen: 3)
  }

  @Test(
    .enabled(if: WideKernels.cpuHasAVX2), arguments: ProjectiveWarpTests.cases,
    [1, 0.55] as [Float])
  func anyWordsGiveThePortableBytes(_ c: ProjectiveWarpTests.Case, alpha: Float) {
    compare(c, alpha: alpha, premultiplied: false, widen: 1)
  }
}
