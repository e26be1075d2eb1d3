import Foundation
@_spi(Benchmarks) import LayerGraphics

/// The device pixels a layer's opaque background is sure to cover: the part of its
/// shadow it need not blend, and the pending clear its fill replaces.
///
/// A layer draws its shadow and then, right after, its background. Where the background
/// is opaque and covers a pixel entirely, the fill replaces the pixel whatever the shadow
/// put there (source over with an opaque colour at full coverage is a copy), so the
/// shadow need not be blended there. For an axis-aligned map the covered part of the
/// rounded bounds holds two rectangles: `wide`, the full width between the corner rows,
/// and `tall`, the width between the corner columns over the full height. Corners are
/// left out as whole squares of the radius plus a pixel (the arcs, control points
/// included, stay inside those squares), and only whole pixels inside the bounds count.
struct ShadowOccluder {
  /// Full-width rows between the corners (device pixels).
  let wide: PixelRect
  /// Columns between the corners, all rows of the bounds (device pixels).
  let tall: PixelRect

  static let none = ShadowOccluder(wide: .empty, tall: .empty)

  /// The occluder of a layer in `state` drawn under `map` at opacity `alpha`: empty unless
  /// the background is opaque at that opacity and the map keeps the axes.
  init(state st: LayerState, map: CGAffineTransform, alpha: Float) {
    self = withUnsafePointer(to: st) { ShadowOccluder(state: $0, map: map, alpha: alpha) }
  }

  /// The occluder of the layer in the state at `st`, read in place.
  init(state st: UnsafePointer<LayerState>, map: CGAffineTransform, alpha: Float) {
    let bounds = st.pointee.bounds
    guard let bg = st.pointee.backgroundColor, map.b == 0, map.c == 0, bounds.width > 0,
      bounds.height > 0,
      PixelMath.premultiplied(bg, opacity: CGFloat(alpha)) >> 24 == 255
    else {
      self = .none
      return
    }
    let box = bounds.applying(map)
    guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite,
      abs(box.minX) < 1e8, abs(box.minY) < 1e8, abs(box.maxX) < 1e8, abs(box.maxY) < 1e8
    else {
      self = .none
      return
    }
    let r = RoundedBoundsShape(st).cornerExtent
    let rx = r == 0 ? 0 : Int(geometric: r * abs(map.a), .up) + 1
    let ry = r == 0 ? 0 : Int(geometric: r * abs(map.d), .up) + 1
    let x0 = Int(geometric: box.minX, .up)
    let x1 = Int(geometric: box.maxX, .down)
    let y0 = Int(geometric: box.minY, .up)
    let y1 = Int(geometric: box.maxY, .down)
    let cx0 = Int(geometric: box.minX + CGFloat(rx), .up)
    let cx1 = Int(geometric: box.maxX - CGFloat(rx), .down)
    let cy0 = Int(geometric: box.minY + CGFloat(ry), .up)
    let cy1 = Int(geometric: box.maxY - CGFloat(ry), .down)
    wide = PixelRect(x0: x0, y0: cy0, x1: x1, y1: cy1)
    tall = PixelRect(x0: cx0, y0: y0, x1: cx1, y1: y1)
  }

  private init(wide: PixelRect, tall: PixelRect) {
    self.wide = wide
    self.tall = tall
  }

  /// The covered columns `lo..<hi` of device row `y` (`lo >= hi` when none).
  @inline(__always)
  func columns(row y: Int) -> (lo: Int, hi: Int) {
    if y >= wide.y0 && y < wide.y1 && !wide.isEmpty { return (wide.x0, wide.x1) }
    if y >= tall.y0 && y < tall.y1 && !tall.isEmpty { return (tall.x0, tall.x1) }
    return (0, 0)
  }

  /// Calls `body` with each non-empty run `x0..<x1` of columns `from..<to` of device row
  /// `y` that the background does not cover: the whole range, or what is left on either
  /// side of the covered columns.
  @inline(__always)
  func visibleRuns(row y: Int, from x0: Int, to x1: Int, _ body: (Int, Int) -> Void) {
    guard x0 < x1 else { return }
    let c = columns(row: y)
    guard c.lo < x1 && c.hi > x0 && c.lo < c.hi else { return body(x0, x1) }
    if x0 < c.lo { body(x0, c.lo) }
    if c.hi < x1 { body(c.hi, x1) }
  }

  /// Whether the background covers every pixel of `r` (a non-empty rect).
  func covers(_ r: PixelRect) -> Bool {
    !r.isEmpty && ((!wide.isEmpty && r.isInside(wide)) || (!tall.isEmpty && r.isInside(tall)))
  }
}
