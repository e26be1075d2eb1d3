import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// `maskMode` (a LayerKit addition): the mask's alpha, its inverse, its luminance and the
/// inverse luminance as coverage.
@Suite struct MaskModeRenderTests {
  typealias F = RenderFixtures

  /// A 40 × 20 red layer whose mask has a white square at x 0…10, a black square at
  /// x 10…20, a 50 % grey square at x 20…30 (all opaque) and nothing at x 30…40.
  func render(_ mode: LayerMaskMode) -> CGImage {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
    root.anchorPoint = .zero
    let layer = F.box(root.bounds, CGColor(red: 1, green: 0, blue: 0, alpha: 1))
    let mask = CALayer()
    mask.frame = layer.bounds
    let shades: [CGFloat] = [1, 0, 128.0 / 255]
    for (i, v) in shades.enumerated() {
      mask.addSublayer(
        F.box(
          CGRect(x: CGFloat(i) * 10, y: 0, width: 10, height: 20),
          CGColor(red: v, green: v, blue: v, alpha: 1)))
    }
    layer.mask = mask
    layer.maskMode = mode
    root.addSublayer(layer)
    return F.render(root)
  }

  /// The alpha of the red layer at the centre of each of the four mask columns.
  func alphas(_ image: CGImage) -> [Int] {
    [5, 15, 25, 35].map { F.pixel(image, $0, 10).a }
  }

  @Test func eachModeTakesItsCoverage() {
    #expect(alphas(render(.alpha)) == [255, 255, 255, 0])
    #expect(alphas(render(.inverseAlpha)) == [0, 0, 0, 255])
    #expect(alphas(render(.luminance)) == [255, 0, 128, 0])
    #expect(alphas(render(.inverseLuminance)) == [0, 255, 127, 255])
    let shown = render(.inverseAlpha)
    #expect(F.pixel(shown, 35, 10) == (255, 0, 0, 255), "the colour is the layer's")
  }

  @Test func luminanceWeighsGreenMostAndCountsTransparencyAsDark() {
    #expect(PixelCompositing.coverageByte(0xFF00_FF00, .luminance) == 182)  // pure green
    #expect(PixelCompositing.coverageByte(0xFF00_00FF, .luminance) == 54)  // pure red
    #expect(PixelCompositing.coverageByte(0xFFFF_0000, .luminance) == 18)  // pure blue
    #expect(PixelCompositing.coverageByte(0, .luminance) == 0)
    #expect(PixelCompositing.coverageByte(0, .inverseLuminance) == 255)
    #expect(PixelCompositing.coverageByte(0x80FF_FFFF, .inverseAlpha) == 127)
  }

  @Test func theModeIsAPlainPropertyDefaultingToAlpha() {
    let layer = CALayer()
    #expect(layer.maskMode == .alpha)
    layer.maskMode = .luminance
    #expect(layer.maskMode == .luminance)
    #expect((layer.value(forKey: "maskMode") as? LayerMaskMode) == .luminance)
    layer.maskMode = LayerMaskMode(rawValue: "sepia")
    #expect(layer.maskMode == .luminance, "an unknown mode is refused")
    let copy = CALayer(layer: layer)
    #expect(copy.maskMode == .luminance)
  }
}
