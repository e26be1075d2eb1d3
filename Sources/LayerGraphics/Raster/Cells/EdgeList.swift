import Foundation

/// One line segment of a path outline in device space, ready for scan conversion.
///
/// Stored top to bottom (`y0 < y1`); `winding` is +1 when the original segment ran down
/// and −1 when it ran up. `x` is relative to the left of the clip box (so `x ≥ 0`), `y`
/// is absolute.
package struct RasterEdge: Sendable {
  package var x0: Float
  package var y0: Float
  package var x1: Float
  package var y1: Float
  package var winding: Float
}

/// Stage 1 of the rasterizer: turns a flattened outline into clipped `RasterEdge`s.
///
/// Receives device-space polylines (it is a `PathFlatteningSink`), closes every subpath
/// (a fill always closes), and clips each segment to the clip box:
/// - parts above or below the box are dropped (scan conversion accumulates along rows, so
///   they cannot change a visible pixel);
/// - parts right of the box are dropped for the same reason;
/// - parts left of the box are projected onto its left side as vertical segments, which
///   keeps the winding they contribute to every visible pixel.
/// So a 100,000-pixel shape produces edges only inside the bitmap, and NaN or infinite
/// points (already removed by the flattener) never get here.
///
/// - Complexity: O(1) amortised per segment; the edge array keeps its capacity across
///   fills.
package struct EdgeBuilder: PathFlatteningSink {
  /// The clip box in device pixels: `[minX, maxX) × [minY, maxY)`.
  package var minX: Double = 0
  package var minY: Double = 0
  package var maxX: Double = 0
  package var maxY: Double = 0
  /// The clipped edges, in the order they were added (a reference: copies of the builder
  /// share it, and each context keeps one builder).
  package let edges = RasterEdgeStorage()
  /// The vertical extent actually touched by edges (for the row loop).
  package var top: Double = .infinity
  package var bottom: Double = -.infinity
  /// The horizontal extent of the edges, relative to the left of the clip box like their
  /// `x` (the rasterizer keeps cells for these columns only).
  package var left: Float = .infinity
  package var right: Float = -.infinity
  /// The summed height of the vertical edges, in pixels (rows can only repeat between
  /// vertical edges; see `RowPlan`).
  package var verticalHeight: Double = 0

  /// Applied to incoming points when `transforms` is set (strokes arrive in user space).
  package var transform: CGAffineTransform = .identity
  package var transforms = false

  private var start = CGPoint.zero
  private var last = CGPoint.zero
  private var open = false

  package init() {}

  /// The rows the rasterizer writes, inside `minY..<maxY`: the clip box's rows, when
  /// edges are cut to wider rows (`reset`'s `edgeRows`).
  package var writtenRows = 0..<0

  /// Forgets all edges and sets the clip box; edges are cut to the rows `edgeRows`
  /// (default: the box's), which hold the box's rows, and only the box's rows are written.
  package mutating func reset(
    clipX0: Int, clipY0: Int, clipX1: Int, clipY1: Int, edgeRows: Range<Int>? = nil
  ) {
    edges.removeAll()
    minX = Double(clipX0)
    minY = Double(Swift.min(edgeRows?.lowerBound ?? clipY0, clipY0))
    maxX = Double(clipX1)
    maxY = Double(Swift.max(edgeRows?.upperBound ?? clipY1, clipY1))
    writtenRows = clipY0..<Swift.max(clipY0, clipY1)
    top = .infinity
    bottom = -.infinity
    left = .infinity
    right = -.infinity
    verticalHeight = 0
    open = false
    transforms = false
  }

  package mutating func moveTo(_ p: CGPoint) {
    let p = transforms ? p.applying(transform) : p
    if open { close() }
    start = p
    last = p
    open = true
  }

  package mutating func lineTo(_ p: CGPoint) {
    let p = transforms ? p.applying(transform) : p
    if !open {
      start = last
      open = true
    }
    addSegment(last, p)
    last = p
  }

  package mutating func close() {
    if open { addSegment(last, start) }
    last = start
    open = false
  }

  /// Closes the last subpath; call once after the outline is complete.
  package mutating func finish() {
    if open { close() }
  }

  /// Clips one segment to the box and stores what is left.
  package mutating func addSegment(_ a: CGPoint, _ b: CGPoint) {
    // Top to bottom, without a branch (a curve's segments turn up and down unpredictably):
    // the points swapped by a bit mask when the segment runs up.
    let up = a.y > b.y
    let mask: UInt64 = up ? .max : 0
    @inline(__always) func pick(_ u: CGFloat, _ v: CGFloat) -> Double {
      let p = Double(u).bitPattern
      let q = Double(v).bitPattern
      return Double(bitPattern: p ^ ((p ^ q) & mask))
    }
    let x0 = pick(a.x, b.x)
    let y0 = pick(a.y, b.y)
    let x1 = pick(b.x, a.x)
    let y1 = pick(b.y, a.y)
    let w: Float = up ? -1 : 1
    // Inside the box (the usual case): nothing to clip, and nothing to clamp. NaN and
    // infinities fail these comparisons, so they are only tested on the clipping path.
    if y0 >= minY && y1 <= maxY && x0 > minX && x1 > minX && x0 < maxX && x1 < maxX {
      guard y1 > y0 else { return }
      store(Float(x0 - minX), y0, Float(x1 - minX), y1, w)
      if x0 == x1 { verticalHeight += y1 - y0 }
      return
    }
    clip(x0, y0, x1, y1, w)
  }

  /// The clipping path of `addSegment`, out of line so that the usual case keeps a small
  /// frame: a segment (top to bottom) that leaves the box or has a non-finite coordinate.
  @inline(never)
  private mutating func clip(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ w: Float) {
    var x0 = x0
    var y0 = y0
    var x1 = x1
    var y1 = y1
    guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, y0 != y1 else { return }
    if y1 <= minY || y0 >= maxY { return }
    let slope = (x1 - x0) / (y1 - y0)
    if y0 < minY {
      x0 += (minY - y0) * slope
      y0 = minY
    }
    if y1 > maxY {
      x1 -= (y1 - maxY) * slope
      y1 = maxY
    }
    if x0 >= maxX && x1 >= maxX { return }
    if x0 <= minX && x1 <= minX {
      push(minX, y0, minX, y1, w)
      return
    }
    // Split at the left side: the part left of it becomes a vertical segment there.
    if (x0 < minX) != (x1 < minX) {
      let ym = Self.within(y0 + (minX - x0) / slope, y0, y1)
      if x0 < minX {
        push(minX, y0, minX, ym, w)
        x0 = minX
        y0 = ym
      } else {
        push(minX, ym, minX, y1, w)
        x1 = minX
        y1 = ym
      }
    }
    // Drop the part right of the right side.
    if (x0 > maxX) != (x1 > maxX) {
      let ym = Self.within(y0 + (maxX - x0) / slope, y0, y1)
      if x0 > maxX {
        x0 = maxX
        y0 = ym
      } else {
        x1 = maxX
        y1 = ym
      }
    }
    push(x0, y0, x1, y1, w)
  }

  /// `v` kept in `lo...hi` (NaN gives `lo`): where a segment crosses a side lies between
  /// its ends, which rounding with extreme slopes (coordinates near 1e80) can break.
  @inline(__always)
  private static func within(_ v: Double, _ lo: Double, _ hi: Double) -> Double {
    v > lo ? (v < hi ? v : hi) : lo
  }

  @inline(__always)
  private mutating func push(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ w: Float) {
    guard y1 > y0 else { return }
    let cx0 = Swift.min(Swift.max(x0, minX), maxX) - minX
    let cx1 = Swift.min(Swift.max(x1, minX), maxX) - minX
    store(Float(cx0), y0, Float(cx1), y1, w)
    if cx0 == cx1 { verticalHeight += y1 - y0 }
  }

  /// Appends an edge with clip-relative `x0`, `x1` and widens the extents to it.
  @inline(__always)
  private mutating func store(_ x0: Float, _ y0: Double, _ x1: Float, _ y1: Double, _ w: Float) {
    edges.append(RasterEdge(x0: x0, y0: Float(y0), x1: x1, y1: Float(y1), winding: w))
    if y0 < top { top = y0 }
    if y1 > bottom { bottom = y1 }
    // As selects (`a < b ? a : b` is one `minss`).
    let lo = x0 < x1 ? x0 : x1
    let hi = x0 > x1 ? x0 : x1
    left = lo < left ? lo : left
    right = hi > right ? hi : right
  }
}

/// Maps every point by an affine transform before passing it on.
package struct TransformingSink<Base: PathFlatteningSink>: PathFlatteningSink {
  package var base: Base
  package var transform: CGAffineTransform

  package init(base: Base, transform: CGAffineTransform) {
    self.base = base
    self.transform = transform
  }

  package mutating func moveTo(_ p: CGPoint) { base.moveTo(p.applying(transform)) }
  package mutating func lineTo(_ p: CGPoint) { base.lineTo(p.applying(transform)) }
  package mutating func close() { base.close() }
}
