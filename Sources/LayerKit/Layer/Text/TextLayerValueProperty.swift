import Foundation

/// The key-value face of a text layer's `string` and `font`: values of several public
/// types (`String`, `NSAttributedString`, `FontDescription`) stored as one Swift-native
/// case of `TextLayerState`.
///
/// Neither is animatable. Reading gives the public form back: a `String`, a fresh
/// `NSAttributedString` with the same runs and attributes, or a `FontDescription`.
package struct TextLayerValueProperty: AnyLayerProperty {
  /// Which text layer value the descriptor reaches.
  package enum Kind: Sendable {
    case string
    case font
  }

  package let kind: Kind
  package var key: String { kind == .string ? "string" : "font" }
  package var rootKey: String { key }
  package var valueType: Any.Type { Optional<Any>.self }
  package var isAnimatable: Bool { false }

  package init(_ kind: Kind) {
    self.kind = kind
  }

  package func value(in state: LayerState) -> Any {
    let text = state.textState
    switch kind {
    case .string: return Self.publicValue(of: text.content) as Any
    case .font: return Self.publicValue(of: text.font) as Any
    }
  }

  package func setValue(_ value: Any, in state: inout LayerState) -> Bool {
    let unboxed = unboxOptional(value)
    switch kind {
    case .string:
      guard let content = Self.content(from: unboxed) else { return false }
      state.textState.content = content
    case .font:
      guard let font = Self.font(from: unboxed) else { return false }
      state.textState.font = font
    }
    return true
  }

  // MARK: - Conversions

  /// The stored form of a `string` value, or nil for a value of another type. nil (and
  /// `NSNull`) clears the text. Attribute values of the wrong type are dropped with a
  /// diagnostic.
  package static func content(from value: Any?) -> TextLayerState.Content? {
    switch value {
    case .none, is NSNull: return TextLayerState.Content.none
    case let string as String: return .plain(string)
    case let attributed as NSAttributedString:
      let runs = StyledRun.runs(of: attributed) { note in
        CADiagnostics.report(key: "string", note)
      }
      return .attributed(runs)
    case let text as AttributedText:
      return .attributed(
        text.runs.map {
          StyledRun(
            text: $0.text, font: .description($0.font), color: $0.color,
            kern: $0.kern == 0 ? nil : $0.kern, ligatures: $0.ligatures ? nil : false)
        })
    default: return nil
    }
  }

  /// The stored form of a `font` value, or nil for a value of another type. nil resets to
  /// Helvetica.
  package static func font(from value: Any?) -> TextLayerState.Font? {
    switch value {
    case .none, is NSNull: return .name("Helvetica")
    case let name as String: return .name(name)
    case let description as FontDescription: return .description(description)
    default: return nil
    }
  }

  /// What `string` reads as.
  package static func publicValue(of content: TextLayerState.Content) -> Any? {
    switch content {
    case .none: return nil
    case .plain(let string): return string
    case .attributed(let runs):
      let result = NSMutableAttributedString(string: "")
      for run in runs {
        var attributes: [NSAttributedString.Key: Any] = [:]
        switch run.font {
        case .none: break
        case .name(let name): attributes[.font] = name
        case .description(let d): attributes[.font] = d
        }
        if let color = run.color { attributes[.foregroundColor] = color }
        if let kern = run.kern { attributes[.kern] = kern }
        if let ligatures = run.ligatures { attributes[.ligature] = ligatures ? 1 : 0 }
        result.append(NSAttributedString(string: run.text, attributes: attributes))
      }
      return NSAttributedString(attributedString: result)
    }
  }

  /// What `font` reads as.
  package static func publicValue(of font: TextLayerState.Font) -> Any {
    switch font {
    case .name(let name): return name
    case .description(let description): return description
    }
  }
}
