import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// Bad input, eye-plane clipping, backing stores and damage rectangles.
@Suite struct RenderRobustnessTests {
  typealias F = RenderFixtures

  @Test func hugeLayerRendersOnlyWhatIsVisible() {
    let root = F.root(120, 80)
    let huge = F.box(CGRect(x: -50_000, y: -50_000, width: 100_000, height: 100_000), F.blue)
    huge.cornerRadius = 40_000
    huge.borderWidth = 10
    huge.shadowOpacity = 1
    huge.opacity = 0.5
    huge.addSublayer(F.box(CGRect(x: 50_010, y: 50_010, width: 20, height: 20), F.red))
    let clipper = F.box(CGRect(x: 50_060, y: 50_000, width: 100_000, height: 100_000), nil)
    clipper.masksToBounds = true
    clipper.cornerRadius = 30
    clipper.addSublayer(F.box(CGRect(x: 0, y: 0, width: 100_000, height: 100_000), F.green))
    huge.addSublayer(clipper)
    root.addSublayer(huge)
    // Under the 4096² backing-store and offscreen limits this completes in bounded memory.
    let image = F.render(root)
    #expect(image.width == 120 && image.height == 80)
    #expect(F.pixel(image, 20, 20).r > F.pixel(image, 5, 5).r)  // the red square shows, blended
    #expect(F.pixel(image, 100, 40).g > F.pixel(image, 5, 5).g)  // the clipped green layer
    assertMatchesGolden(image, named: "huge-layer")
  }

  @Test func degenerateTransformsDrawNothingAndDoNotCrash() {
    let root = F.root(60, 60)
    let flat = F.box(CGRect(x: 10, y: 10, width: 40, height: 40), F.red)
    flat.transform = CATransform3DMakeScale(0, 1, 1)
    let edgeOn = F.box(CGRect(x: 10, y: 10, width: 40, height: 40), F.red)
    edgeOn.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
    var nanT = CATransform3DIdentity
    nanT.m11 = .nan
    let bad = CALayer()
    bad.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
    bad.state.transform = nanT
    bad.backgroundColor = F.red
    root.sublayers = [flat, edgeOn, bad]
    let image = F.render(root)
    #expect(F.isColor(image, 30, 30, F.paper))
  }

  @Test func nanOpacitySkipsTheLayerWithADiagnostic() {
    _ = CADiagnostics.drain()
    let root = F.root(40, 40)
    let l = F.box(CGRect(x: 0, y: 0, width: 40, height: 40), F.red)
    l.state.opacity = .nan
    root.addSublayer(l)
    let image = F.render(root)
    #expect(F.isColor(image, 20, 20, F.paper))
    #expect(CADiagnostics.drain().contains { $0.key == "opacity" })
  }

  @Test func maskCycleIsSkippedWithADiagnostic() {
    _ = CADiagnostics.drain()
    let root = F.root(40, 40)
    let a = F.box(CGRect(x: 0, y: 0, width: 40, height: 40), F.red)
    let b = F.box(CGRect(x: 0, y: 0, width: 20, height: 40), .white)
    a.mask = b
    // Force a cycle the public API refuses: b masked by a, and a by itself.
    b.maskLayer = a
    root.addSublayer(a)
    let image = F.render(root)
    #expect(image.width == 40)
    #expect(CADiagnostics.drain().contains { $0.key == "mask" })
    a.maskLayer = a
    _ = F.render(root)
    #expect(CADiagnostics.drain().contains { $0.key == "mask" })
  }

  @Test func layerCrossingTheEyePlaneIsClippedNotSmeared() {
    // A floor tilted so that its far half lies behind the viewer (z > eye distance).
    let root = F.root(160, 120)
    var p = CATransform3DIdentity
    p.m34 = -1.0 / 100
    root.sublayerTransform = p
    let floor = F.box(CGRect(x: 30, y: -90, width: 100, height: 300), F.blue)
    floor.borderWidth = 6
    floor.borderColor = F.red
    floor.transform = CATransform3DMakeRotation(1.2, 1, 0, 0)
    root.addSublayer(floor)
    let image = F.render(root)
    // Nothing wraps around: the top rows stay clear of the mirrored far half.
    #expect(F.isColor(image, 80, 2, F.paper))
    assertMatchesGolden(image, named: "eye-plane-clipping")
  }

  final class CountingDelegate: CALayerDelegate {
    var draws = 0
    func draw(_ layer: CALayer, in ctx: CGContext) {
      draws += 1
      ctx.setFillColor(F.green)
      ctx.fillEllipse(in: layer.bounds.insetBy(dx: 4, dy: 4))
    }
  }

  @Test func drawInContextIsCachedUntilSetNeedsDisplay() {
    let root = F.root(60, 60)
    let l = CALayer()
    l.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
    l.contentsScale = 2
    let d = CountingDelegate()
    l.delegate = d
    root.addSublayer(l)
    let renderer = CARenderer(layer: root)
    #expect(F.isColor(renderer.render(width: 60, height: 60, scale: 1), 30, 30, F.paper))
    #expect(d.draws == 0)  // nothing asked for display yet
    l.setNeedsDisplay()
    let first = renderer.render(width: 60, height: 60, scale: 1)
    #expect(F.isColor(first, 30, 30, F.green))
    _ = renderer.render(width: 60, height: 60, scale: 1)
    #expect(d.draws == 1)
    l.needsDisplayOnBoundsChange = true
    l.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
    _ = renderer.render(width: 60, height: 60, scale: 1)
    #expect(d.draws == 2)
    #expect(l.backingStore?.image.width == 60)  // 30 points at contentsScale 2
  }

  @Test func damageCoversOnlyWhatChanged() {
    let root = F.root(200, 100)
    let a = F.box(CGRect(x: 10, y: 10, width: 30, height: 30), F.red)
    let b = F.box(CGRect(x: 100, y: 50, width: 40, height: 40), F.blue)
    root.sublayers = [a, b]
    let renderer = CARenderer(layer: root)
    guard let ctx = CGContext(width: 200, height: 100) else { return }
    #expect(renderer.render(in: ctx, scale: 1) == [CGRect(x: 0, y: 0, width: 200, height: 100)])
    #expect(renderer.render(in: ctx, scale: 1).isEmpty)
    a.position = CGPoint(x: 35, y: 25)
    let damage = renderer.render(in: ctx, scale: 1)
    #expect(damage.count == 1)
    let box = damage[0]
    #expect(box.contains(CGRect(x: 10, y: 10, width: 40, height: 30)))
    #expect(box.width < 60 && box.height < 45)
    // The incrementally updated bitmap equals a full render.
    let full = renderer.render(width: 200, height: 100, scale: 1)
    #expect(ctx.makeImage()!.pixels == full.pixels)
  }
}
