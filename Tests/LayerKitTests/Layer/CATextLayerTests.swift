import Foundation
import Testing

@testable import LayerKit

/// A font for text layer tests: printable ASCII, each character a box 500 units wide in a
/// 1000-unit em (5 pt at size 10), ascent 800, descent 200.
private final class BoxFace: FontFace, @unchecked Sendable {
  let familyName = "Box Sans"
  let styleName = "Regular"
  let postScriptName = "BoxSans-Regular"
  let isBold = false
  let metrics = FontMetrics(unitsPerEm: 1000, ascent: 800, descent: 200, lineGap: 0)

  func glyph(for scalar: Unicode.Scalar) -> CGGlyph? {
    (0x20...0x7E).contains(scalar.value) || scalar.value == 0x2026
      ? CGGlyph(scalar.value & 0xFFFF) : nil
  }

  func advance(of glyph: CGGlyph) -> CGFloat { 500 }
  func kerning(between left: CGGlyph, and right: CGGlyph) -> CGFloat { 0 }

  func outline(of glyph: CGGlyph) -> CGPath? {
    guard glyph != 0x20 else { return nil }
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addLine(to: CGPoint(x: 500, y: 0))
    path.addLine(to: CGPoint(x: 500, y: 700))
    path.addLine(to: CGPoint(x: 0, y: 700))
    path.closeSubpath()
    return path
  }
}

/// `CATextLayer`: Apple's defaults and key-value coding, and the layout it hands the
/// compositor.
@Suite struct CATextLayerTests {
  static let registry: FontRegistry = {
    let registry = FontRegistry()
    registry.register(BoxFace())
    return registry
  }()

  func textLayer(_ string: Any?, width: CGFloat = 100, height: CGFloat = 100) -> CATextLayer {
    let layer = CATextLayer()
    layer.fontRegistry = Self.registry
    layer.bounds = CGRect(x: 0, y: 0, width: width, height: height)
    layer.fontSize = 10
    layer.string = string
    return layer
  }

  @Test func startsWithCoreAnimationDefaults() {
    let layer = CATextLayer()
    #expect(layer.string == nil)
    #expect(layer.font as? String == "Helvetica")
    #expect(layer.fontSize == 36)
    #expect(layer.foregroundColor == .white)
    #expect(!layer.isWrapped)
    #expect(layer.truncationMode == .none)
    #expect(layer.alignmentMode == .natural)
    #expect(!layer.allowsFontSubpixelQuantization)
    #expect(valuesMatch(layer.value(forKey: "fontSize"), CGFloat(36)))
    #expect(valuesMatch(CATextLayer.defaultValue(forKey: "fontSize"), CGFloat(36)))
    #expect(layer.value(forKey: "wrapped") as? Bool == false)
  }

  @Test func fontSizeAndForegroundColorAreAnimatable() {
    let registry = CATextLayer.propertyRegistry
    #expect(registry.property(forKeyPath: "fontSize")?.isAnimatable == true)
    #expect(registry.property(forKeyPath: "foregroundColor")?.isAnimatable == true)
    #expect(registry.property(forKeyPath: "string")?.isAnimatable == false)
    #expect(CALayer.propertyRegistry.property(forKeyPath: "fontSize") == nil)
  }

  @Test func readsAndWritesTextPropertiesByKey() {
    let layer = CATextLayer()
    layer.setValue(24, forKey: "fontSize")
    layer.setValue("hello", forKey: "string")
    layer.setValue("center", forKey: "alignmentMode")
    layer.setValue("middle", forKey: "truncationMode")
    layer.setValue(true, forKey: "wrapped")
    layer.setValue("Helvetica-Bold", forKey: "font")
    #expect(layer.fontSize == 24)
    #expect(layer.string as? String == "hello")
    #expect(layer.value(forKey: "string") as? String == "hello")
    #expect(layer.alignmentMode == .center)
    #expect(layer.truncationMode == .middle)
    #expect(layer.isWrapped)
    #expect(layer.font as? String == "Helvetica-Bold")
    layer.setValue(nil, forKey: "string")
    #expect(layer.string == nil)
  }

  @Test func ignoresValuesOfTheWrongTypeWithADiagnostic() {
    _ = CADiagnostics.drain()
    let layer = CATextLayer()
    layer.string = "kept"
    layer.string = 42
    layer.setValue(CGPoint.zero, forKey: "string")
    layer.setValue("huge", forKey: "fontSize")
    layer.setValue("diagonal", forKey: "alignmentMode")
    layer.fontSize = .nan
    layer.font = 3.5
    #expect(layer.string as? String == "kept")
    #expect(layer.fontSize == 36)
    #expect(layer.alignmentMode == .natural)
    #expect(layer.font as? String == "Helvetica")
    let keys = CADiagnostics.drain().map(\.key)
    #expect(keys == ["string", "string", "fontSize", "alignmentMode", "fontSize", "font"])
  }

  @Test func keepsAnAttributedStringsRuns() {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let attributed = NSMutableAttributedString(string: "ab")
    attributed.addAttribute(.foregroundColor, value: red, range: NSRange(location: 1, length: 1))
    let layer = textLayer(attributed)
    let back = try? #require(layer.string as? NSAttributedString)
    #expect(back?.string == "ab")
    #expect(back?.attribute(.foregroundColor, at: 1, effectiveRange: nil) as? CGColor == red)
    // The run without a colour takes the layer's, and follows it when it changes.
    layer.foregroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    #expect(layer.textLayout().glyphs.map(\.color) == [layer.foregroundColor!, red])
  }

  @Test func laysOutInItsBounds() {
    let layer = textLayer("hello world", width: 40)
    #expect(layer.textLayout().lineTexts == ["hello world"])
    layer.isWrapped = true
    #expect(layer.textLayout().lineTexts == ["hello", "world"])
    layer.isWrapped = false
    layer.truncationMode = .end
    #expect(layer.textLayout().lineTexts == ["hello w…"])
    layer.alignmentMode = .right
    layer.truncationMode = .none
    layer.string = "abc"
    #expect(layer.textLayout().lines[0].origin == CGPoint(x: 25, y: 8))
  }

  @Test func glyphFillsAreInTheLayersOwnCoordinates() {
    let layer = textLayer("a")
    layer.bounds.origin = CGPoint(x: -10, y: 5)
    let fills = layer.textGlyphFills()
    #expect(fills.count == 1)
    #expect(fills[0].color == .white)
    // The box glyph spans 5 × 7 pt above the baseline at y = 8 (layout), moved by origin.
    #expect(fills[0].path.elements.first == .moveTo(CGPoint(x: -10, y: 13)))
  }

  @Test func transparentTextDrawsNothing() {
    let layer = textLayer("abc")
    layer.foregroundColor = nil
    #expect(layer.textGlyphFills().isEmpty)
    layer.foregroundColor = CGColor(gray: 0, alpha: 0)
    #expect(layer.textGlyphFills().isEmpty)
  }

  @Test func copiesCarryTheText() {
    let layer = textLayer("copied")
    layer.alignmentMode = .center
    let copy = CATextLayer(layer: layer)
    #expect(copy.string as? String == "copied")
    #expect(copy.alignmentMode == .center)
    #expect(copy.fontSize == 10)
    let plain = CATextLayer(layer: CALayer())
    #expect(plain.fontSize == 36)
  }

  @Test func changingTextMarksTheLayerForDisplay() {
    let layer = CATextLayer()
    layer.displayIfNeeded()
    #expect(!layer.needsDisplay())
    layer.string = "new"
    #expect(layer.needsDisplay())
    #expect(CATextLayer.needsDisplay(forKey: "fontSize"))
    #expect(!CATextLayer.needsDisplay(forKey: "position"))
  }

  @Test func preferredFrameSizeFitsTheText() {
    let layer = textLayer("abcd\nab", width: 10)
    #expect(layer.preferredFrameSize() == CGSize(width: 20, height: 20))
    layer.isWrapped = true
    #expect(layer.preferredFrameSize() == CGSize(width: 10, height: 30))  // ab, cd, ab
  }

  @Test func drawFillsTheGlyphsClippedToTheBounds() throws {
    // "a" is a box from x 0…5, y 1…8 (baseline 8, height 7 pt).
    let layer = textLayer("a", width: 20, height: 20)
    let ctx = try #require(CGContext(width: 20, height: 20))
    layer.draw(in: ctx)
    let image = try #require(ctx.makeImage())
    func alpha(_ x: Int, _ y: Int) -> UInt8 { image.pixels[(y * 20 + x) * 4 + 3] }
    #expect(alpha(2, 4) == 255)
    #expect(alpha(7, 4) == 0)
    #expect(alpha(2, 0) == 0)

    let narrow = textLayer("a", width: 3, height: 20)
    let clipped = try #require(CGContext(width: 20, height: 20))
    narrow.draw(in: clipped)
    let clippedImage = try #require(clipped.makeImage())
    #expect(clippedImage.pixels[(4 * 20 + 2) * 4 + 3] == 255)
    #expect(clippedImage.pixels[(4 * 20 + 4) * 4 + 3] == 0)
  }

  @Test(arguments: [(0.0, 10.0), (0.25, 15.0), (0.5, 20.0), (1.0, 30.0)] as [(Double, CGFloat)])
  func fontSizeAnimatesInThePresentation(time: Double, expected: CGFloat) throws {
    let context = CAContext(clock: CAManualClock())
    let layer = textLayer("grow")
    context.layer = layer
    context.commit()
    let animation = CABasicAnimation(keyPath: "fontSize")
    animation.fromValue = CGFloat(10)
    animation.toValue = CGFloat(30)
    animation.duration = 2
    animation.timingFunction = CAMediaTimingFunction(name: .linear)
    animation.fillMode = .forwards
    animation.isRemovedOnCompletion = false
    layer.add(animation, forKey: "grow")
    context.advance(by: time * 2)
    let presentation = try #require(layer.presentation())
    #expect(abs(presentation.fontSize - expected) < 1e-9)
    #expect(presentation.string as? String == "grow")
    #expect(layer.fontSize == 10)
  }
}
