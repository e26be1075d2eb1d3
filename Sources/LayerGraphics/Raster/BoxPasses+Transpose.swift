/// Turning a block of rows on its side for the horizontal passes.
extension BoxPasses {
  /// Copies `rows` rows of `count` elements (`stride` elements apart) into `t`, column
  /// by column: element `x` of row `r` goes to `t[x · rows + r]`.
  @inline(__always)
  static func transpose<T>(_ src: UnsafeMutablePointer<T>, stride: Int, rows: Int, count: Int,
                           into t: UnsafeMutablePointer<T>) {
    for r in 0..<rows {
      let row = src + r * stride
      var out = t + r
      for x in 0..<count {
        out.pointee = row[x]
        out += rows
      }
    }
  }

  /// The inverse of `transpose`: `t[x · rows + r]` back to element `x` of row `r`.
  @inline(__always)
  static func untranspose<T>(_ t: UnsafeMutablePointer<T>, rows: Int, count: Int, into dst: UnsafeMutablePointer<T>,
                             stride: Int) {
    for r in 0..<rows {
      let row = dst + r * stride
      var from = t + r
      for x in 0..<count {
        row[x] = from.pointee
        from += rows
      }
    }
  }
}
