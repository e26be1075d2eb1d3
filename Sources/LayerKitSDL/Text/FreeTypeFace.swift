internal import CFreeType
import Foundation
import LayerGraphics

/// A font face read by FreeType: TrueType (`.ttf`), OpenType/CFF (`.otf`) and collections
/// of either (`.ttc`, one face per index).
///
/// Outlines come unhinted and unscaled, in font units, straight from the font's own
/// curves (quadratic for TrueType, cubic for CFF), so text drawn from them scales and
/// rotates without loss. Kerning is read from the font's `kern` table when it has one.
///
/// Each face owns its FreeType library instance and serialises every call behind a lock,
/// so one face may be used from several threads. Register faces with a `FontRegistry` (or
/// use `FreeTypeFonts.installDefault()`) to use them for text.
public final class FreeTypeFace: FontFace, @unchecked Sendable {
  public let familyName: String
  public let styleName: String
  public let postScriptName: String
  public let isBold: Bool
  public let metrics: FontMetrics
  /// Where the face was loaded from; `nil` for a face loaded from memory.
  public let path: String?
  /// The face's index within its file (0 unless the file is a collection).
  public let faceIndex: Int
  /// How many glyphs the face has.
  public let glyphCount: Int
  /// Whether the face carries a `kern` table FreeType can read.
  public let hasKerning: Bool

  private let lock = NSLock()
  private let library: FT_Library
  private let face: FT_Face
  /// The font bytes for a face loaded from memory; FreeType reads them until the face is
  /// closed.
  private let memory: UnsafeMutableRawBufferPointer?

  /// Opens face `faceIndex` of the font file at `path`.
  /// - Throws: `FontError.fileNotFound`, `.invalidFontData` (FreeType cannot read it),
  ///   `.faceIndexOutOfRange` or `.noUnicodeCharacterMap`.
  public convenience init(path: String, faceIndex: Int = 0) throws(FontError) {
    guard FileManager.default.fileExists(atPath: path) else {
      throw .fileNotFound(path: path)
    }
    try self.init(source: .file(path), faceIndex: faceIndex)
  }

  /// Opens face `faceIndex` of a font held in memory (the bytes are copied).
  /// - Throws: `FontError.invalidFontData`, `.faceIndexOutOfRange` or
  ///   `.noUnicodeCharacterMap`.
  public convenience init(data: Data, faceIndex: Int = 0) throws(FontError) {
    try self.init(source: .memory(data), faceIndex: faceIndex)
  }

  /// Every face of the font file at `path`: one for a plain font, all of a collection.
  public static func faces(inFileAt path: String) throws(FontError) -> [FreeTypeFace] {
    let first = try FreeTypeFace(path: path, faceIndex: 0)
    var faces = [first]
    let count = try faceCount(path: path)
    for index in 1..<Swift.max(count, 1) {
      faces.append(try FreeTypeFace(path: path, faceIndex: index))
    }
    return faces
  }

  /// How many faces the font file at `path` holds (1 unless it is a collection).
  public static func faceCount(path: String) throws(FontError) -> Int {
    guard FileManager.default.fileExists(atPath: path) else {
      throw .fileNotFound(path: path)
    }
    var library: FT_Library?
    let initError = FT_Init_FreeType(&library)
    guard initError == 0, let library else { throw .libraryUnavailable(code: initError) }
    defer { FT_Done_FreeType(library) }
    var probe: FT_Face?
    let error = FT_New_Face(library, path, -1, &probe)
    guard error == 0, let probe else { throw .invalidFontData(path: path, code: error) }
    defer { FT_Done_Face(probe) }
    return Int(probe.pointee.num_faces)
  }

  private enum Source {
    case file(String)
    case memory(Data)
  }

  private init(source: Source, faceIndex: Int) throws(FontError) {
    var library: FT_Library?
    let initError = FT_Init_FreeType(&library)
    guard initError == 0, let library else { throw .libraryUnavailable(code: initError) }

    var opened: FT_Face?
    var error: FT_Error
    var memory: UnsafeMutableRawBufferPointer?
    let path: String?
    let index = FT_Long(faceIndex)
    switch source {
    case .file(let file):
      path = file
      error = faceIndex < 0 ? FT_Err_Invalid_Argument_Code : FT_New_Face(library, file, index, &opened)
    case .memory(let data):
      path = nil
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(data.count, 1), alignment: 8)
      data.copyBytes(to: buffer)
      memory = buffer
      let bytes = buffer.baseAddress!.assumingMemoryBound(to: FT_Byte.self)
      error =
        faceIndex < 0
        ? FT_Err_Invalid_Argument_Code : FT_New_Memory_Face(library, bytes, FT_Long(data.count), index, &opened)
    }
    guard error == 0, let face = opened else {
      memory?.deallocate()
      FT_Done_FreeType(library)
      if error == FT_Err_Invalid_Argument_Code || error == FT_Err_Invalid_Face_Handle_Code {
        throw .faceIndexOutOfRange(index: faceIndex, faceCount: Self.countFaces(source))
      }
      throw .invalidFontData(path: path, code: error)
    }
    guard FT_Select_Charmap(face, FT_ENCODING_UNICODE) == 0 else {
      FT_Done_Face(face)
      memory?.deallocate()
      FT_Done_FreeType(library)
      throw .noUnicodeCharacterMap(path: path)
    }

    let record = face.pointee
    self.library = library
    self.face = face
    self.memory = memory
    self.path = path
    self.faceIndex = faceIndex
    self.familyName = record.family_name.map { String(cString: $0) } ?? ""
    self.styleName = record.style_name.map { String(cString: $0) } ?? "Regular"
    self.postScriptName = FT_Get_Postscript_Name(face).map { String(cString: $0) } ?? ""
    self.isBold = record.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0
    self.glyphCount = Int(record.num_glyphs)
    self.hasKerning = record.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
    let ascent = CGFloat(record.ascender)
    let descent = -CGFloat(record.descender)
    self.metrics = FontMetrics(
      unitsPerEm: CGFloat(record.units_per_EM), ascent: ascent, descent: descent,
      lineGap: CGFloat(record.height) - ascent - descent)
  }

  deinit {
    FT_Done_Face(face)
    FT_Done_FreeType(library)
    memory?.deallocate()
  }

  /// The number of faces in `source`, for error messages; 0 when unreadable.
  private static func countFaces(_ source: Source) -> Int {
    switch source {
    case .file(let path): return (try? faceCount(path: path)) ?? 0
    case .memory(let data):
      var library: FT_Library?
      guard FT_Init_FreeType(&library) == 0, let library else { return 0 }
      defer { FT_Done_FreeType(library) }
      return data.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress?.assumingMemoryBound(to: FT_Byte.self) else { return 0 }
        var probe: FT_Face?
        guard FT_New_Memory_Face(library, base, FT_Long(raw.count), -1, &probe) == 0,
          let probe
        else { return 0 }
        defer { FT_Done_Face(probe) }
        return Int(probe.pointee.num_faces)
      }
    }
  }

  // MARK: - FontFace

  public func glyph(for scalar: Unicode.Scalar) -> CGGlyph? {
    let index = locked { FT_Get_Char_Index(face, FT_ULong(scalar.value)) }
    guard index != 0, index <= FT_UInt(CGGlyph.max) else { return nil }
    return CGGlyph(index)
  }

  public func advance(of glyph: CGGlyph) -> CGFloat {
    locked {
      guard loadUnscaled(glyph) else { return 0 }
      return CGFloat(face.pointee.glyph.pointee.metrics.horiAdvance)
    }
  }

  public func kerning(between left: CGGlyph, and right: CGGlyph) -> CGFloat {
    guard hasKerning else { return 0 }
    return locked {
      var vector = FT_Vector()
      let mode = FT_UInt(FT_KERNING_UNSCALED.rawValue)
      guard FT_Get_Kerning(face, FT_UInt(left), FT_UInt(right), mode, &vector) == 0 else {
        return 0
      }
      return CGFloat(vector.x)
    }
  }

  public func outline(of glyph: CGGlyph) -> CGPath? {
    locked {
      guard loadUnscaled(glyph) else { return nil }
      let slot = face.pointee.glyph!
      guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
      return FreeTypeOutline.path(of: &slot.pointee.outline)
    }
  }

  /// Loads `glyph` into the face's slot in font units, unhinted; `false` when FreeType
  /// cannot.
  private func loadUnscaled(_ glyph: CGGlyph) -> Bool {
    guard Int(glyph) < glyphCount else { return false }
    let flags = FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
    return FT_Load_Glyph(face, FT_UInt(glyph), flags) == 0
  }

  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}

/// FreeType's "invalid argument" error, returned for a face index past the end.
private let FT_Err_Invalid_Argument_Code: FT_Error = 0x06
/// FreeType's "invalid face handle" error.
private let FT_Err_Invalid_Face_Handle_Code: FT_Error = 0x23
