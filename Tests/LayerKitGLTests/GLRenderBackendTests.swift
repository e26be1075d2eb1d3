import Foundation
import LayerKit
import LayerKitTestSupport
import Testing

@testable import LayerKitGL

@Suite struct GLRenderBackendTests {
  @Test func opaqueAxisAlignedBoxesAreExact() throws {
    let gl = try GLTestSupport.backend()
    let root = RenderFixtures.root(64, 48)
    root.addSublayer(
      RenderFixtures.box(CGRect(x: 4, y: 6, width: 20, height: 10), RenderFixtures.red))
    root.addSublayer(
      RenderFixtures.box(CGRect(x: 30, y: 20, width: 30, height: 25), RenderFixtures.blue))
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    let c = ImageComparison(cpu, gpu)
    #expect(c.exact, "\(c)")
  }
}
