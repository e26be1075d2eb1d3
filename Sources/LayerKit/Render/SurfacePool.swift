import Foundation

/// Offscreen bitmaps a compositor keeps from one frame to the next, by size.
///
/// A group or mask offscreen as large as the clip is megabytes that a new bitmap gets
/// from the system zeroed page by page (a page fault each) and gives back when it is
/// freed; a Lottie frame with a few masks spent half its time there. The compositor
/// keeps the bitmaps its groups released and hands one of the same size out again,
/// cleared, so that later frames draw into warm memory. A bitmap from the pool is
/// transparent everywhere, as a new one is, so the pixels drawn are the same.
///
/// Belongs to one compositor (one thread at a time), like the compositor's other caches.
package final class SurfacePool {
  /// The most bitmaps kept.
  static let maxKept = 8
  /// The most bytes kept in all (64 MiB).
  static let maxBytes = 64 << 20
  private var kept: [CGContext] = []
  private var keptBytes = 0

  package init() {}

  /// Bitmaps waiting to be reused.
  package var count: Int { kept.count }

  /// A transparent surface covering `rect` of device space: a kept bitmap of its size,
  /// cleared, or a new one; nil when `rect` is empty or too large for a bitmap.
  ///
  /// With `used`, the caller draws into, reads and composites only the pixels of `used`
  /// (its clip), so a kept bitmap is cleared only there: the rest keeps an earlier
  /// frame's pixels, which nothing reads (a new bitmap is transparent everywhere).
  package func surface(rect: PixelRect, used: PixelRect? = nil) -> RenderSurface? {
    guard !rect.isEmpty else { return nil }
    guard let i = kept.lastIndex(where: { $0.width == rect.width && $0.height == rect.height })
    else { return RenderSurface(rect: rect) }
    let context = kept.remove(at: i)
    keptBytes -= context.bytesPerRow * context.height
    reused += 1
    guard let used else {
      return RenderSurface(reusing: context, originX: rect.x0, originY: rect.y0)
    }
    return RenderSurface(reusing: context, originX: rect.x0, originY: rect.y0, clearing: used)
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
