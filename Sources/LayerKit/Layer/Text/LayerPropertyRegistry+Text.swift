import Foundation

extension LayerPropertyRegistry {
  /// `CATextLayer`'s registry: every `CALayer` property plus the text properties.
  /// `fontSize` and `foregroundColor` are animatable; `string`, `font`, `wrapped`,
  /// `truncationMode`, `alignmentMode` and `allowsFontSubpixelQuantization` are not.
  package static let textLayer = LayerPropertyRegistry.layer.adding([
    LayerProperty("fontSize", \.textState.fontSize, animatable: true),
    LayerProperty("foregroundColor", \.textState.foregroundColor, animatable: true),
    LayerProperty("wrapped", \.textState.isWrapped, animatable: false),
    LayerProperty(
      "allowsFontSubpixelQuantization", \.textState.allowsFontSubpixelQuantization,
      animatable: false),
    PlainLayerProperty(
      named: "truncationMode", \.textState.truncationMode, known: [.none, .start, .middle, .end]),
    PlainLayerProperty(
      named: "alignmentMode", \.textState.alignmentMode,
      known: [.natural, .left, .right, .center, .justified]),
    TextLayerValueProperty(.string),
    TextLayerValueProperty(.font),
  ])

  /// The keys whose change redraws a text layer (`CATextLayer.needsDisplay(forKey:)`):
  /// the text properties, `contentsScale` (the text is drawn at that many pixels per
  /// point) and `style` (which may supply any of them). Not `bounds`, `position`,
  /// `opacity`, `backgroundColor` or the `contents…` keys.
  package static let textDisplayKeys: Set<String> = [
    "string", "font", "fontSize", "foregroundColor", "wrapped", "truncationMode",
    "alignmentMode", "allowsFontSubpixelQuantization", "contentsScale", "style",
  ]
}
