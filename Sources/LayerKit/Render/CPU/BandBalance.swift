import Foundation

/// Where ``BandedCompositor`` cuts a rectangle into bands: where the previous frame's
/// bands would have taken equal time.
///
/// A frame's layers are rarely spread evenly down the screen (a row of cards, a header
/// over an empty background), so bands of equal height leave one core waiting for the
/// other. After each banded rectangle the compositor records how long every band took;
/// that gives a cost per pixel for each band's rows, and the next rectangle is cut where
/// the cumulative cost reaches 1/n, 2/n, … of its total. Rows the last frame did not
/// draw cost the last frame's average. Animations change little from frame to frame, so
/// the cuts follow the work; a cut moves halfway to its new place when the rectangle is
/// the same as before, which keeps a noisy timing from swinging it back and forth.
///
/// Where the cuts fall never changes a pixel: a band is drawn as the whole rectangle
/// would be, only its clip differs (see `BandedCompositor`).
package struct BandBalance {
  /// Bands are never thinner than this many rows.
  package static let minimumRows = 8
  /// The last recorded rectangle's cuts: `n + 1` device rows, from its top to its bottom.
  package private(set) var cuts: [Int] = []
  /// Seconds per pixel of each band of `cuts`.
  private var cost: [Double] = []

  /// No recorded bands: the first rectangle is cut evenly.
  package init() {}

  /// Even cuts of `rect` into `n` bands.
  package static func even(_ rect: PixelRect, bands n: Int) -> [Int] {
    (0...n).map { rect.y0 + rect.height * $0 / n }
  }

  /// The cuts of `rect` into `n` bands (`n + 1` rows from `rect.y0` to `rect.y1`), each
  /// band at least ``minimumRows`` high when the rectangle allows it.
  package func cuts(_ rect: PixelRect, bands n: Int) -> [Int] {
    let even = Self.even(rect, bands: n)
    guard n > 1, rect.height >= n * Self.minimumRows, cost.count == cuts.count - 1, !cost.isEmpty
    else {
      return even
    }
    // The cost per pixel of each row of `rect`, piecewise constant: the recorded bands,
    // and their average above and below them. A floor keeps an idle band's rows from
    // costing nothing.
    var pixels = 0.0
    var seconds = 0.0
    for b in cost.indices {
      let rows = Double(cuts[b + 1] - cuts[b])
      pixels += rows
      seconds += cost[b] * rows
    }
    guard pixels > 0, seconds > 0, seconds.isFinite else { return even }
    let mean = seconds / pixels
    var pieces: [(y0: Int, y1: Int, cost: Double)] = []
    if rect.y0 < cuts[0] { pieces.append((rect.y0, Swift.min(rect.y1, cuts[0]), mean)) }
    for b in cost.indices {
      let y0 = Swift.max(rect.y0, cuts[b])
      let y1 = Swift.min(rect.y1, cuts[b + 1])
      if y0 < y1 { pieces.append((y0, y1, Swift.max(cost[b], mean / 20))) }
    }
    if let last = cuts.last, rect.y1 > last {
      pieces.append((Swift.max(rect.y0, last), rect.y1, mean))
    }
    let total = pieces.reduce(0.0) { $0 + Double($1.y1 - $1.y0) * $1.cost }
    guard total > 0, total.isFinite else { return even }
    // The row where the cumulative cost reaches each share.
    var result = [rect.y0]
    var piece = 0
    var before = 0.0
    for k in 1..<n {
      let target = total * Double(k) / Double(n)
      while piece < pieces.count - 1,
        before + Double(pieces[piece].y1 - pieces[piece].y0) * pieces[piece].cost < target
      {
        before += Double(pieces[piece].y1 - pieces[piece].y0) * pieces[piece].cost
        piece += 1
      }
      let p = pieces[piece]
      let y = Double(p.y0) + (target - before) / p.cost
      result.append(Int(y.rounded()))
    }
    result.append(rect.y1)
    // Halfway from the previous cuts of the same rectangle, then at least the minimum
    // height apart.
    if cuts.count == n + 1, cuts.first == rect.y0, cuts.last == rect.y1 {
      for k in 1..<n { result[k] = (result[k] + cuts[k]) / 2 }
    }
    for k in 1..<n {
      let lo = result[k - 1] + Self.minimumRows
      let hi = rect.y1 - (n - k) * Self.minimumRows
      result[k] = Swift.min(Swift.max(result[k], lo), hi)
    }
    return result
  }

  /// Remembers how long each band of `cuts` took to draw, in seconds, over `width`
  /// pixels per row.
  package mutating func record(cuts: [Int], width: Int, seconds: [Double]) {
    guard cuts.count == seconds.count + 1, width > 0 else { return }
    self.cuts = cuts
    cost = seconds.indices.map { b in
      let pixels = Double(Swift.max(1, cuts[b + 1] - cuts[b]) * width)
      return seconds[b].isFinite ? Swift.max(0, seconds[b]) / pixels : 0
    }
  }
}
