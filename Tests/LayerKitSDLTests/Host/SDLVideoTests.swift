import CSDL2
import Foundation
import Testing

@testable import LayerKitSDL

/// Everything that opens SDL video: the host in a real X window (Xvfb) and on SDL's dummy
/// driver. Serialized, with its nested suites: SDL's video subsystem and event queue are
/// process-wide.
@Suite(.serialized) struct SDLVideoTests {
  static let windowTests = Testing.ConditionTrait.enabled(
    if: VirtualDisplay.isAvailable,
    Comment(rawValue: "window tests need an X display: \(VirtualDisplay.status)"))

  static func openHost(
    driver: String = "x11", size: CGSize = CGSize(width: 160, height: 120),
    renderer: LayerHost.RendererKind = .software, clock: any CAClock = CAManualClock()
  ) throws -> LayerHost {
    try LayerHost(
      configuration: .init(
        title: "LayerKit test", size: size, vsync: false, renderer: renderer,
        videoDriver: driver, maximumFrameRate: nil),
      clock: clock)
  }

  /// A deterministic opaque image with distinct neighbouring pixels.
  static func pattern(width: Int, height: Int) -> CGImage {
    var bytes = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 4
        bytes[i] = UInt8((x * 7 + y) & 255)
        bytes[i + 1] = UInt8((y * 5 + x * 3) & 255)
        bytes[i + 2] = UInt8((x ^ y) & 255)
      }
    }
    return CGImage(width: width, height: height, premultipliedRGBA: bytes)!
  }

  static func solid(_ rgba: [UInt8], width: Int, height: Int) -> CGImage {
    CGImage(
      width: width, height: height,
      premultipliedRGBA: Array([[UInt8]](repeating: rgba, count: width * height).joined()))!
  }

  static func push(_ event: SDL_Event) {
    var event = event
    #expect(SDL_PushEvent(&event) == 1)
  }
}
