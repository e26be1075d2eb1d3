/// Which rows of one fill are scan-converted and which repeat the row above.
///
/// A row is *dirty* when a sloped edge passes through it, or when it holds the first or
/// the last row of a vertical edge (its partial rows, and the rows where the set of edges
/// changes). Every other row is *clean*: the only edges in it are vertical and cover the
/// whole row. Between two consecutive clean rows no edge starts, ends or slopes, so they
/// are crossed by the same vertical edges, visited in the same order (the active list only
/// appends edges that start in a band, and those start on a dirty row). Each of those
/// edges deposits the same two values, `w − w·m` and `w·m`, into the same two cells of
/// both rows, so every cell is the same sequence of float additions and comes out
/// bit-identical; the same touched bits give the same sweep, spans and masks. So a clean
/// row whose predecessor is clean *replicates* it: it is neither deposited nor swept, and
/// the blit calls of the run's first row are repeated at its `y`.
///
/// Marking may be generous (a dirty row is only computed when it could have been
/// repeated): an edge marks rows `⌊y0⌋ … ⌊y1⌋`, which for an edge ending on a whole
/// number includes the row after it; for a vertical edge that row separates the rows
/// that contain it from those that do not, as its last row would.
///
/// Rows are fill-relative (row 0 is the fill's top row). Edges are marked into a
/// difference array while the rasterizer buckets them (`mark`), and `finish` turns the
/// counts into the computed rows, each linked to the next (`next`), in one pass:
/// O(edges + rows). The rows between a computed row and its successor replicate it. Memory
/// is kept between fills.
final class RowPlan {
  /// For each computed row, the next computed row (`rowCount` after the last).
  @exclusivity(unchecked) private(set) var next: UnsafeMutablePointer<Int32>
  /// For each band (`bandHeight` rows), its first computed row (`rowCount` if none).
  @exclusivity(unchecked) private(set) var bandFirst: UnsafeMutablePointer<Int32>
  /// Dirty-row count differences; all zero between fills.
  @exclusivity(unchecked) private(set) var diff: UnsafeMutablePointer<Int32>
  @exclusivity(unchecked) private var capacity = 0
  @exclusivity(unchecked) private var bandCapacity = 0

  init() {
    next = .allocate(capacity: 1)
    bandFirst = .allocate(capacity: 1)
    diff = .allocate(capacity: 1)
  }

  deinit {
    next.deallocate()
    bandFirst.deallocate()
    diff.deallocate()
  }

  /// Makes room for `rowCount` rows in `bandCount` bands.
  func reserve(rowCount: Int, bandCount: Int) {
    if rowCount + 2 > capacity {
      next.deallocate()
      diff.deallocate()
      capacity = Swift.max(rowCount + 2, 2 * capacity)
      next = .allocate(capacity: capacity)
      diff = .allocate(capacity: capacity)
      diff.initialize(repeating: 0, count: capacity)
    }
    if bandCount > bandCapacity {
      bandFirst.deallocate()
      bandCapacity = Swift.max(bandCount, 2 * bandCapacity)
      bandFirst = .allocate(capacity: bandCapacity)
    }
  }

  /// Marks the dirty rows of `e`, whose first fill row is `first`, in `diff` (of a plan
  /// reserved for `rowCount` rows).
  @inline(__always)
  static func mark(
    _ e: RasterEdge, first: Int, rowTop: Int, rowCount: Int, diff: UnsafeMutablePointer<Int32>
  ) {
    let f0 = Swift.min(Swift.max(first, 0), rowCount)
    let f1 = Swift.min(Swift.max(Int(e.y1) - rowTop, f0), rowCount)
    if e.x0 == e.x1 {
      diff[f0] &+= 1
      diff[f0 + 1] &-= 1
      diff[f1] &+= 1
      diff[f1 + 1] &-= 1
    } else {
      diff[f0] &+= 1
      diff[f1 + 1] &-= 1
    }
  }

  /// Turns the marks into `next` and `bandFirst`, and clears the marks.
  ///
  /// - Returns: whether any row replicates the row above.
  func finish(rowCount: Int, bandHeight: Int) -> Bool {
    var dirty: Int32 = 0
    var previousClean = false
    var last = 0  // the last computed row (row 0 always is)
    var any = false
    var band = 0
    var r = 0
    while r < rowCount {
      let bandEnd = Swift.min(r + bandHeight, rowCount)
      var entry = -1  // the band's first computed row, once known
      while r < bandEnd {
        if previousClean && diff[r] == 0 {
          // A run of clean rows (`dirty` is 0 after a clean row, and no mark changes it):
          // each repeats the row above, and their marks are already 0.
          any = true
          repeat { r += 1 } while r < bandEnd && diff[r] == 0
          continue
        }
        dirty &+= diff[r]
        diff[r] = 0
        next[last] = Int32(truncatingIfNeeded: r)
        last = r
        if entry < 0 { entry = r }
        previousClean = dirty == 0
        r += 1
      }
      bandFirst[band] = Int32(truncatingIfNeeded: entry)  // −1: resolved below
      band += 1
    }
    diff[rowCount] = 0
    diff[rowCount + 1] = 0
    next[last] = Int32(truncatingIfNeeded: rowCount)
    guard any else { return false }
    // A band without a computed row starts inside a run: its rows come from before it.
    var following = Int32(truncatingIfNeeded: rowCount)
    var b = band - 1
    while b >= 0 {
      if bandFirst[b] < 0 { bandFirst[b] = following } else { following = bandFirst[b] }
      b -= 1
    }
    return true
  }
}
