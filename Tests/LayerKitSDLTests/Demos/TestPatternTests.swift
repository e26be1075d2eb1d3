import Foundation
import LayerKitDemos
import Testing

@testable import LayerKitSDL

@Suite struct TestPatternTests {
  @Test func theCatalogListsTheTestPattern() {
    let demo = DemoCatalog.demo(named: "test-pattern")
    #expect(demo?.title == "Test Pattern")
    #expect(demo?.duration == TestPattern.period)
    #expect(DemoCatalog.demo(named: "no-such-demo") == nil)
    #expect(Set(DemoCatalog.all.map(\.name)).count == DemoCatalog.all.count)
  }

  @Test func renderingIsDeterministicAndSized() {
    let request = DemoFrameRequest(time: 1.25, pixelWidth: 64, pixelHeight: 48, scale: 2)
    let a = TestPattern.render(request)
    let b = TestPattern.render(request)
    #expect(a.width == 64 && a.height == 48)
    #expect(a == b)
    #expect(a.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
  }

  @Test(arguments: [(0.0, 0.1), (1.0, 1.5), (3.9, 4.0)])
  func onlyTheBallChangesBetweenFrames(from t0: Double, to t1: Double) throws {
    let (w, h) = (120, 90)
    let a = TestPattern.render(DemoFrameRequest(time: t0, pixelWidth: w, pixelHeight: h))
    let b = TestPattern.render(DemoFrameRequest(time: t1, pixelWidth: w, pixelHeight: h))
    let damage = try #require(FrameDamage.changedRects(from: a, to: b))
    let allowed = TestPattern.ballBounds(time: t0, pixelWidth: w, pixelHeight: h)
      .union(TestPattern.ballBounds(time: t1, pixelWidth: w, pixelHeight: h))
    for rect in damage { #expect(allowed.contains(rect)) }
  }

  @Test func theBallIsOrangeAtItsCentre() {
    // At t = 0 the ball sits right of the centre of the area above the bars.
    let image = TestPattern.render(DemoFrameRequest(time: 0, pixelWidth: 200, pixelHeight: 120))
    let side = 120.0
    let cx = 100 + 0.25 * side
    let cy = Double(120 - 20) / 2
    #expect(image.pixel(x: Int(cx), y: Int(cy)) == (255, 170, 60, 255))
  }

  @Test func oddRequestsAreClampedRatherThanFatal() {
    let image = TestPattern.render(
      DemoFrameRequest(time: .nan, pixelWidth: 0, pixelHeight: -3, scale: .infinity))
    #expect(image.width == 1 && image.height == 1)
    let scaled = TestPattern.render(
      DemoFrameRequest(time: .infinity, pixelWidth: 20, pixelHeight: 10, scale: .nan))
    #expect(scaled.width == 20 && scaled.height == 10)
  }
}
