import Foundation

/// Offscreen bitmaps a compositor keeps from one frame to the next, by size.
///
/// A group or mask offscreen as large as the clip is megabytes that a new bitmap gets
/// from the system zeroed page by page (a page fault each) and gives back when it is
/// freed; a Lottie frame with a few masks spent half its time there. The compositor
/// keeps the bitmaps its groups released and hands one that fits out again, cleared where
/// it will be drawn, so that later frames draw into warm memory. A bitmap from the pool is
/// transparent wherever its user draws and reads, as a new one is, and the surface's rows
/// and clip are its rect's whatever the bitmap's size, so the pixels drawn are the same.
///
/// Belongs to one compositor (one thread at a time), like the compositor's other caches.
package final class SurfacePool {
  /// The most bitmaps kept.
  static let maxKept = 12
  /// The most times a kept bitmap may be larger (in area) than the surface it serves.
  static let maxAreaRatio = 4
  /// The most bytes kept in all (64 MiB).
  static let maxBytes = 64 << 20
  private var kept: [CGContext] = []
  private var keptBytes = 0

  package init() {}

  /// Bitmaps waiting to be reused.
  package var count: Int { kept.count }

  /// A transparent surface covering `rect` of device space: a kept bitmap, cleared, or a
  /// new one; nil when `rect` is empty or too large for a bitmap.
  ///
  /// A kept bitmap serves when it is at least as wide and as tall as `rect` and at most
  /// `maxAreaRatio` times its area (the smallest such), the surface using its top-left
  /// part: a layer's offscreen changes size from frame to frame as it moves and animates,
  /// and an exact size would rarely come back.
  ///
  /// With `used`, the caller draws into, reads and composites only the pixels of `used`
  /// (its clip), so a kept bitmap is cleared only there: the rest keeps an earlier
  /// frame's pixels, which nothing reads (a new bitmap is transparent everywhere).
  package func surface(rect: PixelRect, used: PixelRect? = nil) -> RenderSurface? {
    guard !rect.isEmpty else { return nil }
    var best: Int?
    for (i, c) in kept.enumerated() where c.width >= rect.width && c.height >= rect.height {
      guard c.width * c.height <= Self.maxAreaRatio * rect.area else { continue }
      if best.map({ c.width * c.height < kept[$0].width * kept[$0].height }) ?? true { best = i }
    }
    guard let i = best else { return RenderSurface(rect: rect) }
    let context = kept.remove(at: i)
    keptBytes -= context.bytesPerRow * context.height
    reused += 1
    return RenderSurface(reusing: context, rect: rect, clearing: used)
  }

  /// How many surfaces were handed out from kept bitmaps (for tests).
  package private(set) var reused = 0

  /// Takes back the bitmap of `surface`, which nothing may use afterwards.
  package func recycle(_ surface: RenderSurface?) {
    guard let context = surface?.context else { return }
    let bytes = context.bytesPerRow * context.height
    guard bytes <= Self.maxBytes else { return }
    kept.append(context)
    keptBytes += bytes
    while kept.count > Self.maxKept || keptBytes > Self.maxBytes {
      let old = kept.removeFirst()
      keptBytes -= old.bytesPerRow * old.height
    }
  }
}
