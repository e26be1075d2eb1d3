import LayerKit

/// A 64-bit hash of each ``side`` × ``side`` tile of a premultiplied RGBA bitmap (the
/// last row and column of tiles may be shorter): what a kept texture holds, tile by tile,
/// so that a redrawn bitmap of the same size uploads only the tiles that changed
/// (``GLTextureCache``).
///
/// FNV-1a over the tile's rows, eight bytes at a time. A tile whose bytes changed but whose
/// hash did not would keep its old texels; at 64 bits that is a chance of about one in
/// 2⁶⁴ per changed tile.
struct GLTileHashes: Equatable {
  /// A tile's side, in texels.
  static let side = 32

  let width: Int
  let height: Int
  /// Row-major, `columns × rows`.
  let hashes: [UInt64]

  var columns: Int { (width + Self.side - 1) / Self.side }
  var rows: Int { (height + Self.side - 1) / Self.side }

  /// The tile hashes of `image`.
  init(_ image: CGImage) {
    let width = image.width
    let height = image.height
    self.width = width
    self.height = height
    let side = Self.side
    let columns = (width + side - 1) / side
    let rows = (height + side - 1) / side
    var hashes = [UInt64](repeating: 0xcbf2_9ce4_8422_2325, count: columns * rows)
    let stride = width * 4
    // `raw` holds the bitmap's `height × width × 4` bytes while the closure runs; every
    // read is inside row `y`'s `stride` bytes.
    image.pixels.withUnsafeBytes { raw in
      for y in 0..<height {
        let row = raw.baseAddress! + y * stride
        for c in 0..<columns {
          let x0 = c * side
          let bytes = (min(x0 + side, width) - x0) * 4
          var h = hashes[(y / side) * columns + c]
          var k = 0
          while k + 8 <= bytes {
            h =
              (h ^ row.loadUnaligned(fromByteOffset: x0 * 4 + k, as: UInt64.self))
              &* 0x0000_0100_0000_01b3
            k += 8
          }
          while k < bytes {
            h =
              (h ^ UInt64(row.load(fromByteOffset: x0 * 4 + k, as: UInt8.self)))
              &* 0x0000_0100_0000_01b3
            k += 1
          }
          hashes[(y / side) * columns + c] = h
        }
      }
    }
    self.hashes = hashes
  }

  /// The texel rectangles to upload to turn `old` (the same size) into this bitmap: per
  /// row of tiles, each run of neighbouring tiles whose hashes differ.
  func changedRuns(since old: GLTileHashes) -> [PixelRect] {
    guard old.width == width, old.height == height else {
      return [PixelRect(x0: 0, y0: 0, x1: width, y1: height)]
    }
    let side = Self.side
    var runs: [PixelRect] = []
    for r in 0..<rows {
      var c = 0
      while c < columns {
        guard hashes[r * columns + c] != old.hashes[r * columns + c] else {
          c += 1
          continue
        }
        let start = c
        while c < columns, hashes[r * columns + c] != old.hashes[r * columns + c] { c += 1 }
        runs.append(
          PixelRect(
            x0: start * side, y0: r * side, x1: min(c * side, width),
            y1: min((r + 1) * side, height)))
      }
    }
    return runs
  }
}
