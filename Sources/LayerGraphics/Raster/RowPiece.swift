/// One row piece of a sloped edge, queued by `CoverageCells.deposit` and added to the
/// cells by `CoverageCells.flush`.
///
/// The piece runs from `xa` to `xb` (clip-box pixels, left to right or right to left) with
/// signed height `d` (winding × the piece's height in the row, ≤ 1) in band-relative row
/// `row`.
struct RowPiece {
  var xa: Float
  var xb: Float
  var d: Float
  var row: Int32

  /// How many pieces the queue holds; a flush empties it.
  static let queueCapacity = 512
}
