// Text layout and drawing benchmark: a 2,000-glyph mixed-script paragraph and a UI frame
// of 100 short labels, laid out (HarfBuzz, FriBidi, fontconfig fallback) and filled as
// vector outlines. Prints one `TEXT <case> <median ms> <best ms>` line per case and
// writes the strings it drew to the file given with --strings, so the Pillow + raqm
// anchor (`Scripts/bench-text.py`) draws exactly the same ones.
import Foundation
import LayerKitSDL

let arguments = CommandLine.arguments
func argument(_ name: String) -> String? {
  guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
  return arguments[i + 1]
}
let runs = Int(argument("--runs") ?? "") ?? 25

/// Sentences of the paragraph, each with the script whose font the anchor uses.
let sentences: [(script: String, text: String)] = [
  ("latin", "The quick brown fox jumps over the lazy dog; AVATAR To Ty We office. "),
  ("arabic", "مرحبا بالعالم، هذا نص عربي قصير للاختبار. "),
  ("hebrew", "שלום עולם, זהו טקסט עברי קצר. "),
  ("devanagari", "नमस्ते दुनिया, यह एक छोटा हिंदी वाक्य है। "),
  ("thai", "สวัสดีชาวโลก นี่คือข้อความภาษาไทย "),
  ("japanese", "こんにちは世界、これは短い日本語の文です。"),
]
/// Label strings of the UI frame, cycled over 100 labels.
let labels: [(script: String, text: String)] = [
  ("latin", "Settings"), ("arabic", "مرحبا"), ("latin", "Inbox (3)"), ("hebrew", "שלום"),
  ("devanagari", "नमस्ते"), ("latin", "Office hours"), ("thai", "สวัสดี"),
  ("japanese", "こんにちは"), ("latin", "Profile"), ("latin", "Next page"),
]

let registry = FontRegistry()
do {
  try FreeTypeFonts.installDefault(into: registry)
} catch {
  print("text bench: \(error)")
  exit(1)
}

// The paragraph: sentences cycled until the layout has at least 2,000 glyphs.
var paragraphSentences: [(script: String, text: String)] = []
var paragraph = ""
let paragraphFont = FontDescription(name: "Helvetica", size: 16)
let paragraphOptions = TextLayoutOptions(
  size: CGSize(width: 900, height: CGFloat.infinity), isWrapped: true)
while TextLayout(
  AttributedText(paragraph, font: paragraphFont, color: .black), options: paragraphOptions,
  registry: registry
).glyphs.count < 2000 {
  let next = sentences[paragraphSentences.count % sentences.count]
  paragraphSentences.append(next)
  paragraph += next.text
}
let paragraphText = AttributedText(paragraph, font: paragraphFont, color: .black)
let paragraphLayout = TextLayout(paragraphText, options: paragraphOptions, registry: registry)
let paragraphHeight = Int(paragraphLayout.size.height.rounded(.up)) + 2

if let path = argument("--strings") {
  var out = "glyphs \(paragraphLayout.glyphs.count)\nparagraph-height \(paragraphHeight)\n"
  for s in paragraphSentences { out += "sentence \(s.script) \(s.text)\n" }
  for i in 0..<100 {
    out += "label \(labels[i % labels.count].script) \(labels[i % labels.count].text)\n"
  }
  try? out.write(toFile: path, atomically: true, encoding: .utf8)
}

func fill(_ layout: TextLayout, in ctx: CGContext, at origin: CGPoint) {
  for fill in layout.glyphFills(transform: CGAffineTransform(translationX: origin.x, y: origin.y)) {
    if let image = fill.image {
      ctx.draw(image, in: fill.imageRect)
      continue
    }
    ctx.setFillColor(fill.color)
    ctx.addPath(fill.path)
    ctx.fillPath(using: .winding)
  }
}

func time(_ body: () -> Void) -> [Double] {
  var samples: [Double] = []
  for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }
  return samples.sorted()
}

func report(_ name: String, _ samples: [Double]) {
  print(String(format: "TEXT %@ %.3f %.3f", name, samples[samples.count / 2], samples[0]))
}

let paragraphContext = CGContext(width: 1000, height: paragraphHeight)!
report(
  "paragraph-layout-draw",
  time {
    // A fresh layout each run: no cache.
    paragraphContext.setFillColor(.white)
    paragraphContext.fill(CGRect(x: 0, y: 0, width: 1000, height: paragraphHeight))
    let layout = TextLayout(paragraphText, options: paragraphOptions, registry: registry)
    fill(layout, in: paragraphContext, at: .zero)
  })
report(
  "paragraph-layout",
  time { _ = TextLayout(paragraphText, options: paragraphOptions, registry: registry) })

let labelFont = FontDescription(name: "Helvetica", size: 14)
let labelOptions = TextLayoutOptions(size: CGSize(width: 120, height: 24), truncation: .end)
let frameContext = CGContext(width: 1280, height: 720)!
let cache = TextLayoutCache(capacity: 512)
func drawFrame(cached: Bool) {
  frameContext.setFillColor(.white)
  frameContext.fill(CGRect(x: 0, y: 0, width: 1280, height: 720))
  for i in 0..<100 {
    let text = AttributedText(labels[i % labels.count].text, font: labelFont, color: .black)
    let layout =
      cached
      ? cache.layout(text, options: labelOptions, registry: registry)
      : TextLayout(text, options: labelOptions, registry: registry)
    fill(
      layout, in: frameContext,
      at: CGPoint(x: CGFloat(i % 10) * 128 + 4, y: CGFloat(i / 10) * 72 + 24))
  }
}
report("labels-uncached", time { drawFrame(cached: false) })
drawFrame(cached: true)
report("labels-cached", time { drawFrame(cached: true) })
