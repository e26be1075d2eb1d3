import Foundation
import LayerKit
import Testing

@testable import LayerKitLottie

/// A font for text tests: printable ASCII, each character a box 500 units wide in a
/// 1000-unit em (5 points at size 10) and 700 units tall, ascent 800, descent 200.
final class LottieBoxFace: FontFace, @unchecked Sendable {
  let familyName = "Box Sans"
  let styleName = "Regular"
  let postScriptName = "BoxSans-Regular"
  let isBold = false
  let metrics = FontMetrics(unitsPerEm: 1000, ascent: 800, descent: 200, lineGap: 0)
  var hasColorGlyphs: Bool { false }

  func glyph(for scalar: Unicode.Scalar) -> CGGlyph? {
    (0x20...0x7E).contains(scalar.value) ? CGGlyph(scalar.value) : nil
  }
  func advance(of glyph: CGGlyph) -> CGFloat { 500 }
  func kerning(between left: CGGlyph, and right: CGGlyph) -> CGFloat { 0 }
  func outline(of glyph: CGGlyph) -> CGPath? {
    guard glyph != 0x20 else { return nil }
    return CGPath(rect: CGRect(x: 0, y: 0, width: 500, height: 700), transform: nil)
  }
  func colorImage(of glyph: CGGlyph) -> GlyphImage? { nil }
  func colorLayers(of glyph: CGGlyph) -> [GlyphLayer]? { nil }

  static let registry: FontRegistry = {
    let r = FontRegistry()
    _ = r.register(LottieBoxFace())
    return r
  }()
}

/// Text layers (`ty: 5`) from hand-made files after the format's documentation: text,
/// font and size, fill and stroke, justification, tracking, line height, box text,
/// keyframed documents, glyphs from `chars`, and the text and font providers.
@Suite struct LottieTextLayerTests {
  /// A 100 × 100 file at 10 fps, frames 0…20, with one text layer "Title" at (20, 50)
  /// whose document keyframes are `documents` (JSON objects, the first at frame 0, the
  /// others at 10, 20, …).
  static func file(_ documents: [String], extra: String = "") -> Data {
    let keyframes = documents.enumerated().map { #"{"t":\#($0.offset * 10),"s":\#($0.element)}"# }
    return Data(
      #"""
      {"fr":10,"ip":0,"op":20,"w":100,"h":100\#(extra),"layers":[{"ty":5,"nm":"Title","ind":1,
       "ip":0,"op":20,"ks":{"p":{"k":[20,50]},"a":{"k":[0,0]}},
       "t":{"d":{"k":[\#(keyframes.joined(separator: ","))]}}}]}
      """#.utf8)
  }

  static func document(_ members: String) -> String {
    #"{"t":"AB","f":"Box Sans","s":10,"fc":[1,0,0],"j":0,"tr":0,"lh":12\#(members)}"#
  }

  static func stage(_ data: Data) throws -> LottieStage {
    let stage = LottieStage(try LottieAnimation(data: data), pixelSize: (100, 100))
    stage.layer.fontRegistry = LottieBoxFace.registry
    return stage
  }

  static func layers<T: CALayer>(_ root: CALayer, _: T.Type) -> [T] {
    LayerBudgetTests.all(root).compactMap { $0 as? T }
  }

  static func alpha(_ image: CGImage, _ x: Int, _ y: Int) -> UInt8 { image.pixel(x: x, y: y).a }

  @Test func pointTextSitsOnItsBaselineInItsFontSizeAndColour() throws {
    let stage = try Self.stage(Self.file([Self.document("")]))
    let image = stage.render(progress: 0)
    // Two 5 × 7 point boxes from x = 20 to 30, from 7 points above the baseline at y = 50.
    #expect(Array(Self.rgb(image, 22, 46)) == [255, 0, 0])
    #expect(Self.rgb(image, 28, 44) == [255, 0, 0])
    #expect(Self.alpha(image, 31, 46) == 0 && Self.alpha(image, 19, 46) == 0)
    #expect(Self.alpha(image, 22, 51) == 0 && Self.alpha(image, 22, 42) == 0)
    let text = try #require(Self.layers(stage.layer, CATextLayer.self).first)
    #expect((text.string as? NSAttributedString)?.string == "AB")
    #expect(text.fontSize == 10)
  }

  static func rgb(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
    let p = image.pixel(x: x, y: y)
    return [p.r, p.g, p.b]
  }

  @Test(arguments: [(1, 10, 20), (2, 15, 25)])
  func rightAndCentredTextEndOrCentreOnTheOrigin(justification: Int, from: Int, to: Int) throws {
    let stage = try Self.stage(Self.file([Self.document(#","j":\#(justification)"#)]))
    let image = stage.render(progress: 0)
    #expect(Self.alpha(image, from + 1, 46) == 255 && Self.alpha(image, to - 1, 46) == 255)
    #expect(Self.alpha(image, from - 1, 46) == 0 && Self.alpha(image, to + 1, 46) == 0)
  }

  @Test func trackingAddsThousandthsOfAnEmAfterEachCharacter() throws {
    // 200 thousandths at 10 points: 2 points after each character.
    let stage = try Self.stage(Self.file([Self.document(#","tr":200"#)]))
    let image = stage.render(progress: 0)
    #expect(Self.alpha(image, 26, 46) == 0)  // the gap from 25 to 27
    #expect(Self.alpha(image, 28, 46) == 255)  // B from 27 to 32
    #expect(Self.alpha(image, 31, 46) == 255)
  }

  @Test func linesAreLineHeightApartAndStrokesFollowTheOutlines() throws {
    let doc = Self.document(#","t":"A\rBB","lh":20,"sc":[0,0,1],"sw":2,"of":true"#)
    let stage = try Self.stage(Self.file([doc]))
    let texts = Self.layers(stage.layer, CATextLayer.self)
    #expect(texts.map(\.position.y) == [0, 20])
    let strokes = Self.layers(stage.layer, CAShapeLayer.self).filter { $0.strokeColor != nil }
    #expect(strokes.map(\.lineWidth) == [2, 2])
    // Stroke over fill: each line's stroke layer comes after its text layer.
    let line = try #require(texts.first?.superlayer?.sublayers)
    #expect(line.firstIndex { $0 is CATextLayer }! < line.firstIndex { $0 is CAShapeLayer }!)
    let image = stage.render(progress: 0)
    #expect(Self.rgb(image, 20, 46) == [0, 0, 255])  // the stroke on A's left edge
    #expect(Self.rgb(image, 22, 46) == [255, 0, 0])
    #expect(Self.rgb(image, 22, 66) == [255, 0, 0])  // the second line, 20 points lower
  }

  @Test func boxTextWrapsAtItsWidthBelowTheBoxTop() throws {
    let doc = Self.document(#","t":"AB CD","sz":[12,100],"ps":[-10,-40],"j":2"#)
    let stage = try Self.stage(Self.file([doc]))
    let texts = Self.layers(stage.layer, CATextLayer.self)
    #expect(texts.compactMap { ($0.string as? NSAttributedString)?.string } == ["AB", "CD"])
    // The first baseline 0.7 em below the box top (-40), centred in the 12-point box.
    #expect(texts.map(\.position) == [CGPoint(x: -9, y: -33), CGPoint(x: -9, y: -21)])
  }

  @Test func aKeyframedDocumentSwitchesAtItsKeyframes() throws {
    let first = Self.document("")
    let second = Self.document(#","t":"ABCD""#)
    let stage = try Self.stage(Self.file([first, second]))
    #expect(Self.alpha(stage.render(progress: 0.25), 36, 46) == 0)
    #expect(Self.alpha(stage.render(progress: 0.75), 36, 46) == 255)
    #expect(Self.alpha(stage.render(progress: 0.75), 22, 46) == 255)
  }

  @Test func glyphsFromTheFilesCharsAreDrawnInsteadOfAFont() throws {
    let extra = #"""
      ,"fonts":{"list":[{"fName":"Blocky-Regular","fFamily":"Blocky","fStyle":"Regular"}]},
      "chars":[{"ch":"A","size":100,"style":"Regular","fFamily":"Blocky","w":60,
        "data":{"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"k":{"c":true,
          "v":[[0,0],[50,0],[50,-100],[0,-100]],"i":[[0,0],[0,0],[0,0],[0,0]],
          "o":[[0,0],[0,0],[0,0],[0,0]]}}}]}]}}]
      """#
    let doc = #"{"t":"AA","f":"Blocky-Regular","s":20,"fc":[0,1,0],"lh":24}"#
    let stage = try Self.stage(Self.file([doc], extra: extra))
    #expect(Self.layers(stage.layer, CATextLayer.self).isEmpty)
    let image = stage.render(progress: 0)
    // Each A a 10 × 20 point block, advancing 12 points: 20…30 and 32…42, 20 points tall.
    #expect(Self.rgb(image, 25, 35) == [0, 255, 0])
    #expect(Self.alpha(image, 31, 40) == 0)
    #expect(Self.rgb(image, 40, 40) == [0, 255, 0])
    #expect(Self.alpha(image, 25, 28) == 0)
  }

  struct Bigger: AnimationFontProvider {
    func fontFor(family: String, size: CGFloat) -> FontDescription? {
      FontDescription(name: "Box Sans", size: size * 2)
    }
  }

  @Test func textAndFontProvidersReplaceTheDocumentsTextAndFont() throws {
    let stage = try Self.stage(Self.file([Self.document(#","f":"Missing Font""#)]))
    stage.layer.textProvider = DictionaryTextProvider(["Title": "Hi!"])
    stage.layer.fontProvider = Bigger()
    let text = try #require(Self.layers(stage.layer, CATextLayer.self).first)
    #expect((text.string as? NSAttributedString)?.string == "Hi!")
    #expect(text.fontSize == 20)
  }
}
