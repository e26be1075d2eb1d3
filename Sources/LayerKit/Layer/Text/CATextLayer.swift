import Foundation

/// A layer that draws text: a string or attributed string in a font, size and colour,
/// wrapped, aligned and truncated within its bounds.
///
/// Text is drawn as vector glyph outlines filled by the rasterizer, so it stays sharp at
/// any `contentsScale`, transform or animation of `fontSize`. Fonts come from
/// `FontRegistry.shared`; with `LayerKitSDL`, call `FreeTypeFonts.installDefault()` once
/// to get DejaVu Sans and Noto Sans CJK, HarfBuzz shaping, FriBidi bidirectional text and
/// fontconfig fallback for every other script and colour emoji. Characters no font has
/// are drawn as `.notdef` boxes.
///
/// ```swift
/// let label = CATextLayer()
/// label.bounds = CGRect(x: 0, y: 0, width: 200, height: 60)
/// label.string = "こんにちは、LayerKit"
/// label.fontSize = 20
/// label.foregroundColor = CGColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
/// label.isWrapped = true
/// label.alignmentMode = .center
/// ```
///
/// Text starts at the top of the bounds; the first baseline lies one ascent below it.
/// Lines that do not fit are clipped, or truncated with "…" when `truncationMode` says so
/// (see `TextLayout` for exactly which lines are kept).
open class CATextLayer: CALayer {
  /// The glyphs the display stage last shaped for the layer's shown text state (see
  /// `DisplayStage`), read by the render-tree build.
  package final var shapedText: ShapedText? {
    didSet { treeChangeLog.noteWrite() }
  }

  /// Creates a text layer with no text, Helvetica at 36 points, in white.
  public override init() {
    super.init()
    if state.text == nil { state.text = TextLayerState() }
  }

  /// Copies `layer`'s model, text included when it is a text layer.
  public required init(layer: Any) {
    super.init(layer: layer)
    if state.text == nil { state.text = TextLayerState() }
  }

  override package class var propertyRegistry: LayerPropertyRegistry { .textLayer }

  override package class var frameTraits: LayerFrameTraits {
    LayerFrameTraits(nodeKind: .text, drawsOwnContent: true)
  }

  override package class func makeRenderReplica() -> CALayer { CATextLayer() }

  override package func snapshotParts() -> LayerTreeSnapshot.ClassParts { .text(shapedText) }

  override package func adoptSnapshotParts(_ parts: LayerTreeSnapshot.ClassParts) {
    if case .text(let glyphs) = parts { shapedText = glyphs }
  }

  /// Shapes the text as `shown` shows it, unless the glyphs already stand for it.
  override package func displayOwnContent(shown: LayerState) {
    guard let text = shown.text else {
      if shapedText != nil { shapedText = nil }
      return
    }
    if shapedText?.matches(text, bounds: shown.bounds) == true { return }
    shapedText = ShapedText(text, bounds: shown.bounds)
  }

  /// Gives `node` the glyphs of its state's text within its bounds: those it holds, else
  /// those the display stage shaped for this layer; a state the display stage did not see
  /// (a replicator copy at its own delayed time) is shaped here, from the node's values.
  override package func writeRenderParts(into node: inout RenderNode, localTime: () -> Double) {
    guard let text = node.state.text else {
      node.glyphs = nil
      return
    }
    let bounds = node.state.bounds
    if node.glyphs?.matches(text, bounds: bounds) == true { return }
    if let shaped = shapedText, shaped.matches(text, bounds: bounds) {
      node.glyphs = shaped
    } else {
      node.glyphs = ShapedText(text, bounds: bounds)
    }
  }

  /// True for the text properties (`string`, `font`, `fontSize`, `foregroundColor`,
  /// `wrapped`, `truncationMode`, `alignmentMode`, `allowsFontSubpixelQuantization`),
  /// `contentsScale` and `style`: changing any of them redraws the layer.
  open override class func needsDisplay(forKey key: String) -> Bool {
    LayerPropertyRegistry.textDisplayKeys.contains(key) || super.needsDisplay(forKey: key)
  }

  // MARK: - Text properties

  /// The text: a `String`, an `NSAttributedString` (runs may set `.font` to a
  /// `FontDescription` or a font name, and `.foregroundColor` to a `CGColor`), or nil.
  /// Default nil.
  ///
  /// A value of another type is ignored with a diagnostic. Reading an attributed string
  /// gives a copy with the same runs.
  public var string: Any? {
    get { TextLayerValueProperty.publicValue(of: state.textState.content) }
    set {
      guard let content = TextLayerValueProperty.content(from: newValue) else {
        CADiagnostics.report(
          key: "string",
          "expected a String or NSAttributedString, got \(type(of: newValue!)); ignored")
        return
      }
      setModelValue(\.textState.content, content, forKey: "string")
    }
  }

  /// The font: a font name `String` (for example `"Helvetica-Bold"` or
  /// `"HiraginoSans-W3"`) or a `FontDescription`, whose size is ignored in favour of
  /// `fontSize`. nil resets it. Default `"Helvetica"`.
  ///
  /// Names resolve through the font registry; an unknown name uses its default family,
  /// with a diagnostic.
  public var font: Any? {
    get { TextLayerValueProperty.publicValue(of: state.textState.font) }
    set {
      guard let font = TextLayerValueProperty.font(from: newValue) else {
        CADiagnostics.report(
          key: "font",
          "expected a font name or FontDescription, got \(type(of: newValue!)); ignored")
        return
      }
      if case .name(let name) = font, !fontRegistry.faces.isEmpty,
        !fontRegistry.hasFace(named: name)
      {
        let family = fontRegistry.defaultFamilyName ?? "the default family"
        CADiagnostics.report(key: "font", "no font named \(name); drawn in \(family)")
      }
      setModelValue(\.textState.font, font, forKey: "font")
    }
  }

  /// The font size in points, for the string and for attributed runs without a
  /// `FontDescription` of their own. Default 36. Animatable. A non-finite size is
  /// ignored and a negative one draws nothing, each with a diagnostic.
  public var fontSize: CGFloat {
    get { state.textState.fontSize }
    set {
      if newValue < 0 {
        CADiagnostics.report(key: "fontSize", "negative size \(newValue) draws no text")
      }
      setCheckedModelValue(\.textState.fontSize, newValue, forKey: "fontSize")
    }
  }

  // MARK: - Layout

  /// The size the text needs: for unwrapped text, its widest line and all its lines; for
  /// wrapped text, the same at the current bounds width. In points.
  open override func preferredFrameSize() -> CGSize {
    let text = state.textState
    let width = text.isWrapped ? state.bounds.width : .infinity
    var options = text.options(for: CGSize(width: width, height: .infinity))
    options.truncation = .none
    return TextLayoutCache.shared.layout(
      text.attributedText, options: options, registry: text.fontRegistry
    ).size
  }

  /// The font registry the layer's text resolves fonts in. Default `FontRegistry.shared`.
  package var fontRegistry: FontRegistry {
    get { state.textState.fontRegistry }
    set { state.textState.fontRegistry = newValue }
  }

  /// The layer's text laid out in its bounds, in layout coordinates (points from the top
  /// left of the bounds, y down).
  package func textLayout() -> TextLayout {
    state.textState.layout(in: state.bounds)
  }

  /// The glyph outlines to fill, merged by colour, in the layer's own coordinates — what
  /// the compositor draws for this layer's contents.
  package func textGlyphFills() -> [GlyphFill] {
    state.textState.glyphFills(in: state.bounds)
  }

  // MARK: - Drawing

  /// Fills the text's glyph outlines into `ctx`, clipped to `bounds`.
  ///
  /// `ctx` is taken to be set up in the layer's own coordinates (bounds space, y down),
  /// the way the compositor prepares a layer's backing store; its transform applies to
  /// the outlines, so text stays sharp at any scale. The context's state is restored
  /// afterwards.
  open override func draw(in ctx: CGContext) {
    let fills = textGlyphFills()
    guard !fills.isEmpty else { return }
    ctx.saveGState()
    ctx.clip(to: state.bounds)
    ctx.drawGlyphFills(fills)
    ctx.restoreGState()
  }
}
