import CFontconfig
import Foundation
import LayerKit

/// Fallback faces chosen by fontconfig: for characters no registered face has, the
/// system font that covers them best, by fontconfig's own preference order (so Arabic
/// gets Noto Naskh Arabic or DejaVu Sans, Devanagari Noto Sans Devanagari, emoji Noto
/// Color Emoji).
///
/// Asks `FcFontSort` for fonts near "sans-serif" (or "emoji" with `color` true) whose
/// character set holds the cluster, keeps the first outline (or colour) font FreeType can
/// open, and caches every face it opened by file and index. Calls are serialised.
public final class FontconfigFallback: FontFallbackSource, @unchecked Sendable {
  private let lock = NSLock()
  private let config: OpaquePointer?
  private var opened: [String: FreeTypeFace] = [:]
  /// Files fontconfig named that FreeType could not open, each with why.
  public private(set) var failures: [String: FontError] = [:]

  /// Loads the system's font configuration.
  public init() {
    config = FcInitLoadConfigAndFonts()
  }

  deinit {
    if let config { FcConfigDestroy(config) }
  }

  public func face(covering scalars: [Unicode.Scalar], prefersColor: Bool) -> (any FontFace)? {
    guard let config, !scalars.isEmpty else { return nil }
    lock.lock()
    defer { lock.unlock() }
    guard let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    guard let charset = FcCharSetCreate() else { return nil }
    defer { FcCharSetDestroy(charset) }
    for scalar in scalars { FcCharSetAddChar(charset, scalar.value) }
    FcPatternAddCharSet(pattern, FC_CHARSET, charset)
    FcPatternAddString(pattern, FC_FAMILY, prefersColor ? "emoji" : "sans-serif")
    if prefersColor { FcPatternAddBool(pattern, FC_COLOR, 1) }
    FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultMatch
    guard let set = FcFontSort(config, pattern, 1, nil, &result) else { return nil }
    defer { FcFontSetDestroy(set) }
    for i in 0..<Int(set.pointee.nfont) {
      guard let font = set.pointee.fonts[i] else { continue }
      var fontCharset: OpaquePointer?
      guard FcPatternGetCharSet(font, FC_CHARSET, 0, &fontCharset) == FcResultMatch,
        let fontCharset, scalars.allSatisfy({ FcCharSetHasChar(fontCharset, $0.value) != 0 })
      else { continue }
      var scalable: FcBool = 0
      var color: FcBool = 0
      _ = FcPatternGetBool(font, FC_SCALABLE, 0, &scalable)
      _ = FcPatternGetBool(font, FC_COLOR, 0, &color)
      guard scalable != 0 || color != 0 else { continue }
      var file: UnsafeMutablePointer<FcChar8>?
      guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else {
        continue
      }
      var index: Int32 = 0
      _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
      let path = String(cString: file)
      if let face = open(path: path, index: Int(index)) { return face }
    }
    return nil
  }

  /// The face at `path`/`index`, opened once; `nil` (and a recorded failure) when
  /// FreeType cannot read it.
  private func open(path: String, index: Int) -> FreeTypeFace? {
    let key = "\(path)#\(index)"
    if let face = opened[key] { return face }
    if failures[key] != nil { return nil }
    do {
      let face = try FreeTypeFace(path: path, faceIndex: index)
      opened[key] = face
      return face
    } catch {
      failures[key] = error
      CADiagnostics.report(key: "font", "fallback font \(path) (face \(index)) skipped: \(error)")
      return nil
    }
  }
}
