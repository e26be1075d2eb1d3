import CHarfBuzz
import Foundation
import LayerGraphics

/// Text shaping with HarfBuzz, for `FreeTypeFace`s: OpenType kerning and mark positioning
/// (GPOS), ligatures and contextual forms (GSUB), and the script-specific shapers
/// (Arabic joining, Indic reordering, Thai, Hangul, emoji sequences).
///
/// HarfBuzz reads the same font file FreeType opened, through its own OpenType loader, at
/// a scale of one unit per font unit, so advances and offsets come back in font units,
/// exactly as `hb-shape` prints them. A segment is split further by Unicode script
/// (common and inherited characters join their neighbours) and each piece is shaped with
/// its script and the segment's direction, and no language, so the result never depends on
/// the process's locale (language-specific forms, `locl`, are not applied). Thread-safe:
/// fonts are immutable once made, and each call has its own buffer.
public final class HarfBuzzShaper: TextShapingEngine, @unchecked Sendable {
  /// Characters of context handed to HarfBuzz on each side of a segment (its own limit).
  private static let contextLength = 5

  /// Creates a shaper.
  public init() {}

  public func shape(
    _ scalars: [Unicode.Scalar], range: Range<Int>, face: any FontFace, direction: TextDirection,
    features: ShapingFeatures
  ) -> [ShapedGlyphRecord]? {
    guard let face = face as? FreeTypeFace, let font = face.harfBuzzFont,
      range.lowerBound >= 0, range.upperBound <= scalars.count, !range.isEmpty
    else { return nil }
    let window =
      Swift.max(
        0, range.lowerBound - Self.contextLength)..<Swift.min(
        scalars.count, range.upperBound + Self.contextLength)
    let codepoints = scalars[window].map { UInt32($0.value) }
    let offset = window.lowerBound
    var out: [ShapedGlyphRecord] = []
    out.reserveCapacity(range.count)
    let hbFeatures = Self.features(features)
    for (piece, script) in Self.scriptRuns(scalars, range) {
      let shaped = codepoints.withUnsafeBufferPointer { text in
        shapePiece(
          text, offset: offset, piece: piece, script: script, direction: direction, font: font,
          features: hbFeatures)
      }
      out.append(contentsOf: shaped)
    }
    return out
  }

  /// Shapes `piece` (indices into the whole text) of `text` (the window starting at
  /// `offset`), returning logical-order records.
  private func shapePiece(
    _ text: UnsafeBufferPointer<UInt32>, offset: Int, piece: Range<Int>, script: hb_script_t,
    direction: TextDirection, font: HarfBuzzFont, features: [hb_feature_t]
  ) -> [ShapedGlyphRecord] {
    guard let buffer = hb_buffer_create() else { return [] }
    defer { hb_buffer_destroy(buffer) }
    hb_buffer_add_codepoints(
      buffer, text.baseAddress, Int32(text.count), UInt32(piece.lowerBound - offset),
      Int32(piece.count))
    hb_buffer_set_direction(buffer, direction == .rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, script)
    features.withUnsafeBufferPointer { f in
      hb_shape(font.font, buffer, f.baseAddress, UInt32(f.count))
    }
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return [] }
    var records: [ShapedGlyphRecord] = []
    records.reserveCapacity(Int(count))
    for i in 0..<Int(count) {
      let info = infos[i]
      let position = positions[i]
      let glyph = info.codepoint <= UInt32(CGGlyph.max) ? CGGlyph(info.codepoint) : 0
      records.append(
        ShapedGlyphRecord(
          glyph: glyph, cluster: Int(info.cluster) + offset,
          advance: CGFloat(position.x_advance),
          offset: CGPoint(x: CGFloat(position.x_offset), y: CGFloat(position.y_offset))))
    }
    if direction == .rightToLeft { records.reverse() }
    return records
  }

  /// `liga` and `clig` off when ligatures are not wanted; HarfBuzz's defaults otherwise.
  private static func features(_ features: ShapingFeatures) -> [hb_feature_t] {
    guard !features.ligatures else { return [] }
    return ["liga", "clig"].map { tag in
      hb_feature_t(
        tag: Self.tag(tag), value: 0, start: 0, end: UInt32.max)
    }
  }

  /// The OpenType tag of a four-letter string.
  private static func tag(_ name: String) -> hb_tag_t {
    name.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) }
  }

  /// `range` of `scalars` split where the script changes; common and inherited characters
  /// (spaces, digits, punctuation, marks) take the script before them, or, at the start,
  /// the first real script after them.
  static func scriptRuns(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> [(
    Range<Int>, hb_script_t
  )] {
    let funcs = hb_unicode_funcs_get_default()
    var runs: [(Range<Int>, hb_script_t)] = []
    var start = range.lowerBound
    var current = HB_SCRIPT_COMMON
    for i in range {
      let script = hb_unicode_script(funcs, scalars[i].value)
      if script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
      {
        continue
      }
      if current == HB_SCRIPT_COMMON {
        current = script
      } else if script != current {
        runs.append((start..<i, current))
        start = i
        current = script
      }
    }
    runs.append((start..<range.upperBound, current))
    return runs
  }
}

/// A HarfBuzz font over a font file's bytes, scaled to font units.
final class HarfBuzzFont: @unchecked Sendable {
  // Sendable: an `hb_font_t` is immutable after it is made here, and HarfBuzz allows
  // shaping with one font from several threads at once.
  let font: OpaquePointer

  /// A font for face `index` of the file at `path`, or `nil` when HarfBuzz cannot read it.
  convenience init?(path: String, index: Int) {
    guard let blob = hb_blob_create_from_file(path) else { return nil }
    self.init(blob: blob, index: index)
  }

  /// A font over `bytes`, which must outlive it.
  convenience init?(bytes: UnsafeRawBufferPointer, index: Int) {
    guard let base = bytes.baseAddress,
      let blob = hb_blob_create(
        base.assumingMemoryBound(to: CChar.self), UInt32(bytes.count), HB_MEMORY_MODE_READONLY,
        nil, nil)
    else { return nil }
    self.init(blob: blob, index: index)
  }

  private init?(blob: OpaquePointer, index: Int) {
    defer { hb_blob_destroy(blob) }
    guard hb_blob_get_length(blob) > 0, let face = hb_face_create(blob, UInt32(index)) else {
      return nil
    }
    defer { hb_face_destroy(face) }
    guard hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else { return nil }
    let upem = Int32(clamping: hb_face_get_upem(face))
    hb_font_set_scale(font, upem, upem)
    hb_font_make_immutable(font)
    self.font = font
  }

  deinit {
    hb_font_destroy(font)
  }
}
