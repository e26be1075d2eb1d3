import Foundation

/// What text asks for: a font by name, at a size, possibly bold.
///
/// The name is matched by `FontRegistry` against PostScript names, full names, family
/// names and aliases (`"Helvetica"`, `"HiraginoSans-W3"`); unknown names fall back to the
/// registry's default family, so a description never fails to produce text.
public struct FontDescription: Equatable, Hashable, Sendable {
  /// The requested font name (PostScript name, family name or alias).
  public var name: String
  /// The font size in points (one em); non-finite or negative sizes are treated as 0.
  public var size: CGFloat
  /// Whether a bold face of the family is preferred.
  public var isBold: Bool

  /// Creates a description.
  ///
  /// - Parameters:
  ///   - name: A PostScript name, family name or alias. Defaults to `"Helvetica"`, which
  ///     is what `CATextLayer` uses when no font is set.
  ///   - size: The size in points. Defaults to 36, `CATextLayer`'s default.
  ///   - isBold: Whether to prefer a bold face; when `nil`, inferred from the name
  ///     (`"…-Bold"`, `"…Heavy"`, `"…Black"`, Hiragino weights `W6`–`W9`).
  public init(name: String = "Helvetica", size: CGFloat = 36, isBold: Bool? = nil) {
    self.name = name
    self.size = (size.isFinite && size > 0) ? size : 0
    self.isBold = isBold ?? FontDescription.nameImpliesBold(name)
  }

  /// Whether a font name names a bold style.
  static func nameImpliesBold(_ name: String) -> Bool {
    let lower = name.lowercased()
    for word in ["bold", "heavy", "black", "-w6", "-w7", "-w8", "-w9", "semibold"]
    where lower.contains(word) {
      return true
    }
    return false
  }
}
