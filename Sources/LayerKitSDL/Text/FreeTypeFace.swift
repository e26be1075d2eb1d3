internal import CFreeType
import Foundation
import LayerGraphics

/// A font face read by FreeType: TrueType (`.ttf`), OpenType/CFF (`.otf`) and collections
/// of either (`.ttc`, one face per index).
///
/// Outlines come unhinted and unscaled, in font units, straight from the font's own
/// curves (quadratic for TrueType, cubic for CFF), so text drawn from them scales and
/// rotates without loss. Kerning is read from the font's `kern` table when it has one
/// (HarfBuzz, reading the same file, does GPOS kerning when shaping). Colour glyphs come
/// as bitmaps from the largest strike of a CBDT font (`colorImage(of:)`) or as `COLR`
/// version 0 layers (`colorLayers(of:)`).
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
  /// Whether the face has colour glyphs (a `CBDT`, `sbix` or `COLR` table).
  public let hasColorGlyphs: Bool
  /// The largest bitmap strike of a face without outlines (Noto Color Emoji), whose
  /// images colour glyphs are read from.
  private let strikeIndex: Int32?
  /// The HarfBuzz font over the same bytes, made on first use; `.some(nil)` when HarfBuzz
  /// cannot read them.
  private var harfBuzzStorage: HarfBuzzFont??

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
      error =
        faceIndex < 0 ? FT_Err_Invalid_Argument_Code : FT_New_Face(library, file, index, &opened)
    case .memory(let data):
      path = nil
      let buffer = UnsafeMutableRawBufferPointer.allocate(
        byteCount: Swift.max(data.count, 1), alignment: 8)
      data.copyBytes(to: buffer)
      memory = buffer
      let bytes = buffer.baseAddress!.assumingMemoryBound(to: FT_Byte.self)
      error =
        faceIndex < 0
        ? FT_Err_Invalid_Argument_Code
        : FT_New_Memory_Face(library, bytes, FT_Long(data.count), index, &opened)
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
    self.hasColorGlyphs = record.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
    self.strikeIndex = Self.largestStrike(record)
    self.metrics = Self.metrics(of: face)
  }

  /// The face's vertical metrics in font units. FreeType leaves them 0 for faces without
  /// outlines (Noto Color Emoji), so those are read from the `head` and `hhea` tables.
  private static func metrics(of face: FT_Face) -> FontMetrics {
    let record = face.pointee
    var unitsPerEm = CGFloat(record.units_per_EM)
    var ascent = CGFloat(record.ascender)
    var descent = -CGFloat(record.descender)
    var height = CGFloat(record.height)
    if unitsPerEm == 0,
      let head = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self),
      let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(
        to: TT_HoriHeader.self)
    {
      unitsPerEm = CGFloat(head.pointee.Units_Per_EM)
      ascent = CGFloat(hhea.pointee.Ascender)
      descent = -CGFloat(hhea.pointee.Descender)
      height = ascent + descent + CGFloat(hhea.pointee.Line_Gap)
    }
    return FontMetrics(
      unitsPerEm: unitsPerEm, ascent: ascent, descent: descent, lineGap: height - ascent - descent)
  }

  /// The index of the face's largest bitmap strike, for faces with no outlines.
  private static func largestStrike(_ record: FT_FaceRec) -> Int32? {
    guard record.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0, record.num_fixed_sizes > 0,
      let sizes = record.available_sizes
    else { return nil }
    var best: Int32 = 0
    for i in 0..<record.num_fixed_sizes where sizes[Int(i)].y_ppem > sizes[Int(best)].y_ppem {
      best = i
    }
    return best
  }

  /// The HarfBuzz font over the face's bytes (made once), or `nil` when HarfBuzz cannot
  /// read them.
  var harfBuzzFont: HarfBuzzFont? {
    locked {
      if let made = harfBuzzStorage { return made }
      let made: HarfBuzzFont?
      if let path {
        made = HarfBuzzFont(path: path, index: faceIndex)
      } else if let memory {
        made = HarfBuzzFont(bytes: UnsafeRawBufferPointer(memory), index: faceIndex)
      } else {
        made = nil
      }
      harfBuzzStorage = .some(made)
      return made
    }
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

  /// The colour bitmap of `glyph` from the face's largest strike (BGRA through
  /// `FT_LOAD_COLOR`), placed in font units; `nil` for faces without colour bitmaps.
  public func colorImage(of glyph: CGGlyph) -> GlyphImage? {
    guard hasColorGlyphs, let strikeIndex, Int(glyph) < glyphCount else { return nil }
    return locked {
      guard FT_Select_Size(face, strikeIndex) == 0,
        FT_Load_Glyph(face, FT_UInt(glyph), FT_Int32(FT_LOAD_COLOR)) == 0,
        let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_BITMAP
      else { return nil }
      let bitmap = slot.pointee.bitmap
      let width = Int(bitmap.width)
      let rows = Int(bitmap.rows)
      guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), width > 0, rows > 0,
        let buffer = bitmap.buffer
      else { return nil }
      var pixels = [UInt8](repeating: 0, count: width * rows * 4)
      let pitch = Int(bitmap.pitch)
      for y in 0..<rows {
        let row = buffer + (pitch >= 0 ? y * pitch : (rows - 1 - y) * -pitch)
        for x in 0..<width {
          let o = (y * width + x) * 4
          pixels[o] = row[x * 4 + 2]
          pixels[o + 1] = row[x * 4 + 1]
          pixels[o + 2] = row[x * 4]
          pixels[o + 3] = row[x * 4 + 3]
        }
      }
      let ppem = CGFloat(face.pointee.size.pointee.metrics.y_ppem)
      guard ppem > 0, let image = CGImage(width: width, height: rows, premultipliedRGBA: pixels)
      else { return nil }
      let scale = metrics.unitsPerEm / ppem
      let left = CGFloat(slot.pointee.bitmap_left)
      let top = CGFloat(slot.pointee.bitmap_top)
      return GlyphImage(
        image: image,
        bounds: CGRect(
          x: left * scale, y: (top - CGFloat(rows)) * scale, width: CGFloat(width) * scale,
          height: CGFloat(rows) * scale))
    }
  }

  /// The `COLR` version 0 layers of `glyph`, coloured from the face's first `CPAL`
  /// palette (index 0xFFFF is the text colour); `nil` when the glyph has none.
  public func colorLayers(of glyph: CGGlyph) -> [GlyphLayer]? {
    guard hasColorGlyphs, strikeIndex == nil, Int(glyph) < glyphCount else { return nil }
    return locked {
      var palette = FT_Palette_Data()
      var colors: UnsafeMutablePointer<FT_Color>?
      let entries =
        FT_Palette_Data_Get(face, &palette) == 0 && FT_Palette_Select(face, 0, &colors) == 0
        ? Int(palette.num_palette_entries) : 0
      var iterator = FT_LayerIterator()
      var layerGlyph: FT_UInt = 0
      var colorIndex: FT_UInt = 0
      var layers: [GlyphLayer] = []
      while FT_Get_Color_Glyph_Layer(face, FT_UInt(glyph), &layerGlyph, &colorIndex, &iterator)
        != 0
      {
        guard layerGlyph <= FT_UInt(CGGlyph.max) else { continue }
        var color: CGColor?
        if Int(colorIndex) < entries, let c = colors?[Int(colorIndex)] {
          color = CGColor(
            red: CGFloat(c.red) / 255, green: CGFloat(c.green) / 255, blue: CGFloat(c.blue) / 255,
            alpha: CGFloat(c.alpha) / 255)
        }
        layers.append(GlyphLayer(glyph: CGGlyph(layerGlyph), color: color))
      }
      return layers.isEmpty ? nil : layers
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
