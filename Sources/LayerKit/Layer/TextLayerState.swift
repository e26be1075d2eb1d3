import Foundation

/// The model state a `CATextLayer` adds to a layer's: its text and how to set it.
///
/// A value, so presentation copies and render snapshots carry it cheaply; the layer turns
/// it into a `TextLayout` for its bounds on demand.
package struct TextLayerState: Equatable, Sendable {
  /// The text, as runs that may leave font and colour to the layer's defaults. Empty when
  /// the layer has no string.
  package var runs: [StyledRun] = []
  /// The font name from `font`. Default `"Helvetica"`.
  package var fontName = "Helvetica"
  /// Whether `font` asked for bold (a bold name, or a bold `FontDescription`).
  package var fontIsBold = false
  /// The font size, in points. Default 36.
  package var fontSize: CGFloat = 36
  /// The text colour; nil draws nothing. Default opaque white.
  package var foregroundColor: CGColor? = .white
  /// Default false.
  package var isWrapped = false
  /// Default `.none`.
  package var truncationMode: CATextLayerTruncationMode = .none
  /// Default `.natural`.
  package var alignmentMode: CATextLayerAlignmentMode = .natural
  /// Kept for API compatibility: glyphs are vector outlines, never quantized. Default
  /// false.
  package var allowsFontSubpixelQuantization = false

  package init() {}

  /// The font every run without its own font uses.
  package var defaultFont: FontDescription {
    FontDescription(name: fontName, size: fontSize, isBold: fontIsBold)
  }

  /// The text with the layer's defaults filled in.
  package var attributedText: AttributedText {
    AttributedText(runs, defaultFont: defaultFont, defaultColor: foregroundColor ?? .clear)
  }

  /// The layout options for a box of `size` points.
  package func options(for size: CGSize) -> TextLayoutOptions {
    TextLayoutOptions(
      size: size, isWrapped: isWrapped, alignment: alignmentMode.textAlignment ?? .natural,
      truncation: truncationMode.textTruncation ?? .none)
  }

  /// The text laid out in a box of `size` points, fonts from `registry`.
  package func layout(in size: CGSize, registry: FontRegistry) -> TextLayout {
    TextLayout(attributedText, options: options(for: size), registry: registry)
  }
}
