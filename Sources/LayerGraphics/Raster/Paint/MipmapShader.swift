import Foundation

/// Samples two adjacent levels of a mip chain for trilinear minification and blends them.
///
/// `lower` and `upper` are bilinear ``ImageShader``s over levels ⌊λ⌋ and ⌊λ⌋ + 1, each
/// mapping device pixel centres into its own level's pixels (opacity 255). A pixel is
/// `(l·(256 − w) + u·w) >> 8` per premultiplied channel, `w` the fraction of λ in
/// 1/256 steps (0…255), like the bilinear weights; then the paint's opacity applies.
/// Without `upper` (λ at the chain's last level) the lower level alone is the result.
package struct MipmapShader {
  var lower: ImageShader
  var upper: ImageShader?
  /// The weight of `upper`, 0…255.
  var weight: UInt32
  /// Opacity 0…255 applied to every sample.
  var opacity: UInt32

  /// Pixels blended per step (the upper level's samples wait in a stack buffer).
  private static let chunk = 64

  func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
    lower.shade(x: x, y: y, count: count, into: out)
    if let upper, weight != 0 {
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: Self.chunk) { buffer in
        let tmp = buffer.baseAddress!
        var done = 0
        while done < count {
          let n = Swift.min(Self.chunk, count - done)
          upper.shade(x: x + done, y: y, count: n, into: tmp)
          let o = out + done
          for k in 0..<n { o[k] = Self.mix(o[k], tmp[k], weight: weight) }
          done += n
        }
      }
    }
    if opacity != 255 {
      M.scale(out, count: count, by: opacity)
    }
  }

  /// `(a·(256 − w) + b·w) >> 8` per channel, `w` 0…255.
  @inline(__always)
  static func mix(_ a: UInt32, _ b: UInt32, weight w: UInt32) -> UInt32 {
    let t = M.expand(a) &* UInt64(256 &- w) &+ M.expand(b) &* UInt64(w)
    return M.compress((t &>> 8) & M.laneMask)
  }
}

private typealias M = PixelMath
