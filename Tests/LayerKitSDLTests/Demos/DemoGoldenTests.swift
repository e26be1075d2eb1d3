import Foundation
import LayerKitDemos
import LayerKitTestSupport
import Testing

@testable import LayerKitSDL

/// Every demo scene rendered headless at two times, against golden PNGs (320 × 180).
@Suite struct DemoGoldenTests {
  static let cases: [(String, Double)] = DemoCatalog.sceneTypes.flatMap { type in
    [type.duration * 0.3, type.duration * 0.8].map { (type.name, $0) }
  }

  @Test(arguments: cases)
  func sceneMatchesItsGolden(name: String, time: Double) throws {
    let demo = try #require(DemoCatalog.demo(named: name))
    let image = demo.render(DemoFrameRequest(time: time, pixelWidth: 320, pixelHeight: 180))
    // Exact: rendering is deterministic on every machine.
    assertMatchesGolden(image, named: "demo-\(name)-\(String(format: "%.2f", time))")
  }

  @Test func renderingIsDeterministic() {
    let request = DemoFrameRequest(time: 1.3, pixelWidth: 160, pixelHeight: 90, scale: 0.5)
    for type in DemoCatalog.sceneTypes.prefix(4) {
      let demo = DemoCatalog.demo(named: type.name)!
      #expect(demo.render(request) == demo.render(request))
    }
  }

  @Test func everySceneHasAUniqueNameAndAPositiveDuration() {
    let names = DemoCatalog.all.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(DemoCatalog.sceneTypes.count == 33)
    for type in DemoCatalog.sceneTypes { #expect(type.duration > 0) }
  }
}
