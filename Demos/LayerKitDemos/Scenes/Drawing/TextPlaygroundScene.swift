import Foundation
import LayerKit

/// A text playground: one sample per script (Latin kerning and ligatures, combining marks,
/// Arabic, Hebrew, mixed direction, Devanagari, Thai, Japanese, emoji) shaped with
/// HarfBuzz, reordered with FriBidi and drawn from fontconfig's fallback faces, with the
/// string, size, alignment, wrapping and box width changed live.
///
/// Sliders: sample, font size, alignment, wrapped, box width. Keys: N next sample, A next
/// alignment, W toggles wrapping, + and − change the size (an implicit `fontSize`
/// animation).
public final class TextPlaygroundScene: DemoScene {
  public static let name = "text-playground"
  public static let title = "Text playground: shaping, bidi, fallback, emoji"
  public static let duration = 2.0

  /// The samples, with the name shown for each.
  public static let samples: [(name: String, text: String)] = [
    ("Latin kerning and ligatures", "AVATAR To Ty We — office fluffy ffi"),
    ("Combining marks", "q\u{301} x\u{323}\u{302} Z\u{308}\u{331} n\u{303} a\u{30A}"),
    ("Arabic", "مرحبا بالعالم، كيف حالك؟"),
    ("Hebrew", "שָׁלוֹם עולם"),
    ("Mixed direction", "Hello مرحبا 123 world"),
    ("Devanagari", "नमस्ते दुनिया"),
    ("Thai", "สวัสดีชาวโลก"),
    ("Japanese", "こんにちは、世界。吹き出しを描く。"),
    ("Emoji", "👍🏽 👨‍👩‍👧 🇯🇵 😀 🎉"),
  ]

  private static let alignments: [(CATextLayerAlignmentMode, String)] = [
    (.natural, "natural"), (.left, "left"), (.center, "center"), (.right, "right"),
    (.justified, "justified"),
  ]

  private var values: [String: Double] = [
    "sample": 4, "font size": 40, "alignment": 0, "wrapped": 1, "box width": 520,
  ]
  private weak var text: CATextLayer?
  private weak var box: CALayer?
  private weak var status: CATextLayer?

  public init() {}

  public var parameters: [DemoParameter] {
    [
      DemoParameter(
        "sample", range: 0...Double(Self.samples.count - 1), value: values["sample"]!,
        format: "%.0f"),
      DemoParameter("font size", range: 8...96, value: values["font size"]!, format: "%.0f pt"),
      DemoParameter("alignment", range: 0...4, value: values["alignment"]!, format: "%.0f"),
      DemoParameter("wrapped", range: 0...1, value: values["wrapped"]!, format: "%.0f"),
      DemoParameter("box width", range: 80...860, value: values["box width"]!, format: "%.0f pt"),
    ]
  }

  public func setParameter(_ name: String, to value: Double) {
    guard values[name] != nil else { return }
    values[name] = name == "font size" || name == "box width" ? value : value.rounded()
  }

  private var sampleIndex: Int {
    Swift.min(Swift.max(Int(values["sample"]!), 0), Self.samples.count - 1)
  }
  private var alignmentIndex: Int { Swift.min(Swift.max(Int(values["alignment"]!), 0), 4) }

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "Sliders (or keys N sample, A alignment, W wrap, +/− size) change the text live. "
        + "Below: every script at 20 pt, one line each, as Core Text would set it.")
    let card = DemoStyle.card(CGRect(x: 40, y: 112, width: 880, height: 196), radius: 14)
    canvas.addSublayer(card)
    let box = CALayer()
    box.name = "layout box"
    box.borderColor = DemoStyle.hairline
    box.borderWidth = 1
    card.addSublayer(box)
    self.box = box
    let text = CATextLayer()
    text.name = "playground text"
    text.foregroundColor = DemoStyle.ink
    text.truncationMode = .end
    box.addSublayer(text)
    self.text = text
    let status = DemoStyle.label(
      "", frame: CGRect(x: 40, y: 312, width: 880, height: 20), size: 13, color: DemoStyle.muted)
    canvas.addSublayer(status)
    self.status = status
    apply()

    let list = DemoStyle.card(CGRect(x: 40, y: 338, width: 880, height: 190), radius: 14)
    canvas.addSublayer(list)
    for (i, sample) in Self.samples.enumerated() {
      let column = i < 5 ? 0 : 1
      let row = i < 5 ? i : i - 5
      let frame = CGRect(
        x: 16 + CGFloat(column) * 436, y: 10 + CGFloat(row) * 35, width: 420, height: 30)
      let line = DemoStyle.label(sample.text, frame: frame, size: 20)
      line.name = sample.name
      line.truncationMode = .end
      list.addSublayer(line)
    }
  }

  /// Puts the current values on the layers (animating `fontSize` and `bounds` implicitly
  /// when called from a key press).
  private func apply() {
    guard let text, let box else { return }
    let width = CGFloat(values["box width"]!)
    box.frame = CGRect(x: 440 - width / 2 - 8, y: 10, width: width + 16, height: 176)
    text.frame = CGRect(x: 8, y: 8, width: width, height: 160)
    text.string = Self.samples[sampleIndex].text
    text.fontSize = CGFloat(values["font size"]!)
    text.alignmentMode = Self.alignments[alignmentIndex].0
    text.isWrapped = values["wrapped"]! >= 0.5
    status?.string = String(
      format: "%@ · %.0f pt · %@ · %@ · box %.0f pt", Self.samples[sampleIndex].name,
      values["font size"]!, Self.alignments[alignmentIndex].1,
      text.isWrapped ? "wrapped" : "one line", values["box width"]!)
  }

  public func handle(_ event: SceneEvent) -> Bool {
    guard case .key(let key) = event else { return false }
    switch key.uppercased() {
    case "N": values["sample"] = Double((sampleIndex + 1) % Self.samples.count)
    case "A": values["alignment"] = Double((alignmentIndex + 1) % Self.alignments.count)
    case "W": values["wrapped"] = values["wrapped"]! >= 0.5 ? 0 : 1
    case "=", "+", "KEYPAD +": values["font size"] = Swift.min(values["font size"]! + 4, 96)
    case "-", "KEYPAD -": values["font size"] = Swift.max(values["font size"]! - 4, 8)
    default: return false
    }
    apply()
    return true
  }
}
