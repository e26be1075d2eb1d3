import Foundation

extension NSAttributedString.Key {
  /// The font of the text: a `FontDescription`, or a font name `String`. Apple's raw
  /// value, `"NSFont"`.
  public static let font = NSAttributedString.Key("NSFont")
  /// The fill colour of the text, a `CGColor`. Apple's raw value, `"NSColor"`.
  public static let foregroundColor = NSAttributedString.Key("NSColor")
  /// Extra space after each character, in points (a number). Apple's raw value,
  /// `"NSKern"`.
  public static let kern = NSAttributedString.Key("NSKern")
  /// Ligatures: 0 none but the required ones, 1 the default ones, 2 all (a number). Apple's
  /// raw value, `"NSLigature"`.
  public static let ligature = NSAttributedString.Key("NSLigature")
  /// Core Text's foreground colour key (`kCTForegroundColorAttributeName`), a `CGColor`.
  public static let coreTextForegroundColor = NSAttributedString.Key("CTForegroundColor")
}

/// Core Text's name for the foreground colour attribute, a `CGColor`.
public let kCTForegroundColorAttributeName = "CTForegroundColor"
/// Core Text's name for the font attribute.
public let kCTFontAttributeName = "NSFont"
/// Core Text's name for the kerning attribute, a number of points.
public let kCTKernAttributeName = "NSKern"
/// Core Text's name for the ligature attribute, a number (0, 1 or 2).
public let kCTLigatureAttributeName = "NSLigature"
