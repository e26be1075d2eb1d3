import Foundation
import LayerKit
import Testing

@testable import LayerKitLottie

/// `LayerBudget`'s bound is an upper bound: on every corpus sample, the layer tree built
/// has no more layers than the bound computed at load.
@Suite struct LayerBudgetTests {
  static var samples: [URL] {
    let dir = LottieCorpusTests.corpus.appendingPathComponent("samples")
    let files =
      (try? FileManager.default.contentsOfDirectory(
        at: dir, includingPropertiesForKeys: nil)) ?? []
    return files.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
  }

  /// The layers drawn under `layer`: sublayers and masks, a replicator's content once per
  /// instance.
  static func count(_ layer: CALayer) -> Int {
    var n = 1 + (layer.mask.map(count) ?? 0)
    let children = (layer.sublayers ?? []).reduce(0) { $0 + count($1) }
    if let r = layer as? CAReplicatorLayer {
      n += children * max(1, r.instanceCount)
    } else {
      n += children
    }
    return n
  }

  /// Every layer under `layer`, itself and masks included.
  static func all(_ layer: CALayer) -> [CALayer] {
    [layer] + (layer.sublayers ?? []).flatMap(all) + (layer.mask.map(all) ?? [])
  }

  @Test(.enabled(if: !samples.isEmpty, "needs ../shared/lottie"))
  func theBoundHoldsOnEveryCorpusSample() throws {
    var largest = 0.0
    for url in Self.samples {
      let animation = try LottieAnimation(contentsOf: url)
      let c = animation.composition
      var budget = LayerBudget(assets: c.assets)
      let bound = budget.bound(c.layers)
      let layer = LottieLayer(animation: animation)
      // The timeline layer's own tree; the player's two layers are not the file's.
      let built = Self.count(layer.timelineLayer) - 1
      #expect(Double(built) <= bound, "\(url.lastPathComponent): \(built) > \(bound)")
      largest = max(largest, bound)
    }
    // The limit leaves room for files far larger than the corpus's largest.
    #expect(largest * 10 < Double(LottieLimits.maxBuiltLayers))
  }

  @Test func aSquareCountsItsChainAndItsShape() throws {
    let layers = "[" + LottieBadInputTests.shapeLayer("[" + LottieBadInputTests.square + "]") + "]"
    let animation = try LottieAnimation(data: LottieBadInputTests.file(layers: layers))
    var budget = LayerBudget(assets: [:])
    // Top and matte container, one transform, one path painted once (two layers at most).
    #expect(budget.bound(animation.composition.layers) == 2 + 5 + 2)
    let built = Self.count(LottieLayer(animation: animation).timelineLayer) - 1
    #expect(built >= 1 && Double(built) <= 9)
  }
}
