extension CGContext {
  /// Whether fills repeat the blits of identical rows instead of scan-converting them
  /// again (`CoverageRasterizer.replicatesRows`); on by default. The output is the same
  /// either way, so this exists only to compare the two.
  @_spi(Benchmarks) public var replicatesRows: Bool {
    get { rasterizer.replicatesRows }
    set { rasterizer.replicatesRows = newValue }
  }
}

extension CGContext {
  /// Whether fills sum each row's cells one at a time, left to right, instead of four at
  /// a time in vector lanes (`CoverageRasterizer.sumsCellsInOrder`); off by default. The
  /// two round differently, by at most one coverage level, so this exists only to
  /// compare them.
  @_spi(Benchmarks) public var sumsCellsInOrder: Bool {
    get { rasterizer.sumsCellsInOrder }
    set { rasterizer.sumsCellsInOrder = newValue }
  }
}
