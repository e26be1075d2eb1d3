import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// `minificationFilter = .trilinear` and `minificationFilterBias` on layer contents.
@Suite struct TrilinearFilterRenderTests {
  typealias F = RenderFixtures

  /// A `size × size` checkerboard of `cell`-pixel black and white squares.
  static func checkerboard(_ size: Int, cell: Int) -> CGImage {
    var px = [UInt8](repeating: 0, count: size * size * 4)
    for y in 0..<size {
      for x in 0..<size {
        let v: UInt8 = (x / cell + y / cell) % 2 == 0 ? 255 : 0
        px.replaceSubrange((y * size + x) * 4..<(y * size + x) * 4 + 4, with: [v, v, v, 255])
      }
    }
    return CGImage(width: size, height: size, premultipliedRGBA: px)!
  }

  /// The fine pattern: 3-pixel squares, which no power-of-two minification samples evenly.
  static let fine = checkerboard(96, cell: 3)

  /// Renders `image` in a `side`-point layer at (4, 4) of a 20 + `side` square root.
  static func render(
    _ image: CGImage, side: CGFloat, filter: CALayerContentsFilter, bias: Float = 0,
    magnification: CALayerContentsFilter = .linear
  ) -> CGImage {
    let root = F.root(side + 8, side + 8)
    let layer = F.box(CGRect(x: 4, y: 4, width: side, height: side), nil)
    layer.contents = image
    layer.minificationFilter = filter
    layer.magnificationFilter = magnification
    layer.minificationFilterBias = bias
    root.addSublayer(layer)
    return F.render(root)
  }

  /// The smallest and largest red byte over the layer's pixels (inset by one).
  static func range(_ image: CGImage, side: Int) -> (min: Int, max: Int) {
    var lo = 255
    var hi = 0
    for y in 5..<(3 + side) {
      for x in 5..<(3 + side) {
        let r = F.pixel(image, x, y).r
        lo = Swift.min(lo, r)
        hi = Swift.max(hi, r)
      }
    }
    return (lo, hi)
  }

  @Test func eightTimesMinifiedCheckerboardIsUniformGreyOnlyWithTrilinear() {
    let trilinear = Self.range(Self.render(Self.fine, side: 12, filter: .trilinear), side: 12)
    let linear = Self.range(Self.render(Self.fine, side: 12, filter: .linear), side: 12)
    // Level 3 averages 8 × 8 source pixels: 34 of 64 white at most, so within 128 ± 9.
    #expect(trilinear.min >= 119 && trilinear.max <= 137, "\(trilinear)")
    // Bilinear taps land on whole squares: pure black and pure white (moiré).
    #expect(linear.min <= 10 && linear.max >= 245, "\(linear)")
  }

  @Test(arguments: [(Float(-1), 250, 255), (1, 30, 90), (3, 0, 8)])
  func biasMovesTheLevelOfDetail(bias: Float, minimumSpread: Int, maximumSpread: Int) {
    // 96 px in 48 pt: λ = 1 + bias. Level 0 shows the squares as they are, level 2
    // mixes each 4 × 4 block (3/4 to 1/2 white per axis), level 4 nearly evens out.
    let r = Self.range(Self.render(Self.fine, side: 48, filter: .trilinear, bias: bias), side: 48)
    #expect((minimumSpread...maximumSpread).contains(r.max - r.min), "bias \(bias): \(r)")
  }

  @Test func negativeBiasToLevelZeroMatchesLinearExactly() {
    let sharp = Self.render(Self.fine, side: 48, filter: .trilinear, bias: -1)
    #expect(sharp.pixels == Self.render(Self.fine, side: 48, filter: .linear).pixels)
  }

  @Test(arguments: [CGFloat(96), 192, 250])
  func unscaledAndMagnifiedContentsAreUnchanged(side: CGFloat) {
    // A positive bias would blur minified contents; at or above full size it is ignored.
    let trilinear = Self.render(Self.fine, side: side, filter: .trilinear, bias: 3)
    #expect(trilinear.pixels == Self.render(Self.fine, side: side, filter: .linear, bias: 3).pixels)
  }

  @Test func biasDoesNothingForLinearAndNearest() {
    for filter in [CALayerContentsFilter.linear, .nearest] {
      let biased = Self.render(Self.fine, side: 24, filter: filter, bias: 2)
      #expect(
        biased.pixels == Self.render(Self.fine, side: 24, filter: filter).pixels,
        "\(filter.rawValue)")
    }
  }

  @Test func trilinearBesideLinearMatchesGolden() {
    // Fine diagonal stripes (128 px) and the checkerboard (96 px) in 32, 21 and 16 pt
    // squares, linear on the left, trilinear on the right.
    let stripes: CGImage = {
      let n = 128
      var px = [UInt8](repeating: 0, count: n * n * 4)
      for y in 0..<n {
        for x in 0..<n {
          let on = (x + y) % 4 < 2
          let c: [UInt8] = on ? [40, 70, 160, 255] : [250, 245, 230, 255]
          px.replaceSubrange((y * n + x) * 4..<(y * n + x) * 4 + 4, with: c)
        }
      }
      return CGImage(width: n, height: n, premultipliedRGBA: px)!
    }()
    let root = F.root(190, 96)
    for (row, image) in [stripes, Self.fine].enumerated() {
      for (x, side) in [(CGFloat(0), CGFloat(32)), (38, 21), (65, 16)] {
        for (k, filter) in [CALayerContentsFilter.linear, .trilinear].enumerated() {
          let l = F.box(
            CGRect(x: 6 + CGFloat(k) * 94 + x, y: 8 + CGFloat(row) * 44, width: side, height: side),
            nil)
          l.contents = image
          l.minificationFilter = filter
          root.addSublayer(l)
        }
      }
    }
    assertMatchesGolden(F.render(root, scale: 1), named: "trilinear-vs-linear")
  }
}
