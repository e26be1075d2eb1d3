import Foundation
import LayerKit
import LayerKitTesting
import Testing

/// The golden-image harness: rendering a layer over time, comparing within a tolerance,
/// the diff image, and record mode.
@Suite struct GoldenHarnessTests {
  @Test func rendersTheAnimationAtEachTimeAgainstGoldens() {
    assertLayerMatchesGoldens(
      SlidingCard.make(), at: [0, 0.5, 1.5], scale: 2, named: "sliding-card")
  }

  @Test func framesFollowTheManualClock() {
    let frames = renderFrames(of: SlidingCard.make(), at: [0, 0.5, 2])
    #expect(frames.map(\.width) == [40, 40, 40] && frames.map(\.height) == [30, 30, 30])
    // The card's blue (premultiplied by its opacity) at a corner: 1, 0.5, then the model's 1.
    #expect(frames.map { $0.pixel(x: 1, y: 1).a } == [255, 128, 255])
    // The square's left edge: x = 5 at 0, 15 at 0.5 (10 → 30 for its centre).
    #expect(frames[1].pixel(x: 16, y: 15).g > frames[1].pixel(x: 14, y: 15).g)
  }

  @Test func contextsRenderAtTheirClocksTimes() {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    context.layer = SlidingCard.make()
    context.commit()
    let frames = renderFrames(of: context, at: [0.25, 0.75], width: 20, height: 15, scale: 0.5)
    #expect(context.time == 0.75)
    #expect(frames.map { $0.pixel(x: 0, y: 0).a } == [191, 64])
  }

  static func image(_ value: UInt8, count: Int = 4) -> CGImage {
    CGImage(
      width: count, height: 1, premultipliedRGBA: [UInt8](repeating: value, count: count * 4))!
  }

  @Test func comparisonCountsPixelsBeyondTheTolerance() {
    var pixels = [UInt8](repeating: 100, count: 16)
    pixels[0] = 103  // pixel 0 differs by 3
    pixels[4] = 101  // pixel 1 differs by 1
    let actual = CGImage(width: 4, height: 1, premultipliedRGBA: pixels)!
    let exact = ImageComparison(actual, Self.image(100))
    #expect(exact.differingPixels == 2 && exact.largestDifference == 3 && !exact.matches)
    let loose = ImageComparison(
      actual, Self.image(100),
      tolerance: GoldenTolerance(maxChannelDifference: 1, maxDifferingPixels: 1))
    #expect(loose.differingPixels == 1 && loose.matches)
    let diff = exact.diffImage!
    #expect(diff.pixel(x: 0, y: 0) == (255, 0, 0, 255))
    #expect(diff.pixel(x: 3, y: 0).r == diff.pixel(x: 3, y: 0).g)
    #expect(!ImageComparison(actual, Self.image(100, count: 3)).matches)
  }

  @Test func recordModeWritesAndMismatchesWriteActualAndDiff() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("LayerKitTestingTests-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let files = GoldenFiles(directory: folder)
    let missing = files.check(Self.image(10), named: "flat", tolerance: .exact, record: false)
    #expect(missing?.hasPrefix("missing golden") == true)
    #expect(files.check(Self.image(10), named: "flat", tolerance: .exact, record: true) == nil)
    #expect(files.check(Self.image(10), named: "flat", tolerance: .exact, record: false) == nil)
    let failure = try #require(
      files.check(Self.image(12), named: "flat", tolerance: .exact, record: false))
    #expect(failure.contains("4 pixels differ by more than 0 (largest 2"))
    let diff = try CGImage(
      pngData: try Data(contentsOf: URL(fileURLWithPath: folder + "/Failures/flat.diff.png")))
    #expect(diff.pixel(x: 0, y: 0) == (255, 0, 0, 255))
    let actual = try CGImage(
      pngData: try Data(contentsOf: URL(fileURLWithPath: folder + "/Failures/flat.actual.png")))
    #expect(actual == Self.image(12))
    let tolerant = GoldenTolerance(maxChannelDifference: 2)
    #expect(files.check(Self.image(12), named: "flat", tolerance: tolerant, record: false) == nil)
  }

  @Test func goldensAreFoundFromTheTestFile() {
    #expect(GoldenFiles.testTargetDirectory("/a/Tests/Target/Sub/File.swift") == "/a/Tests/Target")
    #expect(GoldenFiles.testTargetDirectory("/a/Sources/File.swift") == nil)
  }

  @Test func stripsPutFramesSideBySide() throws {
    let strip = try #require(frameStrip([Self.image(10, count: 2), Self.image(20, count: 3)]))
    #expect(strip.width == 5 && strip.height == 1)
    #expect((0..<5).map { strip.pixel(x: $0, y: 0).r } == [10, 10, 20, 20, 20])
    #expect(frameStrip([]) == nil)
  }
}
