import Foundation
import LayerKit
import LayerKitDemos
import LayerKitTestSupport
import Testing

@testable import LayerKitGL

/// Every demo scene, paused mid-way, drawn by the CPU compositor and by the GL backend on
/// llvmpipe: the frames agree by `ImageComparison`'s rule.
@Suite struct GLDemoComparisonTests {
  static let demos = DemoCatalog.all.filter { $0.makeDriver != nil }.map(\.name)

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
    if let dir = ProcessInfo.processInfo.environment["LAYERKIT_GL_DUMP"] {
      try Data(cpu.pixels).write(to: URL(fileURLWithPath: "\(dir)/\(name)-cpu.rgba"))
      try Data(gpu.pixels).write(to: URL(fileURLWithPath: "\(dir)/\(name)-gl.rgba"))
    }
    #expect(c.agrees, "\(name): \(c)")
    withExtendedLifetime(driver) {}
  }
}
