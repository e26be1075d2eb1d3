import Dispatch
import Foundation

/// A fast Gaussian blur: three successive box blurs per direction.
///
/// Three box blurs of width `d = ⌊σ · 3·√(2π)/4 + 0.5⌋` approximate a Gaussian of standard
/// deviation σ within a few percent (the SVG/CSS filter recipe). An odd `d` uses three
/// centred boxes; an even `d` uses two boxes offset by half a pixel in opposite
/// directions and one centred box of width `d + 1`. Pixels outside the region count as
/// transparent. Each pass is a running sum, so the cost does not depend on σ:
/// O(width · height) per channel.
///
/// Every pass rounds to whole bytes (`(sum · ⌊2²⁴/n⌋ + 2²³) >> 24` for a box of `n`),
/// the three horizontal passes run first, then the three vertical ones. All passes are
/// one kernel, `BoxPasses.columns`: running sums down a strip of columns, sixteen bytes
/// per step in 16-bit lanes with a multiply-high division (`BoxPasses+Lanes`). The
/// vertical passes run all three on one 256-byte strip of columns while it is in cache;
/// the horizontal passes transpose blocks of 64 bytes of rows (64 rows of bytes, 16 of
/// pixels), run the same kernel along them and transpose back (`BoxPasses+Transpose`).
/// Channels are never told apart: a pixel's four bytes are four neighbouring columns.
/// Regions of at least `parallelPixelCount` pixels are split between two threads (row
/// blocks for the horizontal passes, column strips for the vertical ones); the result
/// does not depend on it.
@_spi(Benchmarks) public enum GaussianBlur {
  /// Regions with at least this many pixels are blurred on two threads.
  package static let parallelPixelCount = 1 << 16
  /// Bytes per column strip of the vertical passes.
  static let stripBytes = 256
  /// Bytes per line of a transposed block of the horizontal passes (64 rows of bytes,
  /// 16 rows of pixels).
  static let blockBytes = 64

  /// The box widths (as left/right reaches) for σ.
  package static func boxes(sigma: Double) -> [(left: Int, right: Int)] {
    guard sigma.isFinite, sigma > 0 else { return [] }
    let d = Int(geometric: sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5, .down)
    guard d > 1 else { return [] }
    if d % 2 == 1 {
      let r = (d - 1) / 2
      return [(r, r), (r, r), (r, r)]
    }
    return [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
  }

  /// Blurs one byte per pixel in place (`stride` bytes per row).
  @_spi(Benchmarks) public static func blurAlpha(
    _ buffer: UnsafeMutablePointer<UInt8>, width: Int, height: Int,
    stride: Int, sigma: Double
  ) {
    let passes = boxes(sigma: sigma)
    guard !passes.isEmpty, width > 0, height > 0 else { return }
    horizontal(.bytes(buffer, stride: stride), width: width, height: height, passes: passes)
    vertical(buffer, rowBytes: stride, lineBytes: width, height: height, passes: passes)
  }

  /// Writes the blurred alpha of premultiplied RGBA `pixels` (`pixelStride` pixels per
  /// row) to `alpha` (`alphaStride` bytes per row): the same bytes as copying the alpha
  /// out and calling `blurAlpha`, without the separate copy (the first transposition
  /// reads the alpha bytes).
  @_spi(Benchmarks) public static func blurAlpha(
    ofPixels pixels: UnsafePointer<UInt32>, pixelStride: Int, width: Int, height: Int,
    into alpha: UnsafeMutablePointer<UInt8>, alphaStride: Int, sigma: Double
  ) {
    guard width > 0, height > 0 else { return }
    let passes = boxes(sigma: sigma)
    guard !passes.isEmpty else {
      for y in 0..<height {
        let row = pixels + y * pixelStride
        let out = alpha + y * alphaStride
        for x in 0..<width { out[x] = UInt8(truncatingIfNeeded: row[x] >> 24) }
      }
      return
    }
    horizontal(
      .alphaOf(pixels, stride: pixelStride, into: alpha, intoStride: alphaStride), width: width,
      height: height,
      passes: passes)
    vertical(alpha, rowBytes: alphaStride, lineBytes: width, height: height, passes: passes)
  }

  /// Blurs premultiplied RGBA pixels in place (`stride` pixels per row). Each channel is
  /// blurred alike, so premultiplied colour stays within its alpha.
  @_spi(Benchmarks) public static func blurRGBA(
    _ buffer: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
    stride: Int, sigma: Double
  ) {
    let passes = boxes(sigma: sigma)
    guard !passes.isEmpty, width > 0, height > 0 else { return }
    horizontal(.pixels(buffer, stride: stride), width: width, height: height, passes: passes)
    let bytes = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: UInt8.self)
    vertical(bytes, rowBytes: stride * 4, lineBytes: width * 4, height: height, passes: passes)
  }

  /// How a block of rows comes in and goes out of the horizontal passes.
  private enum Layout {
    /// Bytes in place.
    case bytes(UnsafeMutablePointer<UInt8>, stride: Int)
    /// The alpha of pixels in, bytes out.
    case alphaOf(
      UnsafePointer<UInt32>, stride: Int, into: UnsafeMutablePointer<UInt8>, intoStride: Int)
    /// Pixels in place.
    case pixels(UnsafeMutablePointer<UInt32>, stride: Int)

    var sampleBytes: Int {
      if case .pixels = self { return 4 }
      return 1
    }
  }

  /// The three horizontal passes, on blocks of rows turned on their side: a block of
  /// `blockBytes / sampleBytes` rows is transposed so that each pixel column becomes
  /// one line of the block, the vertical passes run along the lines, and the block is
  /// transposed back. A pixel's channels stay together in a line; the passes do not
  /// care which byte is which.
  private static func horizontal(
    _ layout: Layout, width: Int, height: Int, passes: [(left: Int, right: Int)]
  ) {
    let size = layout.sampleBytes
    let blockRows = blockBytes / size
    let blocks = (height + blockRows - 1) / blockRows
    split(rows: blocks, pixels: width * height) { range in
      let capacity = blockBytes * width
      let t = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
      let a = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
      let b = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
      let sums = UnsafeMutableRawPointer.allocate(
        byteCount: BoxPasses.sumsBytes(width: blockBytes), alignment: 16)
      defer {
        t.deallocate()
        a.deallocate()
        b.deallocate()
        sums.deallocate()
      }
      let tp = UnsafeMutableRawPointer(t).assumingMemoryBound(to: UInt32.self)
      for block in range {
        let y0 = block * blockRows
        let rows = Swift.min(blockRows, height - y0)
        let line = rows * size
        switch layout {
        case .bytes(let p, let stride):
          BoxPasses.transposeBytes(p + y0 * stride, stride, rows: rows, count: width, into: t, rows)
        case .alphaOf(let p, let stride, _, _):
          BoxPasses.transposeAlpha(p + y0 * stride, stride, rows: rows, count: width, into: t, rows)
        case .pixels(let p, let stride):
          BoxPasses.transposePixels(
            p + y0 * stride, stride, rows: rows, count: width, into: tp, rows)
        }
        BoxPasses.columns(
          t, line, a, line, sums: sums, width: line, height: width, reach: passes[0])
        BoxPasses.columns(
          a, line, b, line, sums: sums, width: line, height: width, reach: passes[1])
        BoxPasses.columns(
          b, line, t, line, sums: sums, width: line, height: width, reach: passes[2])
        switch layout {
        case .bytes(let p, let stride), .alphaOf(_, _, let p, let stride):
          BoxPasses.transposeBytes(t, rows, rows: width, count: rows, into: p + y0 * stride, stride)
        case .pixels(let p, let stride):
          BoxPasses.transposePixels(
            tp, rows, rows: width, count: rows, into: p + y0 * stride, stride)
        }
      }
    }
  }

  /// The three vertical passes over `lineBytes` bytes of every row, strip by strip.
  private static func vertical(
    _ buffer: UnsafeMutablePointer<UInt8>, rowBytes: Int, lineBytes: Int, height: Int,
    passes: [(left: Int, right: Int)]
  ) {
    let strips = (lineBytes + stripBytes - 1) / stripBytes
    split(rows: strips, pixels: lineBytes * height) { range in
      let a = UnsafeMutablePointer<UInt8>.allocate(capacity: stripBytes * height)
      let b = UnsafeMutablePointer<UInt8>.allocate(capacity: stripBytes * height)
      let sums = UnsafeMutableRawPointer.allocate(
        byteCount: BoxPasses.sumsBytes(width: stripBytes), alignment: 16)
      defer {
        a.deallocate()
        b.deallocate()
        sums.deallocate()
      }
      for strip in range {
        let x0 = strip * stripBytes
        let n = Swift.min(stripBytes, lineBytes - x0)
        let column = buffer + x0
        BoxPasses.columns(
          column, rowBytes, a, n, sums: sums, width: n, height: height, reach: passes[0])
        BoxPasses.columns(a, n, b, n, sums: sums, width: n, height: height, reach: passes[1])
        BoxPasses.columns(
          b, n, column, rowBytes, sums: sums, width: n, height: height, reach: passes[2])
      }
    }
  }

  /// Runs `body` over `0..<rows`, in two halves on two threads when `pixels` is large.
  private static func split(rows: Int, pixels: Int, _ body: (Range<Int>) -> Void) {
    if pixels < parallelPixelCount || rows < 2 {
      body(0..<rows)
      return
    }
    let half = rows / 2
    withoutActuallyEscaping(body) { work in
      let box = UnsafeSendable(work)
      DispatchQueue.concurrentPerform(iterations: 2) { k in
        box.value(k == 0 ? 0..<half : half..<rows)
      }
    }
  }
}

/// Hands a non-`Sendable` closure to `concurrentPerform`: the two halves touch
/// disjoint rows or column strips.
private struct UnsafeSendable<T>: @unchecked Sendable {
  let value: T
  init(_ value: T) { self.value = value }
}
