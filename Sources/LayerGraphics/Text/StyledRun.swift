import Foundation

/// A run of an attributed string whose font and colour may be left to the defaults of
/// whatever draws it (a text layer's `font`, `fontSize` and `foregroundColor`).
public struct StyledRun: Equatable, Hashable, Sendable {
  /// The font a run asks for, if any.
  public enum Font: Equatable, Hashable, Sendable {
    /// A complete description: name, size and weight.
    case description(FontDescription)
    /// A font name; the size comes from the default font.
    case name(String)
  }

  /// The characters of the run.
  public var text: String
  /// The run's own font, or `nil` for the default.
  public var font: Font?
  /// The run's own colour, or `nil` for the default.
  public var color: CGColor?

  /// Creates a run.
  public init(text: String, font: Font? = nil, color: CGColor? = nil) {
    self.text = text
    self.font = font
    self.color = color
  }

  /// The run with the defaults filled in.
  public func resolved(defaultFont: FontDescription, defaultColor: CGColor) -> TextRun {
    let resolvedFont: FontDescription
    switch font {
    case .none: resolvedFont = defaultFont
    case .description(let description): resolvedFont = description
    case .name(let name): resolvedFont = FontDescription(name: name, size: defaultFont.size)
    }
    return TextRun(text: text, font: resolvedFont, color: color ?? defaultColor)
  }

  /// The runs of `attributed`, reading `.font` (a `FontDescription` or a name `String`)
  /// and `.foregroundColor` or `kCTForegroundColorAttributeName` (a `CGColor`); runs with
  /// equal styles are merged. `onIgnored` hears about each value of the wrong type.
  public static func runs(
    of attributed: NSAttributedString, onIgnored: (String) -> Void = { _ in }
  ) -> [StyledRun] {
    let whole = NSRange(location: 0, length: attributed.length)
    let source = attributed.string as NSString
    var runs: [StyledRun] = []
    attributed.enumerateAttributes(in: whole, options: []) { attributes, range, _ in
      var run = StyledRun(text: source.substring(with: range))
      if let value = attributes[.font] {
        if let description = value as? FontDescription {
          run.font = .description(description)
        } else if let name = value as? String {
          run.font = .name(name)
        } else {
          onIgnored(
            "font attribute of type \(type(of: value)) ignored; use a FontDescription or a font name")
        }
      }
      for key in [NSAttributedString.Key.foregroundColor, .coreTextForegroundColor] {
        guard let value = attributes[key] else { continue }
        if let color = value as? CGColor {
          run.color = color
        } else {
          onIgnored("\(key.rawValue) attribute of type \(type(of: value)) ignored; use a CGColor")
        }
      }
      if let last = runs.last, last.font == run.font, last.color == run.color {
        runs[runs.count - 1].text += run.text
      } else {
        runs.append(run)
      }
    }
    return runs
  }
}
