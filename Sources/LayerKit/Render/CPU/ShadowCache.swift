import Foundation
@_spi(Benchmarks) import LayerGraphics

/// Blurred shadow masks kept between frames, keyed by the shadow's device-space shape
/// (up to whole-pixel translation) and blur.
///
/// A layer whose shadow comes from a path (its `shadowPath`, or its rounded bounds when
/// it has nothing else to draw) reuses the mask for as long as its size, corner radius,
/// scale and blur stay the same, wherever it moves by whole pixels. Entries unused for
/// `maximumIdleFrames` frames are dropped.
package final class ShadowCache {
  /// A blurred coverage mask: `width × height` bytes, its top-left pixel `(dx, dy)`
  /// from the whole-pixel origin of the shape it was made for.
  package final class Mask {
    package let alpha: [UInt8]
    package let width: Int
    package let height: Int
    package let dx: Int
    package let dy: Int
    var lastUse: Int
    /// The mask multiplied by a few shadow colours (packed premultiplied), made on first
    /// use.
    private var tinted: [UInt32: Tinted] = [:]

    /// The mask's pixels in `color` (packed premultiplied): `color · alpha / 255` per
    /// channel, exactly what a coverage blit of `color` through the mask blends, and
    /// each pixel's `255 − alpha` in both 16-bit halves (the factor source over
    /// multiplies the destination by).
    package func pixels(tinted color: UInt32) -> Tinted {
      if let p = tinted[color] { return p }
      let table = ShadowKernels.tintTable(color)
      let pixels = alpha.map { table[Int($0)] }
      let factors = pixels.map { p in
        let inverse = 255 &- (p >> 24)
        return inverse | inverse << 16
      }
      let p = Tinted(pixels: pixels, factors: factors)
      if tinted.count >= 4 { tinted.removeAll() }
      tinted[color] = p
      return p
    }

    /// Per row, the columns `lo..<hi` outside which the mask is zero (`lo == hi` for
    /// an empty row): blits skip the blur's zero tails.
    package let spans: [(lo: Int, hi: Int)]

    init(alpha: [UInt8], width: Int, height: Int, dx: Int, dy: Int, frame: Int) {
      self.alpha = alpha
      self.width = width
      self.height = height
      self.dx = dx
      self.dy = dy
      lastUse = frame
      spans = (0..<height).map { y in
        let row = alpha[(y * width)..<((y + 1) * width)]
        guard let lo = row.firstIndex(where: { $0 != 0 }),
          let hi = row.lastIndex(where: { $0 != 0 })
        else { return (0, 0) }
        return (lo - y * width, hi + 1 - y * width)
      }
    }
  }

  /// A mask in one shadow colour: its premultiplied pixels and their source-over
  /// factors (`ShadowKernels.srcOverPremultipliedRow(_:_:factors:count:)`).
  package struct Tinted {
    package let pixels: [UInt32]
    package let factors: [UInt32]
  }

  private struct Key: Hashable {
    var path: PathStorage
    var sigma: Double
  }

  /// Frames an unused entry survives.
  package static let maximumIdleFrames = 2
  private var entries: [Key: Mask] = [:]
  private var frame = 0
  /// Masks made (not found in the cache) since the cache was created.
  package private(set) var misses = 0

  package init() {}

  /// The number of masks held.
  package var count: Int { entries.count }

  /// The blurred mask of `path` (device space) for a Gaussian of `sigma` pixels, and
  /// the whole-pixel origin it is relative to; nil when the path covers nothing or is
  /// too large to rasterize.
  package func mask(for path: PathStorage, sigma: Double) -> (
    mask: Mask, originX: Int, originY: Int
  )? {
    var lo = CGPoint(x: CGFloat.infinity, y: .infinity)
    var hi = CGPoint(x: -CGFloat.infinity, y: -.infinity)
    for p in path.points {
      guard p.x.isFinite, p.y.isFinite else { return nil }
      lo = CGPoint(x: min(lo.x, p.x), y: min(lo.y, p.y))
      hi = CGPoint(x: max(hi.x, p.x), y: max(hi.y, p.y))
    }
    guard lo.x < hi.x, lo.y < hi.y, hi.x - lo.x < 16384, hi.y - lo.y < 16384 else { return nil }
    let ox = Int(geometric: lo.x, .down)
    let oy = Int(geometric: lo.y, .down)
    var local = path
    for k in local.points.indices {
      local.points[k].x -= CGFloat(ox)
      local.points[k].y -= CGFloat(oy)
    }
    let key = Key(path: local, sigma: (sigma * 64).rounded() / 64)
    if let m = entries[key] {
      m.lastUse = frame
      return (m, ox, oy)
    }
    misses += 1
    let reach = Int(geometric: key.sigma * 3, .up) + 1
    let w = Int(geometric: hi.x - CGFloat(ox), .up) + 2 * reach
    let h = Int(geometric: hi.y - CGFloat(oy), .up) + 2 * reach
    guard let area = Int.product(w, h), area <= CGContext.maximumPixelCount,
      let ctx = CGContext(width: w, height: h)
    else { return nil }
    ctx.translateBy(x: CGFloat(reach), y: CGFloat(reach))
    ctx.addPath(CGPath(storage: local))
    ctx.setFillColor(.white)
    ctx.fillPath()
    let px = ctx.data!.assumingMemoryBound(to: UInt32.self)
    let alpha = [UInt8](unsafeUninitializedCapacity: w * h) { a, count in
      GaussianBlur.blurAlpha(
        ofPixels: px, pixelStride: w, width: w, height: h, into: a.baseAddress!, alphaStride: w,
        sigma: key.sigma)
      count = w * h
    }
    let m = Mask(alpha: alpha, width: w, height: h, dx: -reach, dy: -reach, frame: frame)
    entries[key] = m
    return (m, ox, oy)
  }

  /// A content-shaped shadow's blurred mask and what it was made from.
  private struct ContentEntry {
    var signature: RasterSignature
    var map: CGAffineTransform
    var sigma: Double
    var mask: Mask
  }

  /// The largest content-shaped mask kept, in pixels (bytes).
  package static let maximumContentMaskPixels = 4_194_304
  /// The most bytes all kept content-shaped masks may hold together (32 MiB).
  package static let maximumContentMaskBytes = 33_554_432
  private var contentEntries: [RenderNode.Key: ContentEntry] = [:]
  private var contentBytes = 0
  /// Content-shaped masks made and kept since the cache was created.
  package private(set) var contentMisses = 0

  /// The number of content-shaped masks held.
  package var contentCount: Int { contentEntries.count }

  /// The kept blurred content of the layer `key`, when it was made from the same
  /// subtree `signature` under the same `map` with the same blur.
  func contentMask(
    for key: RenderNode.Key, signature: RasterSignature, map: CGAffineTransform, sigma: Double
  ) -> Mask? {
    guard let e = contentEntries[key], e.map == map, e.sigma == sigma, e.signature == signature
    else { return nil }
    e.mask.lastUse = frame
    return e.mask
  }

  /// Keeps `mask`, the blurred content of the layer `key` (replacing its last one),
  /// while the kept masks stay within `maximumContentMaskBytes`.
  func keep(
    _ mask: Mask, for key: RenderNode.Key, signature: RasterSignature, map: CGAffineTransform,
    sigma: Double
  ) {
    contentMisses += 1
    if let old = contentEntries.removeValue(forKey: key) { contentBytes -= old.mask.alpha.count }
    guard contentBytes + mask.alpha.count <= Self.maximumContentMaskBytes else { return }
    contentEntries[key] = ContentEntry(signature: signature, map: map, sigma: sigma, mask: mask)
    contentBytes += mask.alpha.count
  }

  /// A mask of blurred content `alpha` (`width × height` bytes) whose top-left pixel is
  /// device `(originX, originY)`.
  func contentShaped(alpha: [UInt8], width: Int, height: Int, originX: Int, originY: Int) -> Mask {
    Mask(alpha: alpha, width: width, height: height, dx: originX, dy: originY, frame: frame)
  }

  /// Marks `mask` as used this frame, when a caller found it without `mask(for:sigma:)`.
  package func touch(_ mask: Mask) { mask.lastUse = frame }

  /// Ends a frame: drops entries unused for `maximumIdleFrames` frames.
  package func endFrame() {
    frame += 1
    if entries.count > 64 || frame % 8 == 0 {
      entries = entries.filter { frame - $0.value.lastUse <= Self.maximumIdleFrames }
    }
    if !contentEntries.isEmpty, contentEntries.count > 16 || frame % 8 == 0 {
      // Render calls, not frames: a frame of several damaged rectangles is several calls.
      contentEntries = contentEntries.filter {
        frame - $0.value.mask.lastUse <= 8 * Self.maximumIdleFrames
      }
      contentBytes = contentEntries.values.reduce(0) { $0 + $1.mask.alpha.count }
    }
  }
}
