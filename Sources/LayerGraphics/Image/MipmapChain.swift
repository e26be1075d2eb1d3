import Foundation

/// The reduced copies of an image that trilinear minification samples.
///
/// Level 0 is the image itself (its pixels are not copied); level `k + 1` is level `k`
/// halved, each dimension rounded up, down to a single pixel. A pixel of level `k + 1`
/// at `(x, y)` is the average of the 2 × 2 premultiplied pixels `(2x…2x+1, 2y…2y+1)` of
/// level `k`, rounded to nearest (`(sum + 2) >> 2` per channel). Where an odd dimension
/// leaves the last column or row with only one source pixel, that pixel counts twice,
/// which is the average of the pixels that exist. Averaging premultiplied values keeps
/// transparent pixels from darkening their neighbours.
///
/// A level is addressed by normalized coordinates, like a texture: its whole extent
/// spans the image's extent, so an odd-sized level is stretched by `size / (2·half)`
/// rather than shifted.
///
/// - Complexity: building is O(pixels) (about a third of the image's pixel count in new
///   storage).
package final class MipmapChain: Sendable {
  /// One reduced level: premultiplied packed pixels (R, G, B, A bytes), row-major from
  /// the top.
  package struct Level: Sendable {
    package var width: Int
    package var height: Int
    package var pixels: [UInt32]
  }

  /// The size of level 0 (the image).
  package let width: Int
  package let height: Int
  /// Levels 1…n (level 0 is the image). Empty for a 1 × 1 image.
  package let reduced: [Level]

  /// The number of levels including level 0.
  package var levelCount: Int { reduced.count + 1 }

  /// The bytes held by the reduced levels.
  package var byteCount: Int { reduced.reduce(0) { $0 + $1.pixels.count * 4 } }

  /// Builds every level of `image` down to 1 × 1.
  package init(_ image: CGImage) {
    width = image.width
    height = image.height
    var levels: [Level] = []
    // Level 1 straight from the image's pixels, each further level from the one before.
    if image.width > 1 || image.height > 1 {
      levels.append(
        image.pixels.withUnsafeBytes { raw in
          Self.halve(raw.bindMemory(to: UInt32.self), width: image.width, height: image.height)
        })
    }
    while let last = levels.last, last.width > 1 || last.height > 1 {
      levels.append(
        last.pixels.withUnsafeBufferPointer {
          Self.halve($0, width: last.width, height: last.height)
        })
    }
    reduced = levels
  }

  /// The size of level `k` (`0 ≤ k < levelCount`).
  package func size(ofLevel k: Int) -> (width: Int, height: Int) {
    k == 0 ? (width, height) : (reduced[k - 1].width, reduced[k - 1].height)
  }

  /// Level `k + 1` of a level of `width × height` pixels.
  static func halve(_ s: UnsafeBufferPointer<UInt32>, width: Int, height: Int) -> Level {
    let w = (width + 1) / 2
    let h = (height + 1) / 2
    var out = [UInt32](repeating: 0, count: w * h)
    out.withUnsafeMutableBufferPointer { d in
      for y in 0..<h {
        let r0 = s.baseAddress! + 2 * y * width
        let r1 = 2 * y + 1 < height ? r0 + width : r0
        for x in 0..<w {
          let x0 = 2 * x
          let x1 = x0 + 1 < width ? x0 + 1 : x0
          d[y * w + x] = average(r0[x0], r0[x1], r1[x0], r1[x1])
        }
      }
    }
    return Level(width: w, height: h, pixels: out)
  }

  /// The rounded per-channel average of four packed pixels.
  @inline(__always)
  static func average(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
    let e = PixelMath.expand
    let sum = e(a) &+ e(b) &+ e(c) &+ e(d) &+ 0x0002_0002_0002_0002
    return PixelMath.compress((sum &>> 2) & PixelMath.laneMask)
  }
}
