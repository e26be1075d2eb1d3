/// Exact nearest palette colour (squared RGB distance, lowest index on ties), with the
/// candidates per 5-bit cell found once: only colours whose nearest distance to the cell
/// is within the smallest farthest distance of any colour can win inside it.
struct NearestColor {
  let palette: [SIMD3<UInt8>]
  private var candidates: [[UInt8]?] = Array(repeating: nil, count: 1 << 15)

  init(palette: [SIMD3<UInt8>]) {
    precondition(!palette.isEmpty && palette.count <= 256)
    self.palette = palette
  }

  /// The index of the palette colour nearest to (r, g, b), each 0–255.
  mutating func index(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
    let cell = MedianCut.cell(r, g, b)
    let list = candidates[cell] ?? makeCandidates(cell)
    var best = list[0]
    var bestDistance = Int.max
    for k in list {
      let p = palette[Int(k)]
      let dr = Int(p.x) - r
      let dg = Int(p.y) - g
      let db = Int(p.z) - b
      let d = dr * dr + dg * dg + db * db
      if d < bestDistance || (d == bestDistance && k < best) {
        best = k
        bestDistance = d
      }
    }
    return best
  }

  private mutating func makeCandidates(_ cell: Int) -> [UInt8] {
    let low = MedianCut.coordinates(cell) &* 8
    let high = low &+ 7
    var nearest = [Int](repeating: 0, count: palette.count)
    var limit = Int.max
    for (k, p) in palette.enumerated() {
      var near = 0
      var far = 0
      for c in 0..<3 {
        let v = Int(p[c])
        let inside = v < low[c] ? low[c] - v : v > high[c] ? v - high[c] : 0
        let outside = max(abs(v - low[c]), abs(v - high[c]))
        near += inside * inside
        far += outside * outside
      }
      nearest[k] = near
      limit = min(limit, far)
    }
    let list = palette.indices.filter { nearest[$0] <= limit }.map { UInt8($0) }
    candidates[cell] = list
    return list
  }
}
