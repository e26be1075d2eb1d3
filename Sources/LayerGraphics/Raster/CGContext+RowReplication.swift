extension CGContext {
  /// Whether fills repeat the blits of identical rows instead of scan-converting them
  /// again (`CoverageRasterizer.replicatesRows`); on by default. The output is the same
  /// either way, so this exists only to compare the two.
  @_spi(Benchmarks) public var replicatesRows: Bool {
    get { rasterizer.replicatesRows }
    set { rasterizer.replicatesRows = newValue }
  }
}
