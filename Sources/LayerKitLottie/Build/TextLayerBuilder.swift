import Foundation
import LayerKit

/// Builds a text layer's content as lottie-ios's Core Animation engine sets text: each
/// line a `CATextLayer` holding the document's text in its font, size, fill colour and
/// tracking, and under or over it (`of`) a `CAShapeLayer` stroking the same glyph outlines
/// in the stroke colour and width (`CATextLayer` has no stroke).
///
/// Placement follows lottie-ios's text render layer: point text has its first baseline
/// at the layer's origin, each line starting there (left), ending there (right) or
/// centred on it; box text (`sz`, `ps`) wraps at the box width, aligns within it and puts
/// the first baseline a cap height below the box's top (the cap height is taken as 0.7 em,
/// Helvetica's being 0.717, as font metrics here carry no cap height). Baselines are
/// `lh` apart and raised by `ls`; tracking adds `tr / 1000` em after each character.
///
/// When the file carries glyph outlines (`chars`) for the document's font, the glyphs
/// are drawn from them instead, as shape layers at `s / 100` of their size, advancing by
/// their `w`. A keyframed document becomes one container per keyframe, each shown from
/// its keyframe to the next by a discrete `hidden` animation.
struct TextLayerBuilder {
  let timing: LayerTiming
  let composition: Composition
  let registry: FontRegistry
  let fontProvider: (any AnimationFontProvider)?
  /// The text shown for a document's text (a text provider's answer, or the text).
  let text: (String) -> String

  /// The cap height of a font, as a fraction of its size.
  static let capHeight = 0.7

  func layers(_ documents: Keyframed<TextDocument>) -> [CALayer] {
    let k = documents.keyframes
    return k.indices.map { i in
      let container = CALayer.lottieGroup(name: "text")
      for l in document(k[i].value) { container.appendBuiltSublayer(l) }
      if documents.isAnimated {
        let shown = Keyframed(
          keyframes: k.indices.map { j in
            Keyframe(time: k[j].time, value: j == i ? 0.0 : 1.0, hold: true)
          })
        container.lottieAnimate(
          "hidden", shown, timing, set: { (v: Bool) in container.isHidden = v },
          convert: {
            $0 != 0
          }
        )
      }
      return container
    }
  }

  /// The layers of one document, lines top to bottom.
  private func document(_ d: TextDocument) -> [CALayer] {
    let size = CGFloat(d.fontSize)
    let font =
      fontProvider?.fontFor(family: d.fontName, size: size)
      ?? FontDescription(name: d.fontName, size: size)
    let fill = d.fillColor.map { LottieColorConversion.cgColor($0) }
    let stroke = d.strokeColor.map { LottieColorConversion.cgColor($0) }
    guard fill != nil || stroke != nil else { return [] }
    let kern = CGFloat(d.fontSize * d.tracking / 1000)
    let box = d.boxSize.map { CGSize(width: $0.at(0), height: $0.at(1)) }
    let origin = d.boxPosition.map { CGPoint(x: $0.at(0), y: $0.at(1)) } ?? .zero
    var lines = TextDocument.lines(of: text(d.text))
    if let box, box.width > 0 {
      lines = lines.flatMap { p -> [String] in
        let run = TextRun(text: p, font: font, color: .black, kern: kern)
        let wrapped = TextLayout(
          AttributedText(runs: [run]),
          options: TextLayoutOptions(
            size: CGSize(width: box.width, height: .infinity), isWrapped: true),
          registry: registry)
        return wrapped.lineTexts.isEmpty ? [p] : wrapped.lineTexts
      }
    }
    let glyphs = outlineGlyphs(d)
    var out: [CALayer] = []
    for (i, line) in lines.enumerated() {
      var baseline = CGFloat(i) * CGFloat(d.lineHeight) - CGFloat(d.baselineShift)
      if box != nil { baseline += origin.y + size * CGFloat(Self.capHeight) }
      let placed: [CALayer]
      if let glyphs {
        placed = outlinedLine(line, d, glyphs: glyphs, kern: kern, fill: fill, stroke: stroke)
      } else {
        placed = fontLine(line, d, font: font, kern: kern, fill: fill, stroke: stroke)
      }
      let width = placed.first?.bounds.width ?? 0
      let start: CGFloat
      switch d.justification {
      case 1: start = (box?.width ?? 0) - width
      case 2: start = ((box?.width ?? 0) - width) / 2
      default: start = 0
      }
      for l in placed {
        l.position = CGPoint(x: origin.x * (box == nil ? 0 : 1) + start, y: baseline)
        out.append(l)
      }
    }
    return out
  }

  /// One line drawn with the registry's fonts: the fill as a `CATextLayer`, the stroke as
  /// the glyph outlines; both anchored at the left end of the baseline.
  private func fontLine(
    _ line: String, _ d: TextDocument, font: FontDescription, kern: CGFloat, fill: CGColor?,
    stroke: CGColor?
  ) -> [CALayer] {
    let run = TextRun(text: line, font: font, color: fill ?? .black, kern: kern)
    let layout = TextLayout(AttributedText(runs: [run]), registry: registry)
    let metrics = layout.lines.first
    let ascent = metrics?.ascent ?? font.size * 0.8
    let height = ascent + (metrics?.descent ?? font.size * 0.2) + (metrics?.leading ?? 0)
    let bounds = CGRect(x: 0, y: 0, width: ceil(layout.size.width), height: ceil(height))
    let anchor = CGPoint(x: 0, y: bounds.height > 0 ? ascent / bounds.height : 0)
    var layers: [CALayer] = []
    if let fill {
      let text = CATextLayer()
      text.fontRegistry = registry
      text.string = NSAttributedString(
        string: line, attributes: [.font: font, .foregroundColor: fill, .kern: kern])
      text.font = font
      text.fontSize = font.size
      text.foregroundColor = fill
      text.bounds = bounds
      text.anchorPoint = anchor
      layers.append(text)
    }
    if let stroke, d.strokeWidth > 0 {
      let outline = CAShapeLayer()
      let path = CGMutablePath()
      for f in layout.glyphFills() { path.addPath(f.path) }
      outline.path = path
      outline.fillColor = nil
      outline.strokeColor = stroke
      outline.lineWidth = CGFloat(d.strokeWidth)
      outline.bounds = bounds
      outline.anchorPoint = anchor
      if d.strokeOverFill { layers.append(outline) } else { layers.insert(outline, at: 0) }
    }
    return layers
  }
}
