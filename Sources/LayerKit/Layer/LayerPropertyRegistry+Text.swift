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

  /// The top-level keys whose change redraws a text layer.
  package static let textDisplayKeys: Set<String> = [
    "string", "font", "fontSize", "foregroundColor", "wrapped", "truncationMode",
    "alignmentMode", "allowsFontSubpixelQuantization",
  ]
}
