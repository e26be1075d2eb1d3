import Dispatch
import Foundation

/// Splits row-wise pixel work into bands run on the machine's cores.
///
/// Work under `minimumPixels` runs inline on the calling thread; larger work is cut
/// into one band of whole rows per core (at most `maximumBands`) and run with
/// `DispatchQueue.concurrentPerform`, which returns when every band is done. Each band
/// writes only its own rows, so the result is identical to running inline.
package enum ParallelRows {
  /// Below this many pixels a frame's kernels stay on one thread.
  package static let minimumPixels = 96 * 1024
  /// At most this many bands: 2, and never more than compositing may use
  /// (`CompositingThreads`; `LAYERKIT_THREADS=1` makes every kernel single-threaded). A
  /// kernel often runs inside one of the compositor's bands, already on its own thread,
  /// so it splits its rows once more at most.
  package static let maximumBands = Swift.min(2, CompositingThreads.current)

  /// The number of bands that work on `pixels` pixels is split into.
  package static func bandCount(pixels: Int, rows: Int) -> Int {
    guard pixels >= minimumPixels, rows >= 16 else { return 1 }
    return Swift.min(maximumBands, rows)
  }

  /// Runs `body` over `rows`, in bands when the work is large.
  package static func run(
    _ rows: Range<Int>, pixelsPerRow: Int, _ body: @Sendable (Range<Int>) -> Void
  ) {
    let bands = bandCount(pixels: rows.count * pixelsPerRow, rows: rows.count)
    if bands <= 1 {
      body(rows)
      return
    }
    let n = rows.count
    DispatchQueue.concurrentPerform(iterations: bands) { b in
      let lo = rows.lowerBound + n * b / bands
      let hi = rows.lowerBound + n * (b + 1) / bands
      body(lo..<hi)
    }
  }
}

/// Lets raw pixel pointers cross into the bands of `ParallelRows`; each band touches
/// disjoint rows.
package struct SendablePointer<T>: @unchecked Sendable {
  package let pointer: UnsafeMutablePointer<T>
  package init(_ p: UnsafeMutablePointer<T>) { pointer = p }
}
