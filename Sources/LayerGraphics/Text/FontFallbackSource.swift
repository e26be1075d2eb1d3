import Foundation

/// Finds a face for a character no registered face can draw: the system's font
/// configuration, asked by coverage.
///
/// `LayerKitSDL` implements it with fontconfig. The registry asks only after its own
/// faces failed, registers the answer at the end of its fallback chain, and remembers
/// misses, so each character is looked up at most once. Implementations must be
/// thread-safe.
public protocol FontFallbackSource: AnyObject, Sendable {
  /// A face that has a glyph for every one of `scalars`, or `nil`.
  /// - Parameters:
  ///   - scalars: A grapheme cluster without its default-ignorable characters.
  ///   - prefersColor: Whether a colour (emoji) face is wanted.
  func face(covering scalars: [Unicode.Scalar], prefersColor: Bool) -> (any FontFace)?
}
