import Foundation

/// A registered `FontFace` with its answers cached: character → glyph, advances, kerning
/// pairs and outlines, each computed once per (face, glyph).
///
/// Shared by every layout that uses the face, from any thread; a lock guards the caches.
/// The face itself is called with the lock held, so a provider is never entered twice at
/// once through its cache.
package final class CachedFace: @unchecked Sendable {
  /// The provider behind the cache.
  package let face: any FontFace
  /// Registration order in the owning registry; also the fallback order.
  package let index: Int
  /// The face's metrics, read once.
  package let metrics: FontMetrics

  private let lock = NSLock()
  /// Glyphs by scalar value; `-1` records a miss.
  private var glyphs: [UInt32: Int32] = [:]
  private var advances: [CGGlyph: CGFloat] = [:]
  private var kerns: [UInt32: CGFloat] = [:]
  /// Outlines by glyph; an empty path records a blank glyph.
  private var outlines: [CGGlyph: CGPath] = [:]
  /// Colour images by glyph; `.some(nil)` records a glyph without one.
  private var images: [CGGlyph: GlyphImage?] = [:]
  /// Colour layers by glyph; `.some(nil)` records a glyph without them.
  private var layers: [CGGlyph: [GlyphLayer]?] = [:]
  /// Whether the face has colour glyphs, read once.
  package let hasColorGlyphs: Bool

  package init(face: any FontFace, index: Int) {
    self.face = face
    self.index = index
    self.metrics = face.metrics
    self.hasColorGlyphs = face.hasColorGlyphs
  }

  /// The glyph for `scalar`, or `nil` when the face has none.
  package func glyph(for scalar: Unicode.Scalar) -> CGGlyph? {
    lock.lock()
    defer { lock.unlock() }
    if let hit = glyphs[scalar.value] { return hit < 0 ? nil : CGGlyph(hit) }
    let found = face.glyph(for: scalar)
    glyphs[scalar.value] = found.map { Int32($0) } ?? -1
    return found
  }

  /// The advance of `glyph`, in font units (0 for a non-finite answer).
  package func advance(of glyph: CGGlyph) -> CGFloat {
    lock.lock()
    defer { lock.unlock() }
    if let hit = advances[glyph] { return hit }
    let value = face.advance(of: glyph)
    let clean = value.isFinite ? value : 0
    advances[glyph] = clean
    return clean
  }

  /// The kerning between `left` and `right`, in font units (0 for a non-finite answer).
  package func kerning(between left: CGGlyph, and right: CGGlyph) -> CGFloat {
    let key = UInt32(left) << 16 | UInt32(right)
    lock.lock()
    defer { lock.unlock() }
    if let hit = kerns[key] { return hit }
    let value = face.kerning(between: left, and: right)
    let clean = value.isFinite ? value : 0
    kerns[key] = clean
    return clean
  }

  /// The outline of `glyph` in font units, or `nil` for a blank glyph.
  package func outline(of glyph: CGGlyph) -> CGPath? {
    lock.lock()
    defer { lock.unlock() }
    if let hit = outlines[glyph] { return hit.isEmpty ? nil : hit }
    let path = face.outline(of: glyph) ?? CGPath()
    outlines[glyph] = path
    return path.isEmpty ? nil : path
  }

  /// The colour image of `glyph`, or `nil` when the face draws it (if at all) as an
  /// outline.
  package func colorImage(of glyph: CGGlyph) -> GlyphImage? {
    guard hasColorGlyphs else { return nil }
    lock.lock()
    defer { lock.unlock() }
    if let hit = images[glyph] { return hit }
    let image = face.colorImage(of: glyph)
    images[glyph] = .some(image)
    return image
  }

  /// The layers of `glyph` when it is a layered colour glyph, else `nil`.
  package func colorLayers(of glyph: CGGlyph) -> [GlyphLayer]? {
    guard hasColorGlyphs else { return nil }
    lock.lock()
    defer { lock.unlock() }
    if let hit = layers[glyph] { return hit }
    let found = face.colorLayers(of: glyph)
    layers[glyph] = .some(found)
    return found
  }
}
