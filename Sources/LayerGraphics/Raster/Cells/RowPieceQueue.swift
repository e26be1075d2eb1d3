/// The row pieces of sloped edges, queued by `CoverageCells.deposit` and added to the
/// cells by `CoverageCells.flush`, as four arrays (so that the flush loads four pieces'
/// fields as vectors).
///
/// Piece `k` runs from `xa[k]` to `xb[k]` (clip-box pixels, either direction) with signed
/// height `d[k]` (winding × its height in the row, 0 < |d| ≤ 1) in band-relative row
/// `row[k]`. The memory belongs to the rasterizer and is kept between fills.
struct RowPieceQueue {
  let xa: UnsafeMutablePointer<Float>
  let xb: UnsafeMutablePointer<Float>
  let d: UnsafeMutablePointer<Float>
  let row: UnsafeMutablePointer<Int32>
  /// The flush's results per piece: the three cell values, the first column, and the
  /// shape (4: the piece crosses a column boundary, 8: it is wider than two columns).
  let v0: UnsafeMutablePointer<Float>
  let v1: UnsafeMutablePointer<Float>
  let v2: UnsafeMutablePointer<Float>
  let column: UnsafeMutablePointer<Int32>
  let shape: UnsafeMutablePointer<Int32>

  /// How many pieces the queue holds (a multiple of 4); a flush empties it.
  static let capacity = 512

  static func allocate() -> RowPieceQueue {
    // Zeroed, so that the lanes past the last piece of a flush compute on finite numbers.
    func floats() -> UnsafeMutablePointer<Float> {
      let p = UnsafeMutablePointer<Float>.allocate(capacity: capacity)
      p.initialize(repeating: 0, count: capacity)
      return p
    }
    func ints() -> UnsafeMutablePointer<Int32> {
      let p = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
      p.initialize(repeating: 0, count: capacity)
      return p
    }
    return RowPieceQueue(
      xa: floats(), xb: floats(), d: floats(), row: ints(), v0: floats(), v1: floats(),
      v2: floats(),
      column: ints(), shape: ints())
  }

  func deallocate() {
    for p in [xa, xb, d, v0, v1, v2] { p.deallocate() }
    for p in [row, column, shape] { p.deallocate() }
  }

  /// Stores piece `k`.
  @inline(__always)
  func set(_ k: Int, xa a: Float, xb b: Float, d h: Float, row r: Int32) {
    xa[k] = a
    xb[k] = b
    d[k] = h
    row[k] = r
  }
}
