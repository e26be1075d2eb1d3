import Testing

@testable import LayerKitSDL

@Suite struct LayerKitSDLSmokeTests {
  @Test func linksLayerKit() {
    #expect(CGColor.white.alpha == 1)
  }
}
