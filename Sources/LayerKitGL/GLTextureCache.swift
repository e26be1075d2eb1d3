import CEGL
import Foundation
import LayerGraphics
import LayerKit

/// The layers' content textures, kept between frames by render node and bounded by a
/// byte budget with least-recently-used eviction.
///
/// A node's texture is looked at again only when its change stamp is newer than when the
/// texture was last checked; then its ``GLLayerContent/Source`` is compared, and the
/// texture is re-rasterized and uploaded only when that differs. So a layer that moves,
/// turns or fades keeps its texture and uploads nothing.
///
/// A texture no longer than ``GLTextureAtlas/largestSide`` a side goes on a shared atlas
/// page (``GLTextureAtlas``), so that layers showing small textures are drawn in one
/// batch; a larger one, or one no page has room for, is a texture of its own.
///
/// Textures of their own count `width × height × 4` bytes, atlas pages their whole
/// ``GLTextureAtlas/pageBytes``. When a new texture or page would pass ``budget``, the
/// textures not used in the current frame are dropped, oldest first (a page goes with its
/// last texture); one that still does not fit is not made (the layer is then drawn by the
/// CPU compositor).
final class GLTextureCache {
  struct Entry {
    /// The texture sampled: the entry's own, or the atlas page it is on.
    var texture: GLuint
    /// Its texels on the atlas page `texture`; nil for a texture of its own.
    var texels: PixelRect? = nil
    var width: Int
    var height: Int
    var source: GLLayerContent.Source
    /// The layer rectangle (points) the texture's unit square fills.
    var rect: CGRect
    /// Texels per point along x and y, for rasterized shapes and text.
    var scale: (x: CGFloat, y: CGFloat)?
    /// The node's change stamp when the entry was last checked.
    var stamp: UInt64
    /// The frame that last used it.
    var lastUse: Int
    /// The image shown, kept alive so its identity stays its own.
    var image: CGImage?
    /// Levels 1… of the image's mip chain uploaded so far (trilinear minification), by
    /// level.
    var levels: [Int: (texture: GLuint, width: Int, height: Int)] = [:]
    /// The hashes of the texels uploaded, tile by tile: a new bitmap of the same texels
    /// uploads only the tiles whose hashes differ.
    var tiles: GLTileHashes
    /// The bytes it holds of its own (an atlas page's are counted with the page).
    var bytes: Int {
      levels.values.reduce(texels == nil ? width * height * 4 : 0) {
        $0 + $1.width * $1.height * 4
      }
    }
  }

  private let gl: GLFunctions
  /// Called before the cache deletes a texture or gives back an atlas slot: the backend
  /// issues the draws it has batched first (``GLQuadDrawer/flush()``), which may sample
  /// it.
  var willUseGL: () -> Void = {}
  /// The context the textures live in: they are deleted only there.
  private let context: any GLDrawingContext

  /// The most bytes the kept textures may hold together (default 256 MiB).
  let budget: Int
  private(set) var entries: [RenderNode.Key: Entry] = [:]
  /// The pages small textures share.
  private let atlas: GLTextureAtlas
  /// Atlas pages there are now.
  var atlasPages: Int { atlas.pageCount }
  /// The bytes the kept textures hold now.
  private(set) var bytes = 0
  /// Bytes uploaded since the counter was last reset (`takeUploadedBytes()`).
  private(set) var uploadedBytes = 0
  /// Textures dropped to stay inside the budget, so far.
  private(set) var evictions = 0
  private var frame = 0
  /// The newest change stamp of the last frame's tree.
  private var lastNewestStamp: UInt64 = 0

  init(_ context: any GLDrawingContext, budget: Int) {
    self.context = context
    gl = context.gl
    self.budget = budget
    atlas = GLTextureAtlas(context.gl)
  }

  deinit {
    // Only in the textures' own context (see `GLLayerProgram`'s deinit).
    guard context.makeCurrent() else { return }
    for e in entries.values {
      for t in (e.texels == nil ? [e.texture] : []) + e.levels.values.map(\.texture) {
        var t = t
        gl.glDeleteTextures(1, &t)
      }
    }
    atlas.deleteAll()
  }

  /// Starts frame `number` (entries used from now on count as used in it) of a tree
  /// whose newest change stamp is `newestStamp`.
  ///
  /// Stamps grow for as long as one renderer's builder makes the trees; a newest stamp
  /// lower than the last frame's means another builder made this tree (a backend handed
  /// to a new renderer), whose stamps say nothing about the kept textures: from then on
  /// each is checked by its source once.
  func beginFrame(_ number: Int, newestStamp: UInt64) {
    frame = number
    if newestStamp < lastNewestStamp {
      for key in entries.keys { entries[key]?.stamp = .max }
    }
    lastNewestStamp = newestStamp
  }

  /// Hands over the bytes uploaded since the last call.
  func takeUploadedBytes() -> Int {
    defer { uploadedBytes = 0 }
    return uploadedBytes
  }

  /// The texture of node `n` (`key`) showing `content`, uploaded when missing or stale;
  /// nil when it cannot be made (empty, larger than `limit` texels a side or the budget).
  /// With `bySource`, a kept texture is checked by its source every time, not only when
  /// the node changed (a rasterized layer's bitmap changes with its sublayers).
  func texture(
    for key: RenderNode.Key, _ n: UnsafePointer<RenderNode>, content: GLLayerContent, limit: Int,
    bySource: Bool = false
  ) -> Entry? {
    let kept = entries[key]
    if var e = kept,
      ((!bySource && n.pointee.changeStamp == e.stamp) || e.source == content.source)
        && Self.keeps(e.scale, for: content.rasterScale)
    {
      e.stamp = n.pointee.changeStamp
      e.lastUse = frame
      entries[key] = e
      return e
    }
    guard
      let image = content.rasterized(
        n, rect: content.textureRect, scale: content.rasterScale ?? (1, 1), limit: limit),
      image.width <= limit, image.height <= limit
    else {
      remove(key)
      return nil
    }
    let tiles = GLTileHashes(image)
    if var e = kept, Self.fits(image, content, over: e) {
      // The same texels: only the tiles that changed are uploaded, in place.
      uploadChangedTiles(of: image, from: tiles, into: e)
      e.source = content.source
      e.stamp = n.pointee.changeStamp
      e.lastUse = frame
      e.image = content.image
      e.tiles = tiles
      entries[key] = e
      return e
    }
    remove(key)
    var e = Entry(
      texture: 0, width: image.width, height: image.height, source: content.source,
      rect: content.textureRect, scale: content.rasterScale, stamp: n.pointee.changeStamp,
      lastUse: frame, image: content.image, tiles: tiles)
    if GLTextureAtlas.takes(width: image.width, height: image.height),
      let (page, texels) = atlas.place(
        width: image.width, height: image.height,
        newPage: {
          guard makeRoom(for: GLTextureAtlas.pageBytes) else { return false }
          bytes += GLTextureAtlas.pageBytes
          return true
        })
    {
      image.pixels.withUnsafeBytes { atlas.upload($0.baseAddress, into: page, at: texels) }
      uploadedBytes += image.width * image.height * 4
      e.texture = page
      e.texels = texels
    } else {
      guard makeRoom(for: image.width * image.height * 4) else { return nil }
      e.texture = image.pixels.withUnsafeBytes {
        upload($0.baseAddress, width: image.width, height: image.height)
      }
    }
    entries[key] = e
    return e
  }

  /// Whether `image`, drawn for `content`, covers the same texels as the kept entry `e`:
  /// the same size, and for a rasterized shape, text or gradient the same layer
  /// rectangle at the same scale; an entry with mip levels is made again (its levels
  /// are the old image's).
  static func fits(_ image: CGImage, _ content: GLLayerContent, over e: Entry) -> Bool {
    guard image.width == e.width, image.height == e.height, e.levels.isEmpty else {
      return false
    }
    switch content.source {
    case .image: return true
    case .gradient, .shape, .text:
      return e.rect == content.textureRect && e.scale?.x == content.rasterScale?.x
        && e.scale?.y == content.rasterScale?.y
    }
  }

  /// Uploads into `e`'s texels the tiles of `image` whose hashes differ from `e`'s, a run
  /// of neighbouring tiles of a row at a time; counts the bytes.
  private func uploadChangedTiles(of image: CGImage, from tiles: GLTileHashes, into e: Entry) {
    let runs = tiles.changedRuns(since: e.tiles)
    guard !runs.isEmpty else { return }
    // A batched part may sample the old texels.
    willUseGL()
    let origin = e.texels.map { ($0.x0, $0.y0) } ?? (0, 0)
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), e.texture)
    gl.glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
    gl.glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(image.width))
    image.pixels.withUnsafeBytes { raw in
      for r in runs {
        // GL copies the rectangle before the call returns; the pointer is not kept.
        gl.glTexSubImage2D(
          GLenum(GL_TEXTURE_2D), 0, GLint(origin.0 + r.x0), GLint(origin.1 + r.y0),
          GLsizei(r.width), GLsizei(r.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
          raw.baseAddress! + (r.y0 * image.width + r.x0) * 4)
        uploadedBytes += r.width * r.height * 4
      }
    }
    gl.glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
  }

  /// Level `k` (≥ 1) of the mip chain of the image entry `key` shows
  /// (`MipmapCache`'s, as the CPU compositor samples it), uploaded on first use and kept
  /// with the entry; nil when the chain has no such level or the budget no room.
  func level(_ k: Int, for key: RenderNode.Key) -> GLuint? {
    guard k >= 1, let e = entries[key], let image = e.image else { return nil }
    if let l = e.levels[k] { return l.texture }
    let chain = MipmapCache.shared.chain(for: image)
    guard k - 1 < chain.reduced.count else { return nil }
    let level = chain.reduced[k - 1]
    let size = level.width * level.height * 4
    guard size > 0, makeRoom(for: size), entries[key] != nil else { return nil }
    let t = level.pixels.withUnsafeBytes {
      upload($0.baseAddress, width: level.width, height: level.height)
    }
    entries[key]?.levels[k] = (t, level.width, level.height)
    return t
  }

  /// A new texture of `width × height` premultiplied RGBA pixels from `pixels` (rows
  /// packed), counted in the kept and uploaded bytes.
  private func upload(_ pixels: UnsafeRawPointer?, width: Int, height: Int) -> GLuint {
    // A new name: no batched draw samples it yet.
    var t: GLuint = 0
    gl.glGenTextures(1, &t)
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), t)
    gl.glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
    gl.glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
    gl.glTexImage2D(
      GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
      GLenum(GL_UNSIGNED_BYTE), pixels)
    GLRenderBackend.setSampling(gl)
    uploadedBytes += width * height * 4
    bytes += width * height * 4
    return t
  }

  /// Whether a bitmap rasterized at `kept` texels per point still serves a layer that
  /// needs `needed`: it is not coarser, nor more than twice as fine, along either axis.
  /// (A layer that moves or turns keeps its bitmap; one scaled past that gets a new one.)
  static func keeps(_ kept: (x: CGFloat, y: CGFloat)?, for needed: (x: CGFloat, y: CGFloat)?)
    -> Bool
  {
    guard let kept, let needed else { return kept == nil && needed == nil }
    return kept.x >= needed.x * 0.999 && kept.x <= needed.x * 2 && kept.y >= needed.y * 0.999
      && kept.y <= needed.y * 2
  }

  /// Drops textures not used in this frame, oldest first, until `size` more bytes fit.
  private func makeRoom(for size: Int) -> Bool {
    guard bytes + size > budget else { return true }
    let idle = entries.filter { $0.value.lastUse < frame }.sorted {
      $0.value.lastUse < $1.value.lastUse
    }
    for (key, _) in idle where bytes + size > budget {
      remove(key)
      evictions += 1
    }
    return bytes + size <= budget
  }

  private func remove(_ key: RenderNode.Key) {
    guard let e = entries.removeValue(forKey: key) else { return }
    willUseGL()
    for t in (e.texels == nil ? [e.texture] : []) + e.levels.values.map(\.texture) {
      var t = t
      gl.glDeleteTextures(1, &t)
    }
    bytes -= e.bytes
    if e.texels != nil { bytes -= atlas.release(e.texture) }
  }
}
