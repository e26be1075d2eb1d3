import Foundation

/// Why a font could not be loaded.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No file exists at the path.
  case fileNotFound(path: String)
  /// The data is not a font FreeType can read (corrupt, truncated or of an unknown
  /// format). `path` is `nil` for fonts loaded from memory; `code` is FreeType's error.
  case invalidFontData(path: String?, code: Int32)
  /// The file is a collection with fewer faces than the index asked for.
  case faceIndexOutOfRange(index: Int, faceCount: Int)
  /// The face has no Unicode character map, so characters cannot be looked up.
  case noUnicodeCharacterMap(path: String?)
  /// None of the fonts `FreeTypeFonts.installDefault()` looks for could be found.
  case noDefaultFonts(searched: [String])
  /// FreeType itself could not start (out of memory); `code` is FreeType's error.
  case libraryUnavailable(code: Int32)

  public var description: String {
    switch self {
    case .fileNotFound(let path): "no font file at \(path)"
    case .invalidFontData(let path, let code):
      "not a readable font (FreeType error \(code))\(path.map { ": \($0)" } ?? "")"
    case .faceIndexOutOfRange(let index, let count):
      "face index \(index) out of range: the font has \(count) face(s)"
    case .noUnicodeCharacterMap(let path):
      "font has no Unicode character map\(path.map { ": \($0)" } ?? "")"
    case .noDefaultFonts(let searched):
      "no default fonts found; looked for \(searched.joined(separator: ", "))"
    case .libraryUnavailable(let code): "FreeType could not start (error \(code))"
    }
  }
}
