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
  /// Extra space after each character cluster, in points (`.kern`); `nil` for none.
  public var kern: CGFloat?
  /// Whether optional ligatures form (`.ligature` 1 or 2) or not (0); `nil` for the
  /// default, on.
  public var ligatures: Bool?

  /// Creates a run.
  public init(
    text: String, font: Font? = nil, color: CGColor? = nil, kern: CGFloat? = nil,
    ligatures: Bool? = nil
  ) {
    self.text = text
    self.font = font
    self.color = color
    self.kern = kern
    self.ligatures = ligatures
  }

  /// The run with the defaults filled in.
  public func resolved(defaultFont: FontDescription, defaultColor: CGColor) -> TextRun {
    let resolvedFont: FontDescription
    switch font {
    case .none: resolvedFont = defaultFont
    case .description(let description): resolvedFont = description
    case .name(let name): resolvedFont = FontDescription(name: name, size: defaultFont.size)
    }
    return TextRun(
      text: text, font: resolvedFont, color: color ?? defaultColor, kern: kern ?? 0,
      ligatures: ligatures ?? true)
  }

  /// The runs of `attributed`, reading `.font` (a `FontDescription` or a name `String`),
  /// `.foregroundColor` or `kCTForegroundColorAttributeName` (a `CGColor`), `.kern` (a
  /// number of points) and `.ligature` (0 turns optional ligatures off, 1 and 2 leave them
  /// on); runs with equal styles are merged. `onIgnored` hears about each value of the
  /// wrong type, and about a kern that is not finite (ignored).
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
            "font attribute of type \(type(of: value)) ignored; use a FontDescription or a font name"
          )
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
      if let value = attributes[.kern] {
        if let number = Self.number(value), number.isFinite {
          run.kern = number
        } else {
          onIgnored("kern attribute \(value) ignored; use a finite number of points")
        }
      }
      if let value = attributes[.ligature] {
        if let number = Self.number(value) {
          run.ligatures = number != 0
        } else {
          onIgnored("ligature attribute of type \(type(of: value)) ignored; use 0, 1 or 2")
        }
      }
      if let last = runs.last, last.font == run.font, last.color == run.color,
        last.kern == run.kern, last.ligatures == run.ligatures
      {
        runs[runs.count - 1].text += run.text
      } else {
        runs.append(run)
      }
    }
    return runs
  }

  /// A number from an attribute value: `NSNumber`, `Double`, `CGFloat`, `Float` or `Int`.
  private static func number(_ value: Any) -> CGFloat? {
    switch value {
    case let v as CGFloat: v
    case let v as Double: CGFloat(v)
    case let v as Float: CGFloat(v)
    case let v as Int: CGFloat(v)
    case let v as NSNumber: CGFloat(v.doubleValue)
    default: nil
    }
  }
}
