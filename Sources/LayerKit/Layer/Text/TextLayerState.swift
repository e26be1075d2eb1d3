import Foundation

extension CATextLayer {
  /// The model state a `CATextLayer` adds to a layer's: its text and how to set it.
  ///
  /// A value inside `LayerState`, so presentation copies and render snapshots carry it and
  /// animations of `fontSize` and `foregroundColor` evaluate it like any other property;
  /// the layer (or the compositor) turns it into a `TextLayout` for its bounds on demand.
  @LayerModel(state: "textState")
  package struct TextLayerState: Equatable, Sendable {
    /// What `string` holds.
    package enum Content: Equatable, Sendable {
      /// No text.
      case none
      /// A plain string in the layer's font and colour.
      case plain(String)
      /// An attributed string, as runs that leave unset attributes to the layer.
      case attributed([StyledRun])
    }

    /// What `font` holds: a name, or a full description (whose size is ignored, as Core
    /// Animation ignores a font object's size in favour of `fontSize`).
    package enum Font: Equatable, Sendable {
      case name(String)
      case description(FontDescription)
    }

    /// The text. Default `.none`.
    @Model("string", needsDisplay: true, accessor: false, row: false)
    package var content: Content = .none
    /// The font. Default `"Helvetica"`.
    @Model(needsDisplay: true, accessor: false, row: false)
    package var font: Font = .name("Helvetica")
    /// The font size, in points. Default 36.
    @Model(animatable: true, needsDisplay: true, accessor: false)
    package var fontSize: CGFloat = 36
    /// The colour of text without a colour of its own; nil draws such text invisibly.
    /// Default opaque white. Animatable.
    @Model(animatable: true, needsDisplay: true)
    package var foregroundColor: CGColor? = .white
    /// Whether lines wrap at the bounds' width. Default false: only newlines break lines.
    @Model("wrapped", needsDisplay: true)
    package var isWrapped: Bool = false
    /// Where text that does not fit is cut and marked with "…". Default `.none`.
    @Model(needsDisplay: true)
    package var truncationMode: CATextLayerTruncationMode = .none
    /// How lines align within the bounds' width. Default `.natural` (left, or right for a
    /// right-to-left paragraph).
    @Model(needsDisplay: true)
    package var alignmentMode: CATextLayerAlignmentMode = .natural
    /// Whether glyph positions may be rounded to pixels. Stored for compatibility; it has
    /// no effect, since glyphs are exact vector outlines. Default false.
    @Model(needsDisplay: true)
    package var allowsFontSubpixelQuantization: Bool = false
    /// Where fonts come from. Default `FontRegistry.shared`; compared by identity.
    package var fontRegistry: FontRegistry = .shared

    package init() {}

    package static func == (a: TextLayerState, b: TextLayerState) -> Bool {
      a.content == b.content && a.font == b.font && a.fontSize == b.fontSize
        && a.foregroundColor == b.foregroundColor && a.isWrapped == b.isWrapped
        && a.truncationMode == b.truncationMode && a.alignmentMode == b.alignmentMode
        && a.allowsFontSubpixelQuantization == b.allowsFontSubpixelQuantization
        && a.fontRegistry === b.fontRegistry
    }

    /// The font every run without its own font uses: `font`'s name and weight at
    /// `fontSize`.
    package var defaultFont: FontDescription {
      switch font {
      case .name(let name): FontDescription(name: name, size: fontSize)
      case .description(let d): FontDescription(name: d.name, size: fontSize, isBold: d.isBold)
      }
    }

    /// The text with the layer's defaults filled in.
    package var attributedText: AttributedText {
      let color = foregroundColor ?? .clear
      switch content {
      case .none: return AttributedText(runs: [])
      case .plain(let string): return AttributedText(string, font: defaultFont, color: color)
      case .attributed(let runs):
        return AttributedText(runs, defaultFont: defaultFont, defaultColor: color)
      }
    }

    /// The layout options for a box of `size` points.
    package func options(for size: CGSize) -> TextLayoutOptions {
      TextLayoutOptions(
        size: size, isWrapped: isWrapped, alignment: alignmentMode.textAlignment ?? .natural,
        truncation: truncationMode.textTruncation ?? .none)
    }

    /// The text laid out in `bounds` (a layer's bounds), in layout coordinates: points from
    /// the top left of the bounds, y down.
    package func layout(in bounds: CGRect) -> TextLayout {
      TextLayoutCache.shared.layout(
        attributedText, options: options(for: bounds.size), registry: fontRegistry)
    }

    /// The glyphs to fill for a layer with these bounds, in the layer's own coordinates
    /// (the layout moved to `bounds.origin`), merged by colour. Fully transparent text
    /// gives nothing.
    package func glyphFills(in bounds: CGRect) -> [GlyphFill] {
      if (foregroundColor?.alpha ?? 0) <= 0 && !hasOwnColors { return [] }
      let move = CGAffineTransform(translationX: bounds.origin.x, y: bounds.origin.y)
      return layout(in: bounds).glyphFills(transform: move).filter {
        $0.image != nil || $0.color.alpha > 0
      }
    }

    /// Whether some run carries its own colour.
    private var hasOwnColors: Bool {
      if case .attributed(let runs) = content { return runs.contains { $0.color != nil } }
      return false
    }
  }
}

/// `CATextLayer.TextLayerState`, by its own name.
package typealias TextLayerState = CATextLayer.TextLayerState

extension LayerState {
  /// The text state, a default one when the layer has none; writing it makes the layer
  /// carry text state. Text property descriptors and setters go through it.
  package var textState: TextLayerState {
    get { self.text ?? TextLayerState() }
    // Written in place (no copy of the whole subclass state per property write).
    _modify {
      if self.text == nil { self.text = TextLayerState() }
      yield &self.text!
    }
  }
}
