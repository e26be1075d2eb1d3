import Foundation

// `compositingFilter`: blend modes by Apple's filter names.
extension CALayer {
  /// The filter that composites the layer (with its sublayers) onto what is behind it.
  /// Default nil: source over.
  ///
  /// Core Animation takes a filter object here; LayerKit takes the filter's name as a
  /// `String`, one of Apple's blend-mode filter names: `"multiplyBlendMode"`,
  /// `"screenBlendMode"`, `"overlayBlendMode"`, `"darkenBlendMode"`,
  /// `"lightenBlendMode"`, `"colorDodgeBlendMode"`, `"colorBurnBlendMode"`,
  /// `"softLightBlendMode"`, `"hardLightBlendMode"`, `"differenceBlendMode"`,
  /// `"exclusionBlendMode"`, `"hueBlendMode"`, `"saturationBlendMode"`,
  /// `"colorBlendMode"` and `"luminosityBlendMode"` (the matching `CGBlendMode`s, with
  /// the W3C Compositing and Blending formulas in `CGBlendMode`'s documentation).
  ///
  /// A layer with a filter is drawn as a group (its own parts and its sublayers,
  /// at its opacity) and that group is blended onto the pixels already drawn behind it
  /// in the same surface: the layers before it, its superlayer's background and
  /// contents, everything down to the nearest enclosing group (a superlayer with a mask,
  /// group opacity or its own filter) or the root.
  ///
  /// Any other string is kept (and returned) but draws source over, with a diagnostic
  /// when it is set; a value that is not a `String` is ignored with a diagnostic and the
  /// property becomes nil.
  public var compositingFilter: Any? {
    get { state.compositingFilter }
    set {
      setModelValue(
        \.compositingFilter, Self.compositingFilterName(newValue as Any),
        forKey: "compositingFilter")
    }
  }

  /// The name kept for a `compositingFilter` value: the string itself, or nil (with a
  /// diagnostic) for anything that is not a string.
  package static func compositingFilterName(_ value: Any) -> String? {
    if case Optional<Any>.none = value { return nil }
    if value is NSNull { return nil }
    guard let name = value as? String else {
      CADiagnostics.report(
        key: "compositingFilter", "\(type(of: value)) is not a filter name (a String); no filter")
      return nil
    }
    if CompositingFilter.blendMode(named: name) == nil {
      CADiagnostics.report(
        key: "compositingFilter", "unknown filter \"\(name)\"; the layer draws source over")
    }
    return name
  }
}

/// Apple's blend-mode filter names and the `CGBlendMode` each stands for.
package enum CompositingFilter {
  /// Every supported filter name with its blend mode.
  package static let blendModes: [String: CGBlendMode] = [
    "multiplyBlendMode": .multiply,
    "screenBlendMode": .screen,
    "overlayBlendMode": .overlay,
    "darkenBlendMode": .darken,
    "lightenBlendMode": .lighten,
    "colorDodgeBlendMode": .colorDodge,
    "colorBurnBlendMode": .colorBurn,
    "softLightBlendMode": .softLight,
    "hardLightBlendMode": .hardLight,
    "differenceBlendMode": .difference,
    "exclusionBlendMode": .exclusion,
    "hueBlendMode": .hue,
    "saturationBlendMode": .saturation,
    "colorBlendMode": .color,
    "luminosityBlendMode": .luminosity,
  ]

  /// The blend mode of the filter `name`, or nil for an unknown name.
  package static func blendMode(named name: String?) -> CGBlendMode? {
    guard let name else { return nil }
    return blendModes[name]
  }
}
