import Foundation

extension LayerPropertyRegistry {
  /// `CATextLayer`'s registry: every `CALayer` property plus the text properties.
  /// `fontSize` and `foregroundColor` are animatable; `string`, `font`, `wrapped`,
  /// `truncationMode`, `alignmentMode` and `allowsFontSubpixelQuantization` are not.
  package static let textLayer = LayerPropertyRegistry.layer.adding(
    TextLayerState.declaredProperties + [
      TextLayerValueProperty(.string), TextLayerValueProperty(.font),
    ])

  /// The keys whose change redraws a text layer (`CATextLayer.needsDisplay(forKey:)`):
  /// the text properties (those `TextLayerState` declares with `needsDisplay`),
  /// `contentsScale` (the text is drawn at that many pixels per point) and `style`
  /// (which may supply any of them). Not `bounds`, `position`, `opacity`,
  /// `backgroundColor` or the `contents…` keys.
  package static let textDisplayKeys: Set<String> =
    TextLayerState.needsDisplayKeys.union(["contentsScale", "style"])
}
