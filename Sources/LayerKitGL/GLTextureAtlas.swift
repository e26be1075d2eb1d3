import CEGL
import LayerKit

/// Pages that small content textures share, so that the layers showing them sample one
/// texture and are drawn in one batch (``GLQuadDrawer``).
///
/// A page is an RGBA8 texture of ``pageSize`` texels a side, filled by shelves: a texture
/// goes on the first shelf tall enough (and at most twice its height) with room left,
/// else on a new shelf below the last, else on a new page. A slot is not reused once its
/// texture goes; a page whose textures are all gone is deleted, so its bytes come back
/// whole. Slots are not padded: the shader clamps each texture's samples to its own
/// texels, as it clamps a texture of its own to its edges.
final class GLTextureAtlas {
  /// The side of a page, in texels (a page holds 4 MiB).
  static let pageSize = 1024
  /// The longest side a texture may have to be put on a page.
  static let largestSide = 128
  /// The bytes one page holds.
  static let pageBytes = pageSize * pageSize * 4

  private struct Page {
    var shelves: [(y: Int, height: Int, used: Int)] = []
    /// The first row below the last shelf.
    var bottom = 0
    /// Textures on the page now.
    var live = 0
  }

  private let gl: GLFunctions
  /// Pages by texture name.
  private var pages: [GLuint: Page] = [:]

  /// The pages there are now.
  var pageCount: Int { pages.count }

  init(_ gl: GLFunctions) { self.gl = gl }

  /// Whether a texture of `width × height` texels goes on a page.
  static func takes(width: Int, height: Int) -> Bool {
    width > 0 && height > 0 && width <= largestSide && height <= largestSide
  }

  /// A slot of `width × height` texels on a page with room, or nil when none has it and
  /// `newPage()` (asked before a page is made: whether its bytes fit the budget) says no.
  func place(width: Int, height: Int, newPage: () -> Bool) -> (page: GLuint, texels: PixelRect)? {
    for (name, var page) in pages.sorted(by: { $0.key < $1.key }) {
      if let r = Self.place(width, height, on: &page) {
        pages[name] = page
        return (name, r)
      }
    }
    guard newPage() else { return nil }
    var name: GLuint = 0
    gl.glGenTextures(1, &name)
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), name)
    gl.glTexImage2D(
      GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(Self.pageSize), GLsizei(Self.pageSize), 0,
      GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
    GLRenderBackend.setSampling(gl)
    var page = Page()
    guard let r = Self.place(width, height, on: &page) else { return nil }
    pages[name] = page
    return (name, r)
  }

  /// Uploads `pixels` (premultiplied RGBA, rows packed) into the slot `texels` of `page`.
  ///
  /// No batched draw reads a slot before its first upload, so the upload needs no flush.
  func upload(_ pixels: UnsafeRawPointer?, into page: GLuint, at texels: PixelRect) {
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), page)
    gl.glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
    gl.glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
    gl.glTexSubImage2D(
      GLenum(GL_TEXTURE_2D), 0, GLint(texels.x0), GLint(texels.y0), GLsizei(texels.width),
      GLsizei(texels.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels)
  }

  /// Gives back a slot of `page`; the page is deleted with its last slot.
  ///
  /// - Returns: the bytes freed (a page's, or 0).
  func release(_ page: GLuint) -> Int {
    guard var p = pages[page] else { return 0 }
    p.live -= 1
    guard p.live <= 0 else {
      pages[page] = p
      return 0
    }
    pages[page] = nil
    var name = page
    gl.glDeleteTextures(1, &name)
    return Self.pageBytes
  }

  /// Deletes every page (in the pages' own context).
  func deleteAll() {
    for var name in pages.keys { gl.glDeleteTextures(1, &name) }
    pages = [:]
  }

  private static func place(_ w: Int, _ h: Int, on page: inout Page) -> PixelRect? {
    for k in page.shelves.indices {
      let s = page.shelves[k]
      if s.height >= h, s.height <= 2 * h, pageSize - s.used >= w {
        page.shelves[k].used += w
        page.live += 1
        return PixelRect(x0: s.used, y0: s.y, x1: s.used + w, y1: s.y + h)
      }
    }
    guard pageSize - page.bottom >= h else { return nil }
    page.shelves.append((page.bottom, h, w))
    page.live += 1
    defer { page.bottom += h }
    return PixelRect(x0: 0, y0: page.bottom, x1: w, y1: page.bottom + h)
  }
}
