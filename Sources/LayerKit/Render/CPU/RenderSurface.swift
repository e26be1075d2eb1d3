import Foundation

/// A premultiplied RGBA8 bitmap placed at a pixel offset of the frame's device space:
/// the frame itself, or an offscreen buffer for a group, a mask, a clip or a 3D layer.
///
/// Pixel `(0, 0)` of the bitmap is device pixel `(originX, originY)`. Drawing through
/// `context` happens in device coordinates once `beginDrawing(transform:clip:)` has set
/// the CTM, so a subtree draws the same way into the frame or into any offscreen.
package final class RenderSurface {
  /// The bitmap and the Core Graphics context that draws into it.
  package let context: CGContext
  /// Device coordinates of bitmap pixel (0, 0).
  package let originX: Int
  package let originY: Int
  /// The pixels, `stride` per row.
  package let pixels: UnsafeMutablePointer<UInt32>
  package let stride: Int
  /// Pixels still to be made transparent before anything draws here (device). The
  /// first drawing that writes every one of them may store its result as if blended
  /// onto transparent pixels and skip the clear; any other drawing clears them first
  /// (`flushPendingClear()`).
  ///
  /// Read before every layer is drawn, so reads skip the runtime's exclusivity check
  /// (nothing reads it while it is being written).
  @exclusivity(unchecked) package var pendingClear: PixelRect? = nil
  /// The device rows path edges are cut to when drawing here (`CGContext.setEdgeRows`):
  /// the rows of the whole rectangle being redrawn when only a band of it is drawn, so
  /// the band's coverages are the whole drawing's; nil for the surface's own rows (an
  /// offscreen's, which do not depend on the band).
  package var edgeRows: Range<Int>? = nil

  /// A transparent surface covering `rect` of device space, or nil when `rect` is empty
  /// or larger than a context may be.
  package convenience init?(rect: PixelRect) {
    guard !rect.isEmpty, let ctx = CGContext(width: rect.width, height: rect.height) else {
      return nil
    }
    self.init(ctx, rect: rect)
  }

  /// A surface covering `rect` (device) over the top-left `rect.width` × `rect.height`
  /// pixels of `context`'s bitmap (which nothing else draws into, and which may be larger),
  /// made transparent only inside `used` (device; the whole rect when nil): the rest keeps
  /// whatever it held, for a caller that draws, reads and composites only inside `used`
  /// (`SurfacePool`). The surface's rows and clip are the rect's, so it draws the pixels a
  /// bitmap of exactly that size would.
  package convenience init(
    reusing context: CGContext, rect: PixelRect, clearing used: PixelRect? = nil
  ) {
    precondition(
      !rect.isEmpty && rect.width <= context.width && rect.height <= context.height,
      "\(rect) does not fit a \(context.width) × \(context.height) bitmap")
    self.init(context, rect: rect)
    clear(used ?? rect)
  }

  /// A surface drawing into `context`'s bitmap as it is, bitmap pixel (0, 0) at device
  /// pixel (`rect.x0`, `rect.y0`): a view of part of another surface's pixels.
  package convenience init(viewing context: CGContext, at rect: PixelRect) {
    precondition(
      rect.width == context.width && rect.height == context.height,
      "\(rect) is not the size of a \(context.width) × \(context.height) bitmap")
    self.init(context, rect: rect)
  }

  /// A surface drawing into `context`'s bitmap as it is, placed at the device origin.
  package convenience init(wrapping context: CGContext) {
    self.init(context, rect: PixelRect(x0: 0, y0: 0, x1: context.width, y1: context.height))
  }

  /// A surface over the top-left `rect.width` × `rect.height` pixels of `context`'s bitmap
  /// as they are, bitmap pixel (0, 0) at device pixel (`rect.x0`, `rect.y0`).
  private init(_ context: CGContext, rect: PixelRect) {
    self.context = context
    originX = rect.x0
    originY = rect.y0
    width = rect.width
    height = rect.height
    pixels = context.data!.assumingMemoryBound(to: UInt32.self)
    stride = context.bytesPerRow / 4
  }

  /// The pixels of `other`, placed with bitmap pixel (0, 0) at device pixel
  /// (`originX`, `originY`): a second view of the same memory, for compositing a bitmap
  /// at a new place without copying it.
  package init(viewing other: RenderSurface, originX: Int, originY: Int) {
    context = other.context
    self.originX = originX
    self.originY = originY
    width = other.width
    height = other.height
    pixels = other.pixels
    stride = other.stride
  }

  /// The pixels the surface covers across and down: its bitmap's, or fewer when it uses
  /// only the top-left part of a larger kept bitmap (`init(reusing:rect:clearing:)`).
  package let width: Int
  package let height: Int
  /// The device pixels the surface covers.
  package var rect: PixelRect {
    PixelRect(x0: originX, y0: originY, x1: originX + width, y1: originY + height)
  }

  /// The first pixel of device row `y`, device column `x`.
  @inline(__always)
  package func pixel(x: Int, y: Int) -> UnsafeMutablePointer<UInt32> {
    pixels + (y - originY) * stride + (x - originX)
  }

  /// Saves the graphics state, clips to `clip` (device pixels) and sets the CTM to
  /// `transform` (user space → device), so drawing lands on this surface (clearing the
  /// pending rectangle first). Balance with
  /// `endDrawing()`.
  package func beginDrawing(transform: CGAffineTransform, clip: PixelRect) {
    flushPendingClear()
    context.saveGState()
    let c = clip.intersection(rect)
    context.clip(to: CGRect(x: c.x0 - originX, y: c.y0 - originY, width: c.width, height: c.height))
    context.setEdgeRows(bitmapEdgeRows)
    context.concatenate(
      transform.concatenating(
        CGAffineTransform(translationX: CGFloat(-originX), y: CGFloat(-originY))))
  }

  /// `edgeRows` in bitmap rows (all of them when nil).
  package var bitmapEdgeRows: Range<Int> {
    guard let r = edgeRows else { return 0..<height }
    return (r.lowerBound - originY)..<Swift.max(r.lowerBound, r.upperBound) - originY
  }

  /// Restores the state saved by `beginDrawing(transform:clip:)`.
  package func endDrawing() { context.restoreGState() }

  /// Clears the pending rectangle, if any.
  package func flushPendingClear() {
    guard let r = pendingClear else { return }
    pendingClear = nil
    clear(r)
  }

  /// Makes the pixels of `r` (device) transparent.
  package func clear(_ r: PixelRect) {
    let c = r.intersection(rect)
    guard !c.isEmpty else { return }
    for y in c.y0..<c.y1 { pixel(x: c.x0, y: y).update(repeating: 0, count: c.width) }
  }
}
