/// Median cut over a histogram of 5-bit-per-channel cells (32 768 of them).
struct MedianCut {
  /// Pixel count and channel sums per cell.
  private var counts = [Int](repeating: 0, count: 1 << 15)
  private var sums = [SIMD3<Int>](repeating: .zero, count: 1 << 15)

  /// A run of cells in `cells` and their bounds, 0–31 per channel.
  private struct Box {
    var start: Int
    var end: Int
    var low: SIMD3<Int>
    var high: SIMD3<Int>
    var population: Int

    var longestSide: (channel: Int, length: Int) {
      let size = high &- low
      if size.x >= size.y && size.x >= size.z { return (0, size.x) }
      return size.y >= size.z ? (1, size.y) : (2, size.z)
    }
  }

  init(rgb: [UInt8], opaque: [Bool]) {
    for i in opaque.indices where opaque[i] {
      let r = Int(rgb[i * 3])
      let g = Int(rgb[i * 3 + 1])
      let b = Int(rgb[i * 3 + 2])
      let cell = Self.cell(r, g, b)
      counts[cell] += 1
      sums[cell] &+= SIMD3(r, g, b)
    }
  }

  @inline(__always) static func cell(_ r: Int, _ g: Int, _ b: Int) -> Int {
    (r >> 3) << 10 | (g >> 3) << 5 | b >> 3
  }

  @inline(__always) static func coordinates(_ cell: Int) -> SIMD3<Int> {
    SIMD3(cell >> 10, (cell >> 5) & 31, cell & 31)
  }

  /// At most `colors` colours: the mean colour of each box.
  func palette(colors: Int) -> [SIMD3<UInt8>] {
    var cells = counts.indices.filter { counts[$0] > 0 }
    guard !cells.isEmpty else { return [SIMD3(0, 0, 0)] }
    var boxes = [bounded(start: 0, end: cells.count, cells)]
    while boxes.count < colors {
      // The box with the most pixels × the longest side, among those with two cells or more.
      var best = -1
      var bestScore = 0
      for (k, box) in boxes.enumerated() where box.end - box.start > 1 {
        let score = box.population * box.longestSide.length
        if score > bestScore {
          best = k
          bestScore = score
        }
      }
      guard best >= 0 else { break }
      let box = boxes[best]
      let channel = box.longestSide.channel
      cells[box.start..<box.end].sort {
        let a = Self.coordinates($0)[channel]
        let b = Self.coordinates($1)[channel]
        return a != b ? a < b : $0 < $1
      }
      // Cut at the median pixel, keeping a cell on each side.
      var running = 0
      var cut = box.start + 1
      for k in box.start..<(box.end - 1) {
        running += counts[cells[k]]
        cut = k + 1
        if running * 2 >= box.population { break }
      }
      boxes[best] = bounded(start: box.start, end: cut, cells)
      boxes.append(bounded(start: cut, end: box.end, cells))
    }
    return boxes.map { box in
      var sum = SIMD3<Int>.zero
      for k in box.start..<box.end { sum &+= sums[cells[k]] }
      let half = box.population / 2
      return SIMD3(
        UInt8((sum.x + half) / box.population), UInt8((sum.y + half) / box.population),
        UInt8((sum.z + half) / box.population))
    }
  }

  private func bounded(start: Int, end: Int, _ cells: [Int]) -> Box {
    var low = SIMD3(repeating: 31)
    var high = SIMD3(repeating: 0)
    var population = 0
    for k in start..<end {
      let p = Self.coordinates(cells[k])
      low = pointwiseMin(low, p)
      high = pointwiseMax(high, p)
      population += counts[cells[k]]
    }
    return Box(start: start, end: end, low: low, high: high, population: population)
  }
}
