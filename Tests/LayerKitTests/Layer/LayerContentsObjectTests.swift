import Foundation
import Testing

@testable import LayerKit

/// `contents` holds any object, as Core Animation's `Any?` does: a `CGImage` is drawn,
/// anything else is kept, returned, animated discretely and never drawn.
@Suite struct LayerContentsObjectTests {
  final class Token: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
  }

  @Test func anyObjectIsKeptAndReturned() {
    let layer = CALayer()
    let token = Token("a")
    layer.contents = token
    #expect(layer.contents as? Token === token)
    layer.contents = "a string"
    #expect(layer.contents as? String == "a string")
    layer.setValue(42, forKey: "contents")
    #expect(layer.value(forKey: "contents") as? Int == 42)
    layer.contents = NSNull()
    #expect(layer.contents == nil)
    let image = onePixelImage()
    layer.contents = image
    #expect(layer.contents as? CGImage === image)
  }

  @Test func thePresentationReturnsTheObject() throws {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    let token = Token("p")
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    layer.contents = token
    CATransaction.commit()
    scene.context.advance(by: 0.1)
    #expect(try #require(layer.presentation()).contents as? Token === token)
  }

  /// Adds a contents animation and returns what the presentation shows at each time.
  func shown(_ animation: CAAnimation, at times: [Double]) throws -> [String?] {
    let (scene, layer) = ActionScene.layer(running: animation)
    var result: [String?] = []
    var now = 0.0
    for t in times {
      scene.context.advance(by: t - now)
      now = t
      result.append((try #require(layer.presentation()).contents as? Token)?.name)
    }
    return result
  }

  @Test func aBasicAnimationSwitchesAtTheMidpoint() throws {
    let a = CABasicAnimation(keyPath: "contents")
    a.fromValue = Token("from")
    a.toValue = Token("to")
    #expect(try shown(a, at: [0, 0.49, 0.5, 0.9]) == ["from", "from", "to", "to"])
  }

  @Test(arguments: [CAAnimationCalculationMode.linear, .cubic])
  func linearAndCubicKeyframesSwitchAtEachSegmentsMidpoint(_ mode: CAAnimationCalculationMode)
    throws
  {
    let a = CAKeyframeAnimation(keyPath: "contents")
    a.values = [Token("a"), Token("b"), Token("c")]
    a.calculationMode = mode
    #expect(try shown(a, at: [0.2, 0.3, 0.7, 0.8]) == ["a", "b", "b", "c"])
  }

  @Test func discreteKeyframesShowTheLastValueReached() throws {
    let a = CAKeyframeAnimation(keyPath: "contents")
    a.values = [Token("a"), Token("b"), Token("c")]
    a.calculationMode = .discrete
    #expect(try shown(a, at: [0.3, 0.34, 0.6, 0.67]) == ["a", "b", "b", "c"])
  }

  @Test func anObjectThatIsNotAnImageIsNotDrawn() {
    settleTransactions()
    let context = CAContext(clock: CAManualClock())
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
    root.anchorPoint = .zero
    root.contents = Token("not an image")
    context.layer = root
    context.commit()
    let image = CARenderer(context: context).render(width: 4, height: 4, scale: 1)
    #expect(image.pixels.allSatisfy { $0 == 0 })
    CATransaction.begin()
    CATransaction.setDisableActions(true)  // no fade
    root.contents = CGImage(width: 1, height: 1, premultipliedRGBA: [255, 0, 0, 255])!
    CATransaction.commit()
    context.commit()
    let red = CARenderer(context: context).render(width: 4, height: 4, scale: 1)
    #expect(Array(red.pixels.prefix(4)) == [255, 0, 0, 255])
  }

  /// Setting a non-image object in `display()` replaces the drawn backing store, as
  /// setting any contents does.
  @Test func anObjectSetInDisplayReplacesTheDrawing() {
    final class Painter: CALayerDelegate {
      var token: Token?
      func display(_ layer: CALayer) { if let token { layer.contents = token } }
      func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(layer.bounds)
      }
    }
    settleTransactions()
    let context = CAContext(clock: CAManualClock())
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
    root.anchorPoint = .zero
    let painter = Painter()
    root.delegate = painter
    root.setNeedsDisplay()
    context.layer = root
    context.commit()
    let renderer = CARenderer(context: context)
    #expect(
      Array(renderer.render(width: 4, height: 4, scale: 1).pixels.prefix(4)) == [0, 0, 255, 255])
    painter.token = Token("t")
    root.setNeedsDisplay()
    context.commit()
    #expect(renderer.render(width: 4, height: 4, scale: 1).pixels.allSatisfy { $0 == 0 })
  }
}

/// contentsScale, shouldRasterize and rasterizationScale are animatable (CALayer.h).
@Suite struct RasterizationPropertyAnimationTests {
  func presentation(_ animation: CAAnimation, at t: Double) throws -> CALayer {
    let (scene, layer) = ActionScene.layer(running: animation)
    scene.context.advance(by: t)
    return try #require(layer.presentation())
  }

  @Test func rasterizationScaleInterpolates() throws {
    let a = CABasicAnimation(keyPath: "rasterizationScale")
    a.fromValue = 1
    a.toValue = 2
    #expect(try presentation(a, at: 0.5).rasterizationScale == 1.5)
    let k = CAKeyframeAnimation(keyPath: "rasterizationScale")
    k.values = [1, 3]
    #expect(try presentation(k, at: 0.5).rasterizationScale == 2)
  }

  @Test func contentsScaleIsKeptAfterItsEnd() throws {
    let a = CABasicAnimation(keyPath: "contentsScale")
    a.fromValue = 1
    a.toValue = 3
    #expect(try presentation(a, at: 2).contentsScale == 3)
  }

  @Test func shouldRasterizeSwitchesAtTheMidpoint() throws {
    let a = CABasicAnimation(keyPath: "shouldRasterize")
    a.fromValue = false
    a.toValue = true
    #expect(try presentation(a, at: 0.49).shouldRasterize == false)
    #expect(try presentation(a, at: 0.5).shouldRasterize == true)
  }
}

/// `CATextLayer.needsDisplay(forKey:)` (measured).
@Suite struct TextLayerNeedsDisplayTests {
  @Test(arguments: [
    ("string", true), ("font", true), ("fontSize", true), ("foregroundColor", true),
    ("wrapped", true), ("truncationMode", true), ("alignmentMode", true),
    ("allowsFontSubpixelQuantization", true), ("style", true), ("contentsScale", true),
    ("bounds", false), ("position", false), ("opacity", false), ("backgroundColor", false),
    ("contents", false), ("contentsRect", false), ("contentsGravity", false),
  ])
  func keysThatRedrawText(key: String, expected: Bool) {
    #expect(CATextLayer.needsDisplay(forKey: key) == expected)
  }

  @Test func changingStyleOrContentsScaleRequestsDisplay() {
    let text = CATextLayer()
    text.displayIfNeeded()
    #expect(!text.needsDisplay())
    text.contentsScale = 2
    #expect(text.needsDisplay())
    text.displayIfNeeded()
    text.style = ["fontSize": 12]
    #expect(text.needsDisplay())
    #expect(text.fontSize == 12)
    let plain = CALayer()
    plain.style = ["opacity": 0.5]
    #expect(!plain.needsDisplay())
  }
}
