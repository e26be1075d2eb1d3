import Foundation

/// A rectangle of whole device pixels, `x0..<x1 × y0..<y1`.
///
/// The renderer's clips, damage rectangles and offscreen extents are all pixel rects,
/// so every offscreen buffer is bounded by what is visible.
package struct PixelRect: Equatable, Hashable, Sendable, CustomStringConvertible {
  package var x0: Int, y0: Int, x1: Int, y1: Int

  package init(x0: Int, y0: Int, x1: Int, y1: Int) {
    self.x0 = x0
    self.y0 = y0
    self.x1 = x1
    self.y1 = y1
  }

  /// The empty rectangle.
  package static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

  /// The smallest pixel rect covering `r` (any part of a pixel counts); empty for a
  /// null, empty or non-finite rect. Coordinates are clamped to ±2²⁴.
  package init(covering r: CGRect) {
    guard !r.isNull, r.width > 0, r.height > 0, !r.minX.isNaN, !r.minY.isNaN, !r.maxX.isNaN,
      !r.maxY.isNaN
    else {
      self = .empty
      return
    }
    let limit = 1 << 24
    func c(_ v: Int) -> Int { Swift.min(Swift.max(v, -limit), limit) }
    self.init(
      x0: c(Int(geometric: r.minX, .down)), y0: c(Int(geometric: r.minY, .down)),
      x1: c(Int(geometric: r.maxX, .up)), y1: c(Int(geometric: r.maxY, .up)))
  }

  package var width: Int { Swift.max(x1 - x0, 0) }
  package var height: Int { Swift.max(y1 - y0, 0) }
  package var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
  package var area: Int { width * height }
  package var cgRect: CGRect { CGRect(x: x0, y: y0, width: width, height: height) }

  package func intersection(_ o: PixelRect) -> PixelRect {
    let r = PixelRect(
      x0: Swift.max(x0, o.x0), y0: Swift.max(y0, o.y0), x1: Swift.min(x1, o.x1),
      y1: Swift.min(y1, o.y1))
    return r.isEmpty ? .empty : r
  }

  /// Whether every pixel of the rect is in `o` (an empty rect is in any rect).
  package func isInside(_ o: PixelRect) -> Bool {
    isEmpty || (x0 >= o.x0 && y0 >= o.y0 && x1 <= o.x1 && y1 <= o.y1)
  }

  package func union(_ o: PixelRect) -> PixelRect {
    if isEmpty { return o }
    if o.isEmpty { return self }
    return PixelRect(
      x0: Swift.min(x0, o.x0), y0: Swift.min(y0, o.y0), x1: Swift.max(x1, o.x1),
      y1: Swift.max(y1, o.y1))
  }

  /// The parts of the rect outside `o` (which it is assumed to contain, else the parts
  /// of the rect outside their intersection): up to four rects, the rows above and
  /// below, then the columns left and right of it.
  package func subtracting(_ o: PixelRect) -> [PixelRect] {
    let i = intersection(o)
    guard !i.isEmpty else { return isEmpty ? [] : [self] }
    return [
      PixelRect(x0: x0, y0: y0, x1: x1, y1: i.y0), PixelRect(x0: x0, y0: i.y1, x1: x1, y1: y1),
      PixelRect(x0: x0, y0: i.y0, x1: i.x0, y1: i.y1),
      PixelRect(x0: i.x1, y0: i.y0, x1: x1, y1: i.y1),
    ].filter { !$0.isEmpty }
  }

  /// The rect grown by `d` pixels on every side.
  package func insetBy(_ d: Int) -> PixelRect {
    isEmpty ? self : PixelRect(x0: x0 + d, y0: y0 + d, x1: x1 - d, y1: y1 - d)
  }

  package func offsetBy(dx: Int, dy: Int) -> PixelRect {
    isEmpty ? self : PixelRect(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy)
  }

  package var description: String { "[\(x0),\(y0))–[\(x1),\(y1))" }
}
