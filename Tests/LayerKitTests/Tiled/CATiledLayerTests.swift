import Foundation
import LayerKitTestSupport
import LayerKitTesting
import Testing

@testable import LayerKit

/// `CATiledLayer`: tiles drawn on demand where visible, cached, invalidated per rectangle,
/// at the level of detail the on-screen scale picks.
@Suite struct CATiledLayerTests {
  typealias F = RenderFixtures

  /// Records every tile drawn: its clip box and its pixels per point; fills each tile
  /// with a checker colour from its position so pixels show the grid.
  final class TileRecorder: CALayerDelegate {
    var tiles: [CGRect] = []
    var scales: [CGFloat] = []
    func draw(_ layer: CALayer, in ctx: CGContext) {
      let box = ctx.boundingBoxOfClipPath
      tiles.append(box)
      scales.append(ctx.ctm.a)
      let odd = (Int((box.minX / 64).rounded(.down)) + Int((box.minY / 64).rounded(.down))) % 2 != 0
      ctx.setFillColor(odd ? F.blue : F.yellow)
      ctx.fill(box)
      ctx.setFillColor(F.red)
      ctx.fillEllipse(in: CGRect(x: 40, y: 40, width: 80, height: 80))
    }
  }

  /// A 200 × 120 root showing, at (10, 10), a 180 × 100 window (masksToBounds) onto a
  /// 1000 × 1000 tiled layer with 64-pixel tiles.
  static func scene() -> (
    root: CALayer, window: CALayer, tiled: CATiledLayer, recorder: TileRecorder
  ) {
    let root = F.root(200, 120)
    let window = F.box(CGRect(x: 10, y: 10, width: 180, height: 100), nil)
    window.masksToBounds = true
    let tiled = CATiledLayer()
    tiled.anchorPoint = .zero
    tiled.bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)
    tiled.position = .zero
    tiled.tileSize = CGSize(width: 64, height: 64)
    let recorder = TileRecorder()
    tiled.delegate = recorder
    window.addSublayer(tiled)
    root.addSublayer(window)
    return (root, window, tiled, recorder)
  }

  @Test func defaultsAreApples() {
    let l = CATiledLayer()
    #expect(l.tileSize == CGSize(width: 256, height: 256))
    #expect(l.levelsOfDetail == 1)
    #expect(l.levelsOfDetailBias == 0)
    #expect(CATiledLayer.fadeDuration() == 0.25)
  }

  @Test func drawsOnlyTheVisibleTilesEachWithItsClipBox() {
    let (root, _, _, rec) = Self.scene()
    _ = F.render(root)
    // 180 × 100 visible at 64 px: columns 0…2, rows 0…1.
    #expect(rec.tiles.count == 6)
    #expect(
      Set(rec.tiles.map(\.origin)) == [
        CGPoint(x: 0, y: 0), CGPoint(x: 64, y: 0), CGPoint(x: 128, y: 0),
        CGPoint(x: 0, y: 64), CGPoint(x: 64, y: 64), CGPoint(x: 128, y: 64),
      ])
    for t in rec.tiles {
      #expect(abs(t.width - 64) < 1e-6 && abs(t.height - 64) < 1e-6)
    }
    #expect(rec.scales.allSatisfy { $0 == 1 })
  }

  @Test func aSecondFrameRedrawsNothing() {
    let (root, _, _, rec) = Self.scene()
    let renderer = CARenderer(layer: root)
    let first = renderer.render(width: 200, height: 120, scale: 1)
    let n = rec.tiles.count
    let second = renderer.render(width: 200, height: 120, scale: 1)
    #expect(n == 6)
    #expect(rec.tiles.count == n)
    for (x, y) in [(5, 5), (30, 30), (90, 90), (150, 60), (100, 100)] {
      #expect(F.pixel(first, x, y) == F.pixel(second, x, y))
    }
  }

  @Test func setNeedsDisplayInRectRedrawsOnlyTheTouchedTiles() {
    let (root, _, tiled, rec) = Self.scene()
    let renderer = CARenderer(layer: root)
    _ = renderer.render(width: 200, height: 120, scale: 1)
    rec.tiles.removeAll()
    tiled.setNeedsDisplay(CGRect(x: 70, y: 10, width: 10, height: 10))
    _ = renderer.render(width: 200, height: 120, scale: 1)
    #expect(rec.tiles == [CGRect(x: 64, y: 0, width: 64, height: 64)])
    rec.tiles.removeAll()
    tiled.setNeedsDisplay()
    _ = renderer.render(width: 200, height: 120, scale: 1)
    #expect(rec.tiles.count == 6)
  }

  @Test func scrollingDrawsOnlyTheNewlyVisibleTiles() {
    let (root, _, tiled, rec) = Self.scene()
    let renderer = CARenderer(layer: root)
    _ = renderer.render(width: 200, height: 120, scale: 1)
    rec.tiles.removeAll()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    tiled.position = CGPoint(x: -64, y: 0)
    CATransaction.commit()
    _ = renderer.render(width: 200, height: 120, scale: 1)
    // Columns 1…3 are visible now; only column 3 is new.
    #expect(Set(rec.tiles.map(\.origin)) == [CGPoint(x: 192, y: 0), CGPoint(x: 192, y: 64)])
  }

  @Test func zoomingInSelectsAFinerLevel() {
    let (root, window, tiled, rec) = Self.scene()
    tiled.levelsOfDetail = 4
    tiled.levelsOfDetailBias = 2
    _ = F.render(root)
    #expect(Set(rec.scales) == [1])
    rec.tiles.removeAll()
    rec.scales.removeAll()
    window.sublayerTransform = CATransform3DMakeScale(3, 3, 1)
    _ = F.render(root)
    // 3× on screen: level 0 (4 pixels per point), 64-pixel tiles of 16 points.
    #expect(Set(rec.scales) == [4])
    #expect(rec.tiles.allSatisfy { abs($0.width - 16) < 1e-6 })
    // The scale is about the window's centre (90, 50): x 60…120, y 33.3…66.7 visible,
    // columns 3…7 and rows 2…4.
    #expect(rec.tiles.count == 5 * 3)
    rec.scales.removeAll()
    window.sublayerTransform = CATransform3DMakeScale(0.1, 0.1, 1)
    _ = F.render(root)
    // Zoomed far out: clamped to the coarsest level, 1/2 pixel per point.
    #expect(Set(rec.scales) == [0.5])
  }

  @Test(arguments: [
    CGSize(width: 0, height: 64), CGSize(width: -5, height: 64),
    CGSize(width: CGFloat.nan, height: 64),
    CGSize(width: 64, height: CGFloat.infinity),
  ])
  func badTileSizesFallBackToTheDefault(size: CGSize) {
    let (root, _, tiled, rec) = Self.scene()
    CADiagnostics.drain()
    tiled.tileSize = size
    #expect(CADiagnostics.drain().contains { $0.key == "tileSize" })
    _ = F.render(root)
    #expect(rec.tiles == [CGRect(x: 0, y: 0, width: 256, height: 256)])
  }

  @Test func levelsBelowOneCountAsOne() {
    let (root, window, tiled, rec) = Self.scene()
    tiled.levelsOfDetail = -3
    window.sublayerTransform = CATransform3DMakeScale(3, 3, 1)
    _ = F.render(root)
    #expect(Set(rec.scales) == [1])
  }

  @Test func aFrameDrawsAtMostTheTileBudget() {
    let (root, _, tiled, rec) = Self.scene()
    tiled.tileSize = CGSize(width: 1, height: 1)
    CADiagnostics.drain()
    _ = F.render(root)
    // 180 × 100 one-pixel tiles are visible; the frame stops at the budget.
    #expect(rec.tiles.count == CATiledLayer.maximumTilesPerFrame)
    #expect(CADiagnostics.drain().contains { $0.key == "tileSize" })
  }

  @Test func tilesMatchTheGoldenAndAWholeDrawing() {
    let (root, _, tiled, tiledRecorder) = Self.scene()
    let image = F.render(root)
    #expect(tiledRecorder.tiles.count == 6)
    assertMatchesGolden(image, named: "tiled-layer-grid")
    // The same drawing as one backing store: the tiles meet without seams.
    let (plainRoot, plainWindow, _, unused) = Self.scene()
    let plain = CALayer()
    plain.anchorPoint = .zero
    plain.bounds = tiled.bounds
    let rec = TileRecorder()
    plain.delegate = rec
    plain.setNeedsDisplay()
    plainWindow.sublayers = [plain]
    let whole = F.render(plainRoot)
    #expect(rec.tiles.count == 1)
    #expect(unused.tiles.isEmpty)
    // The plain layer's one call sees its whole bounds, so its checker is one colour;
    // compare the red disc, which both draw the same.
    for (x, y) in [(90, 90), (73, 90), (74, 90), (90, 73), (90, 74), (110, 90), (90, 110)] {
      #expect(F.pixel(image, x, y) == F.pixel(whole, x, y))
    }
  }
}
