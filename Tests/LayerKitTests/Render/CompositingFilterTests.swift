import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// `compositingFilter`: Apple's blend-mode filter names blend the layer onto what is
/// behind it.
@Suite struct CompositingFilterTests {
  typealias F = RenderFixtures

  static let back = CGColor(red: 0.2, green: 0.6, blue: 0.8, alpha: 1)
  static let front = CGColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 1)

  /// A 20 × 20 root of `back` with a 10 × 20 layer of `front` on its left half.
  static func scene(filter: Any?, opacity: Float = 1) -> CALayer {
    let root = F.box(CGRect(x: 0, y: 0, width: 20, height: 20), back)
    let top = F.box(CGRect(x: 0, y: 0, width: 10, height: 20), front)
    top.opacity = opacity
    top.compositingFilter = filter
    root.addSublayer(top)
    return root
  }

  @Test(arguments: CompositingFilter.blendModes.keys.sorted())
  func eachNameBlendsWithItsMode(name: String) throws {
    let mode = try #require(CompositingFilter.blendMode(named: name))
    let img = F.render(Self.scene(filter: name, opacity: 0.75))
    let s = PixelMath.premultiplied(Self.front, opacity: 0.75)
    let d = PixelMath.premultiplied(Self.back)
    let want = BlendFunction.blend(mode, s, d)
    let p = img.pixel(x: 4, y: 10)
    let got = UInt32(p.r) | UInt32(p.g) << 8 | UInt32(p.b) << 16 | UInt32(p.a) << 24
    #expect(got == want, "\(name)")
    // Outside the layer, the backdrop is untouched.
    #expect(img.pixel(x: 15, y: 10) == (51, 153, 204, 255))
  }

  @Test func multiplyDarkensAndScreenLightens() {
    let normal = F.render(Self.scene(filter: nil)).pixel(x: 4, y: 4)
    let multiply = F.render(Self.scene(filter: "multiplyBlendMode")).pixel(x: 4, y: 4)
    let screen = F.render(Self.scene(filter: "screenBlendMode")).pixel(x: 4, y: 4)
    #expect(normal == (230, 128, 26, 255))
    // Bytes 230·51, 128·153, 26·204 over 255, and 1 − (1 − s)(1 − d).
    #expect(multiply == (46, 77, 21, 255))
    #expect(screen == (235, 204, 209, 255))
  }

  @Test func sublayersBlendAsOneGroup() {
    // A sublayer inside the filtered layer is drawn into the group first (source over
    // the layer), then the group is blended: difference of the sublayer's colour.
    let root = Self.scene(filter: "differenceBlendMode")
    let inner = F.box(CGRect(x: 0, y: 0, width: 5, height: 5), .white)
    root.sublayers![0].addSublayer(inner)
    let img = F.render(root)
    #expect(img.pixel(x: 2, y: 2) == (204, 102, 51, 255))  // |1 − back|
    #expect(img.pixel(x: 7, y: 7) == (179, 25, 178, 255))  // |front − back| in bytes
  }

  @Test func unknownNamesDrawSourceOverWithADiagnostic() {
    CADiagnostics.drain()
    let layer = CALayer()
    layer.compositingFilter = "gaussianBlur"
    #expect(layer.compositingFilter as? String == "gaussianBlur")
    #expect(
      CADiagnostics.drain().contains {
        $0.key == "compositingFilter" && $0.message.contains("gaussianBlur")
      })
    let img = F.render(Self.scene(filter: "noSuchBlendMode"))
    #expect(img.pixel(x: 4, y: 4) == (230, 128, 26, 255))
  }

  @Test func valuesThatAreNotNamesAreIgnored() {
    CADiagnostics.drain()
    let layer = CALayer()
    layer.compositingFilter = "screenBlendMode"
    layer.compositingFilter = 42
    #expect(layer.compositingFilter == nil)
    #expect(CADiagnostics.drain().contains { $0.key == "compositingFilter" })
    layer.compositingFilter = "screenBlendMode"
    layer.compositingFilter = nil
    #expect(layer.compositingFilter == nil)
    #expect(CADiagnostics.drain().isEmpty)
  }

  @Test func keyValueCodingAndPresentationCarryTheName() {
    let layer = CALayer()
    layer.setValue("overlayBlendMode", forKeyPath: "compositingFilter")
    #expect(layer.compositingFilter as? String == "overlayBlendMode")
    #expect(layer.value(forKeyPath: "compositingFilter") as? String == "overlayBlendMode")
    let context = CAContext(clock: CAManualClock())
    context.layer = layer
    context.commit()
    #expect(layer.presentation()?.compositingFilter as? String == "overlayBlendMode")
  }
}
