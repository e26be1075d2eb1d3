import Testing

@testable import LayerKit

@Suite struct LayerKitSmokeTests {
  @Test func reexportsLayerGraphics() {
    #expect(CATransform3DIdentity.isIdentity)
  }
}
