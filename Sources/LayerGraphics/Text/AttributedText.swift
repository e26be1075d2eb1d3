import Foundation

/// A stretch of text in one font and one colour.
public struct TextRun: Equatable, Hashable, Sendable {
  /// The characters of the run.
  public var text: String
  /// The font the run asks for.
  public var font: FontDescription
  /// The fill colour of the run's glyphs.
  public var color: CGColor
  /// Extra space after every character cluster, in points (`NSAttributedString.Key.kern`);
  /// negative tightens. Non-finite values count as 0. Default 0.
  public var kern: CGFloat
  /// Whether optional ligatures (`fi`, `ffl`, …) form (`NSAttributedString.Key.ligature`
  /// 1, the default) or not (0). Required ligatures such as Arabic lam-alef always form.
  public var ligatures: Bool

  /// Creates a run.
  public init(
    text: String, font: FontDescription, color: CGColor, kern: CGFloat = 0, ligatures: Bool = true
  ) {
    self.text = text
    self.font = font
    self.color = color
    self.kern = kern.isFinite ? kern : 0
    self.ligatures = ligatures
  }

  /// Whether `other` sets its text the same way, so the two may be merged.
  func hasSameStyle(as other: TextRun) -> Bool {
    font == other.font && color == other.color && kern == other.kern
      && ligatures == other.ligatures
  }
}

/// Text as the layout engine reads it: a sequence of runs, each with its font and colour.
///
/// The Swift-native twin of an `NSAttributedString`; `init(_:defaultFont:defaultColor:)`
/// converts one, reading the `.font` and `.foregroundColor` attributes.
public struct AttributedText: Equatable, Hashable, Sendable {
  /// The runs, in reading order. Empty runs are allowed and contribute nothing.
  public var runs: [TextRun]

  /// Text made of `runs`.
  public init(runs: [TextRun]) {
    self.runs = runs
  }

  /// Text in one font and colour.
  public init(_ string: String, font: FontDescription = FontDescription(), color: CGColor = .white)
  {
    self.runs = [TextRun(text: string, font: font, color: color)]
  }

  /// Converts an attributed string, using `defaultFont` and `defaultColor` where its
  /// attributes say nothing.
  ///
  /// Reads `.font` (a `FontDescription`, or a font name `String` that keeps the default
  /// size) and `.foregroundColor` or `kCTForegroundColorAttributeName` (a `CGColor`).
  /// Other attributes, and values of other types, are ignored.
  public init(
    _ attributed: NSAttributedString, defaultFont: FontDescription, defaultColor: CGColor
  ) {
    self = AttributedText.converting(
      attributed, defaultFont: defaultFont, defaultColor: defaultColor, onIgnored: { _ in })
  }

  /// The whole text, runs concatenated.
  public var string: String { runs.map(\.text).joined() }

  /// Converts an attributed string and calls `onIgnored` with a description of each
  /// attribute value of the wrong type.
  package static func converting(
    _ attributed: NSAttributedString, defaultFont: FontDescription, defaultColor: CGColor,
    onIgnored: (String) -> Void
  ) -> AttributedText {
    let styled = StyledRun.runs(of: attributed, onIgnored: onIgnored)
    return AttributedText(styled, defaultFont: defaultFont, defaultColor: defaultColor)
  }

  /// Text from styled runs, with `defaultFont` and `defaultColor` where a run has none;
  /// neighbours that end up with the same style are merged.
  public init(_ styled: [StyledRun], defaultFont: FontDescription, defaultColor: CGColor) {
    var runs: [TextRun] = []
    runs.reserveCapacity(styled.count)
    for run in styled {
      let resolved = run.resolved(defaultFont: defaultFont, defaultColor: defaultColor)
      if let last = runs.last, last.hasSameStyle(as: resolved) {
        runs[runs.count - 1].text += resolved.text
      } else {
        runs.append(resolved)
      }
    }
    self.runs = runs
  }
}
