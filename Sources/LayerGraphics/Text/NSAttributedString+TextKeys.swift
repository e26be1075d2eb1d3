import Foundation

extension NSAttributedString.Key {
  /// The font of the text: a `FontDescription`, or a font name `String`. Apple's raw
  /// value, `"NSFont"`.
  public static let font = NSAttributedString.Key("NSFont")
  /// The fill colour of the text, a `CGColor`. Apple's raw value, `"NSColor"`.
  public static let foregroundColor = NSAttributedString.Key("NSColor")
  /// Core Text's foreground colour key (`kCTForegroundColorAttributeName`), a `CGColor`.
  public static let coreTextForegroundColor = NSAttributedString.Key("CTForegroundColor")
}

/// Core Text's name for the foreground colour attribute, a `CGColor`.
public let kCTForegroundColorAttributeName = "CTForegroundColor"
/// Core Text's name for the font attribute.
public let kCTFontAttributeName = "NSFont"
