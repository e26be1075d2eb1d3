import LayerKit

/// The frame comparison of the Lottie corpus (`shared/lottie/compare.py`), in Swift:
/// used by `lottie-render --compare` and the corpus test.
///
/// Both images are composited onto black and onto white (six channels); a pixel
/// differs when some channel lies more than `delta` outside that channel's range over
/// the 3 × 3 pixels around the same place in the other image, checked both ways. The
/// share is the differing pixels over the drawn pixels (not fully transparent in
/// either image), counted as at least 1 % of the frame; a frame matches at ≤ 2 %.
package enum LottieFrameMetric {
  package static let delta = 32
  package static let threshold = 0.02
  package static let floor = 0.01

  /// The share of differing pixels, nil when the sizes differ.
  package static func share(_ reference: CGImage, _ candidate: CGImage) -> Double? {
    guard reference.width == candidate.width, reference.height == candidate.height else {
      return nil
    }
    let w = reference.width
    let h = reference.height
    let a = composites(reference)
    let b = composites(candidate)
    var drawn = 0
    for i in 0..<(w * h) where reference.pixels[i * 4 + 3] > 0 || candidate.pixels[i * 4 + 3] > 0 {
      drawn += 1
    }
    var differing = 0
    let (aLo, aHi) = window(a, w, h)
    let (bLo, bHi) = window(b, w, h)
    for i in 0..<(w * h) {
      var off = false
      for c in 0..<6 {
        let k = i * 6 + c
        let x = Int(a[k])
        let y = Int(b[k])
        if x - Int(bHi[k]) > delta || Int(bLo[k]) - x > delta || y - Int(aHi[k]) > delta
          || Int(aLo[k]) - y > delta
        {
          off = true
          break
        }
      }
      if off { differing += 1 }
    }
    return Double(differing) / max(Double(drawn), floor * Double(w * h), 1)
  }

  /// Six channels per pixel: colour over black, then over white.
  private static func composites(_ image: CGImage) -> [Int16] {
    let n = image.width * image.height
    var out = [Int16](repeating: 0, count: n * 6)
    for i in 0..<n {
      let alpha = Int16(image.pixels[i * 4 + 3])
      for c in 0..<3 {
        let black = Int16(image.pixels[i * 4 + c])
        out[i * 6 + c] = black
        out[i * 6 + 3 + c] = black + 255 - alpha
      }
    }
    return out
  }

  /// Per channel, the minimum and maximum over each pixel's 3 × 3 neighbourhood (edges
  /// repeated).
  private static func window(_ x: [Int16], _ w: Int, _ h: Int) -> ([Int16], [Int16]) {
    var lo = x
    var hi = x
    var rowLo = x
    var rowHi = x
    for y in 0..<h {
      for px in 0..<w {
        for c in 0..<6 {
          var mn = x[(y * w + px) * 6 + c]
          var mx = mn
          for dx in [-1, 1] {
            let q = min(max(px + dx, 0), w - 1)
            let v = x[(y * w + q) * 6 + c]
            mn = min(mn, v)
            mx = max(mx, v)
          }
          rowLo[(y * w + px) * 6 + c] = mn
          rowHi[(y * w + px) * 6 + c] = mx
        }
      }
    }
    for y in 0..<h {
      for px in 0..<w {
        for c in 0..<6 {
          let k = (y * w + px) * 6 + c
          var mn = rowLo[k]
          var mx = rowHi[k]
          for dy in [-1, 1] {
            let q = min(max(y + dy, 0), h - 1)
            mn = min(mn, rowLo[(q * w + px) * 6 + c])
            mx = max(mx, rowHi[(q * w + px) * 6 + c])
          }
          lo[k] = mn
          hi[k] = mx
        }
      }
    }
    return (lo, hi)
  }
}
