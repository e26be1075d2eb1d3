import Foundation
import LayerKit
import LayerKitDemos
import Testing

/// Compositing split into bands on several cores gives the same bytes as one thread.
@Suite struct BandedCompositingTests {
  /// Plays `scene` through two renderers of one context, one on a single thread and one
  /// cutting every rectangle into `bands` bands, and compares the whole bitmaps after
  /// every incremental frame and, at several times, whole frames drawn from scratch.
  func compare(_ scene: any DemoScene.Type, bands: Int, scale: CGFloat) throws {
    SceneRenderer.installFonts()
    let (clock, driver) = SceneDriver.onManualClock(scene, size: CGSize(width: 320, height: 180))
    let context = driver.context
    let single = CARenderer(context: context)
    single.bands.bandLimit = 1
    let banded = CARenderer(context: context)
    banded.bands.bandLimit = bands
    banded.bands.minimumPixels = 0
    let w = Int(320 * scale)
    let h = Int(180 * scale)
    let a = try #require(CGContext(width: w, height: h))
    let b = try #require(CGContext(width: w, height: h))
    var splitFrames = 0
    for k in 0..<10 {
      if k > 0 { clock.advance(by: k % 3 == 0 ? 0.5 : 1.0 / 60) }
      driver.tick()
      context.commit()
      let da = single.render(in: a, scale: scale)
      let db = banded.render(in: b, scale: scale)
      #expect(da == db)
      #expect(single.lastFrameStatistics.bands == 1)
      if banded.lastFrameStatistics.bands > 1 { splitFrames += 1 }
      let same = memcmp(a.data!, b.data!, w * h * 4) == 0
      #expect(same, "\(scene.name) differs at frame \(k) with \(bands) bands at scale \(scale)")
      if !same { return }
      if k % 4 == 0 || k == 9 {
        // The whole frame from scratch, not only the damage.
        let fa = single.render(width: w, height: h, scale: scale)
        let fb = banded.render(width: w, height: h, scale: scale)
        #expect(fa.pixels == fb.pixels, "\(scene.name) whole frame \(k) differs at scale \(scale)")
        #expect(fa.pixels.contains { $0 != 0 })
      }
    }
    #expect(splitFrames > 0)
  }

  /// Demos whose bands differ from one thread at a seam: none (kept so a demo that
  /// regresses can be named while it is fixed).
  static let seamDiffers: Set<String> = []

  /// The demos checked byte for byte, the arguments of the per-demo test.
  static let names: [String] = DemoCatalog.sceneTypes.map { $0.name }.filter {
    !seamDiffers.contains($0)
  }

  @Test(arguments: names, [1.0, 2.0] as [CGFloat])
  func everyDemoIsBitIdenticalInTwoBands(_ name: String, scale: CGFloat) throws {
    let scene = try #require(DemoCatalog.sceneTypes.first { $0.name == name })
    try compare(scene, bands: 2, scale: scale)
  }

  @Test func everyDemoIsChecked() {
    #expect(Self.seamDiffers.isEmpty)
    #expect(Self.names.count == DemoCatalog.sceneTypes.count)
  }

  @Test func unevenBandsAtAFractionalScaleAreBitIdentical() throws {
    for name in ["shadow-corners", "chat-bubbles", "perspective-cards", "inspirational-title"] {
      let scene = try #require(DemoCatalog.sceneTypes.first { $0.name == name })
      try compare(scene, bands: 3, scale: 1.5)
    }
  }

  @Test(
    arguments: [
      ([:], 2, 2), ([:], 1, 1), ([:], 16, 8), (["LAYERKIT_BANDS": "0"], 2, 1),
      (["LAYERKIT_BANDS": "1"], 4, 1), (["LAYERKIT_BANDS": "3"], 2, 2),
      (["LAYERKIT_BANDS": "x"], 2, 2),
      (["LAYERKIT_THREADS": "1"], 2, 1), (["LAYERKIT_THREADS": "1", "LAYERKIT_BANDS": "2"], 2, 2),
    ] as [([String: String], Int, Int)])
  func bandsAreOnByDefaultWithMoreThanOneCore(
    _ environment: [String: String], processors: Int, expected: Int
  ) {
    #expect(
      BandedCompositor.defaultBandLimit(environment: environment, processors: processors)
        == expected)
  }

  /// One thread count for all compositing: 8 at most unless `LAYERKIT_THREADS` says,
  /// never more than the cores; the row kernels split at most in two under that limit.
  @Test(
    arguments: [
      ([:], 2, 2), ([:], 16, 8), ([:], 0, 1), (["LAYERKIT_THREADS": "1"], 8, 1),
      (["LAYERKIT_THREADS": "12"], 16, 12), (["LAYERKIT_THREADS": "12"], 4, 4),
      (["LAYERKIT_THREADS": "0"], 4, 1), (["LAYERKIT_THREADS": "two"], 4, 4),
    ] as [([String: String], Int, Int)])
  func theThreadLimitIsOneRule(_ environment: [String: String], processors: Int, expected: Int) {
    #expect(
      CompositingThreads.limit(environment: environment, processors: processors) == expected)
    #expect(ParallelRows.maximumBands == min(2, CompositingThreads.current))
  }
}
