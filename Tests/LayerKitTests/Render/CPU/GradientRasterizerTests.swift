import Foundation
import LayerGraphics
import Testing

@testable import LayerKit

/// `GradientRasterizer` writes, for every shape of gradient and every direction, the bytes
/// its documented formula gives pixel by pixel (its row and column shortcuts included).
///
/// The image is the layer's ramp shader evaluated on the image's grid, which maps each
/// pixel centre into the ramp plane with one affine map: its ramp position may differ
/// from the formula's in the last bits, so a pixel whose position lies within 1e-9 of the
/// midpoint between two table entries (or of the conic seam, where 1 meets 0) may take
/// either; every other pixel is the formula's entry exactly.
@Suite struct GradientRasterizerTests {
  static let colors = [
    CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0.5, blue: 1, alpha: 0.5),
    CGColor(red: 0, green: 1, blue: 0, alpha: 1),
  ]

  static func state(
    _ type: CAGradientLayerType, _ start: CGPoint, _ end: CGPoint, colors: [CGColor] = colors
  ) -> GradientLayerState {
    var g = GradientLayerState()
    g.colors = InterpolatableArray(colors)
    g.locations = colors.count == 3 ? InterpolatableArray([0, 0.3, 1]) : InterpolatableArray([])
    g.startPoint = start
    g.endPoint = end
    g.type = type
    return g
  }

  /// The entries the class comment's formula allows, one pixel at a time (see the type).
  static func reference(
    _ g: GradientLayerState, bounds b: CGRect, scale s: CGFloat
  ) -> [Set<UInt32>] {
    let colors = g.colors.elements
    let w = max(Int((b.width * s).rounded(.up)), 1)
    let h = max(Int((b.height * s).rounded(.up)), 1)
    let ramp = colors.count == 1 ? [colors[0], colors[0]] : colors
    let locations = colors.count == 1 ? nil : g.locations.elements
    let lut = CGGradient(colorsSpace: nil, colors: ramp, locations: locations)!
      .lookupTable(count: 256, opacity: 1)
    let sx = g.startPoint.x * b.width
    let sy = g.startPoint.y * b.height
    let dx = g.endPoint.x * b.width - sx
    let dy = g.endPoint.y * b.height - sy
    var rx = abs(dx)
    var ry = abs(dy)
    if rx == 0 { rx = ry }
    if ry == 0 { ry = rx }
    var out: [Set<UInt32>] = []
    for y in 0..<h {
      let py = (CGFloat(y) + 0.5) * (b.height / CGFloat(h)) - sy
      for x in 0..<w {
        let px = (CGFloat(x) + 0.5) * (b.width / CGFloat(w)) - sx
        var t: CGFloat
        if g.type == .radial {
          t = rx > 0 ? ((px / rx) * (px / rx) + (py / ry) * (py / ry)).squareRoot() : 1
        } else if g.type == .conic {
          t = (atan2(py, px) - atan2(dy, dx)) / (2 * .pi)
          t -= t.rounded(.down)
        } else {
          let len2 = dx * dx + dy * dy
          t = len2 > 0 ? (px * dx + py * dy) / len2 : 0
        }
        t = t.isNaN ? 0 : min(max(t, 0), 1)
        let r = t * 255 + 0.5
        var allowed: Set<UInt32> = [lut[Int(r)]]
        if abs(r - r.rounded()) < 1e-9 * 255 {
          allowed.insert(lut[Int(r.rounded()) - 1 < 0 ? 0 : Int(r.rounded()) - 1])
          allowed.insert(lut[min(Int(r.rounded()), 255)])
        }
        if g.type == .conic, t < 1e-9 || t > 1 - 1e-9 { allowed.formUnion([lut[0], lut[255]]) }
        out.append(allowed)
      }
    }
    return out
  }

  /// Whether `image` holds, at every pixel, an entry `allowed` lists for it.
  static func follows(_ image: CGImage?, _ allowed: [Set<UInt32>]) -> Bool {
    guard let image, image.width * image.height == allowed.count else { return false }
    let pixels = image.pixels.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
    return zip(pixels, allowed).allSatisfy { $1.contains($0) }
  }

  @Test(arguments: [
    (CAGradientLayerType.axial, CGPoint(x: 0, y: 0.5), CGPoint(x: 1, y: 0.5)),  // along x
    (.axial, CGPoint(x: 0.2, y: 1), CGPoint(x: 0.2, y: 0)),  // along y, upwards
    (.axial, CGPoint(x: 0.1, y: 0.2), CGPoint(x: 0.9, y: 0.7)),  // diagonal
    (.axial, CGPoint(x: 0.5, y: 0.5), CGPoint(x: 0.5, y: 0.5)),  // no length
    (.radial, CGPoint(x: 0.4, y: 0.5), CGPoint(x: 1, y: 0.9)),
    (.radial, CGPoint(x: 0.5, y: 0.5), CGPoint(x: 0.5, y: 0.5)),  // no radius
    (.conic, CGPoint(x: 0.5, y: 0.4), CGPoint(x: 1, y: 0.2)),
  ])
  func everyPixelFollowsTheFormula(type: CAGradientLayerType, start: CGPoint, end: CGPoint) {
    let g = Self.state(type, start, end)
    let bounds = CGRect(x: 0, y: 0, width: 37.5, height: 21.25)
    for scale in [1.0, 2.0, 0.75] {
      let image = GradientRasterizer.image(g, bounds: bounds, pixelsPerPoint: scale)
      let expected = Self.reference(g, bounds: bounds, scale: scale)
      #expect(Self.follows(image, expected), "\(type.rawValue) at \(scale)×")
    }
  }

  @Test func oneColourAndOneRowOrColumn() {
    let one = Self.state(
      .axial, CGPoint(x: 0, y: 0.5), CGPoint(x: 1, y: 0.5), colors: [Self.colors[1]])
    let bounds = CGRect(x: 0, y: 0, width: 9, height: 5)
    #expect(
      Self.follows(
        GradientRasterizer.image(one, bounds: bounds, pixelsPerPoint: 1),
        Self.reference(one, bounds: bounds, scale: 1)))
    let g = Self.state(.axial, CGPoint(x: 0, y: 0.5), CGPoint(x: 1, y: 0.5))
    for b in [CGRect(x: 0, y: 0, width: 30, height: 1), CGRect(x: 0, y: 0, width: 1, height: 30)] {
      #expect(
        Self.follows(
          GradientRasterizer.image(g, bounds: b, pixelsPerPoint: 1),
          Self.reference(g, bounds: b, scale: 1)))
    }
    #expect(GradientRasterizer.image(g, bounds: .zero, pixelsPerPoint: 1) == nil)
  }
}
