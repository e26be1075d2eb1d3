import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// User code runs in the layout and display stages only, on the thread that renders the
/// frame, never while the render tree is built or composited (also in bands on several
/// threads), and nothing writes to a layer after the display stage.
@Suite struct FrameStageTests {
  typealias F = RenderFixtures

  /// What one call of user code saw: which call, the renderer's stage, and whether it
  /// ran on the thread that made the recorder.
  struct Call: Equatable {
    var name: String
    var stage: FrameStage
    var onTreeThread: Bool
  }

  /// A delegate of every kind of layer in the scene that records its calls.
  final class Recorder: CALayerDelegate, @unchecked Sendable {
    // Checked, not trusted: a call off the tree's thread is what the test looks for, so
    // the list is locked.
    private let lock = NSLock()
    private var recorded: [Call] = []
    weak var renderer: CARenderer?
    let thread = pthread_self()

    var calls: [Call] { lock.withLock { recorded } }

    private func note(_ name: String) {
      let call = Call(
        name: name, stage: renderer?.stage ?? .idle,
        onTreeThread: pthread_equal(pthread_self(), thread) != 0)
      lock.withLock { recorded.append(call) }
    }

    func layoutSublayers(of layer: CALayer) { note("layoutSublayers") }
    func display(_ layer: CALayer) { note("display") }
    func draw(_ layer: CALayer, in ctx: CGContext) {
      note(layer is CATiledLayer ? "drawTile" : "draw")
      ctx.setFillColor(F.red)
      ctx.fill(ctx.boundingBoxOfClipPath)
    }
  }

  /// A 320 × 240 root with a layer that lays out its sublayers, a layer that draws, and a
  /// tiled layer of 64-pixel tiles filling the lower half (cut by the bands' seams).
  static func scene(_ recorder: Recorder) -> (
    context: CAContext, root: CALayer, drawn: CALayer, tiled: CATiledLayer
  ) {
    let context = CAContext(clock: CAManualClock())
    let root = F.root(320, 240)
    let laidOut = F.box(CGRect(x: 0, y: 0, width: 160, height: 120), F.blue)
    laidOut.delegate = recorder
    laidOut.addSublayer(F.box(CGRect(x: 10, y: 10, width: 20, height: 20), F.green))
    let drawn = F.box(CGRect(x: 160, y: 0, width: 160, height: 120), nil)
    drawn.delegate = recorder
    let tiled = CATiledLayer()
    tiled.anchorPoint = .zero
    tiled.position = CGPoint(x: 0, y: 120)
    tiled.bounds = CGRect(x: 0, y: 0, width: 320, height: 120)
    tiled.tileSize = CGSize(width: 64, height: 64)
    tiled.delegate = recorder
    for l in [laidOut, drawn, tiled] { root.addSublayer(l) }
    context.layer = root
    context.commit()
    return (context, root, drawn, tiled)
  }

  @Test(arguments: [1, 4])
  func userCodeRunsInLayoutAndDisplayOnTheTreesThread(bands: Int) throws {
    let recorder = Recorder()
    let (context, root, drawn, tiled) = Self.scene(recorder)
    let renderer = CARenderer(context: context)
    renderer.bands.bandLimit = bands
    renderer.bands.minimumPixels = 0
    recorder.renderer = renderer
    let frame = try #require(CGContext(width: 320, height: 240))
    for step in 0..<3 {
      root.sublayers?[0].setNeedsLayout()
      drawn.setNeedsDisplay()
      if step == 2 { tiled.setNeedsDisplay() }
      drawn.opacity = step == 1 ? 0.5 : 1  // an implicit animation runs meanwhile
      context.advance(by: 0.1)
      _ = renderer.render(in: frame, scale: 1)
    }
    let calls = recorder.calls
    // The first frame lays out all three delegated layers (new bounds mark them), the
    // next two the one marked each step.
    #expect(calls.filter { $0.name == "layoutSublayers" }.count == 3 + 2)
    #expect(calls.filter { $0.name == "draw" }.count == 3)
    // 5 × 2 tiles cover 320 × 120 at 64 pixels, drawn in the first frame and again after
    // `setNeedsDisplay()`.
    #expect(calls.filter { $0.name == "drawTile" }.count == 2 * 10)
    #expect(calls.allSatisfy { $0.onTreeThread })
    for call in calls {
      let expected: FrameStage = call.name == "layoutSublayers" ? .layout : .display
      #expect(call.stage == expected, "\(call.name) ran in \(call.stage)")
    }
    #expect(root.treeChangeLog.sealedWrites == 0)
    #expect(renderer.stage == .idle)
  }

  @Test func tilesShowInTheFirstFrameWithBands() throws {
    let recorder = Recorder()
    let (context, _, _, tiled) = Self.scene(recorder)
    let renderer = CARenderer(context: context)
    renderer.bands.bandLimit = 4
    renderer.bands.minimumPixels = 0
    let image = renderer.render(width: 320, height: 240, scale: 1)
    #expect(tiled.tiles.count == 10)
    // Every tile's pixels, in each band's rows.
    for (x, y) in [(5, 125), (100, 150), (200, 190), (315, 235)] {
      #expect(F.isColor(image, x, y, F.red), "(\(x), \(y))")
    }
  }

  /// Where the display stage cannot place a tiled layer (under perspective), the frame
  /// shows nothing there, as a `CATiledLayer` does before its tiles are drawn, and the
  /// next frame draws the tiles the compositor asked for.
  @Test func aTileTheCompositorFindsMissingIsDrawnForTheNextFrame() throws {
    let recorder = Recorder()
    let (context, root, _, tiled) = Self.scene(recorder)
    var perspective = CATransform3DIdentity
    perspective.m34 = -1 / 500
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    root.sublayerTransform = CATransform3DRotate(perspective, 0.2, 1, 0, 0)
    CATransaction.commit()
    let renderer = CARenderer(context: context)
    renderer.bands.bandLimit = 1
    let first = renderer.render(width: 320, height: 240, scale: 1)
    #expect(tiled.tiles.count == 0)
    #expect(!F.isColor(first, 160, 180, F.red))
    let second = renderer.render(width: 320, height: 240, scale: 1)
    #expect(tiled.tiles.count > 0)
    #expect(F.isColor(second, 160, 180, F.red))
    #expect(recorder.calls.allSatisfy { $0.onTreeThread })
  }

  @Test func aFrameWithNothingToDisplayVisitsNoLayer() {
    let recorder = Recorder()
    let (context, root, drawn, _) = Self.scene(recorder)
    let renderer = CARenderer(context: context)
    _ = renderer.render(width: 320, height: 240, scale: 1)
    let afterFirst = renderer.displayedLayers
    #expect(afterFirst == 5)
    _ = renderer.render(width: 320, height: 240, scale: 1)
    #expect(renderer.displayedLayers == afterFirst)
    // One layer marked: only the path to it is visited.
    drawn.setNeedsDisplay()
    _ = renderer.render(width: 320, height: 240, scale: 1)
    #expect(renderer.displayedLayers == afterFirst + 2)
    _ = root
  }

  @Test func aWriteWhileTheLogIsSealedIsCounted() {
    let layer = CALayer()
    let log = layer.treeChangeLog
    log.isSealed = true
    layer.opacity = 0.5
    layer.setNeedsDisplay()
    log.isSealed = false
    layer.opacity = 0.25
    #expect(log.sealedWrites == 2)
  }
}
