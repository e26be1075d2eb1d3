import Foundation
import LayerKit
import LayerKitDemos
import LayerKitTestSupport
import Testing

@testable import LayerKitGL

/// Every demo scene, paused mid-way, drawn by the CPU compositor and by the GL backend on
/// llvmpipe: the frames agree by `ImageComparison`'s rule.
///
/// Four demos turn text and shapes out of the screen's axes (a slanted title; cards under
/// perspective; swaying cards; a star turning on a card whose shadow is drawn through its
/// rounded clip). The GL backend draws those from a bitmap in the layer's
/// plane, resampled (as Core Animation composites a layer's backing store), where the CPU
/// compositor fills the glyphs in device space: their glyph edges differ by more than
/// 2/255 on more than 0.1 % of the pixels, so for them the test holds only that every
/// such pixel lies on an edge. So does the Lottie gallery: the CPU compositor paints a
/// Lottie gradient through its mask's path with the path's coverage alone
/// (`LayerCompositor+MaskedPaint`), where the grouped drawing, which the GPU does,
/// multiplies it by the edge of the gradient layer's padded bounds; and its spinner's
/// turning stroke is a resampled bitmap.
@Suite struct GLDemoComparisonTests {
  static let demos = DemoCatalog.all.filter { $0.makeDriver != nil }.map(\.name)
  static let resampled: Set<String> = [
    "perspective-cards", "inspirational-title", "rasterized-cards", "lottie-gallery",
    "render-in-context",
  ]

  @Test(arguments: demos)
  func demoMatchesTheCPUCompositor(_ name: String) throws {
    let gl = try GLTestSupport.backend()
    let demo = try #require(DemoCatalog.demo(named: name))
    let makeDriver = try #require(demo.makeDriver)
    SceneRenderer.installFonts()
    let (width, height) = (320, 240)
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
    root.anchorPoint = .zero
    root.backgroundColor = DemoStyle.background
    context.layer = root
    context.commit()
    let driver = makeDriver(root, context)
    driver.seek(to: demo.duration * 0.4)
    context.advance(by: 0)
    let cpu = CARenderer(context: context).render(width: width, height: height, scale: 1)
    let gpu = CARenderer(context: context, backend: gl).render(
      width: width, height: height, scale: 1)
    let c = ImageComparison(cpu, gpu)
    try GLTestSupport.dump((cpu, gpu), name: name)
    if Self.resampled.contains(name) {
      #expect(c.awayFromEdges == 0, "\(name): \(c)")
    } else {
      #expect(c.agrees, "\(name): \(c)")
    }
    withExtendedLifetime(driver) {}
  }
}
