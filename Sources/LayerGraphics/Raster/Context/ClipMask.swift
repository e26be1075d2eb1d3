/// An anti-aliased clip: one coverage byte per bitmap pixel (255 = fully inside).
///
/// Masks are immutable once built and shared between saved graphics states; clipping
/// again makes a new mask that is the product of the old one and the new coverage.
package final class ClipMask: @unchecked Sendable {
  package let width: Int
  package let height: Int
  /// Bytes per row; the same as the bitmap's pixels per row.
  package let stride: Int
  package let bytes: UnsafeMutablePointer<UInt8>

  package init(width: Int, height: Int, stride: Int) {
    self.width = width
    self.height = height
    self.stride = stride
    bytes = .allocate(capacity: stride * height)
    bytes.initialize(repeating: 0, count: stride * height)
  }

  deinit { bytes.deallocate() }
}

/// A blitter that writes coverage into a `ClipMask`, multiplied by an older mask when
/// there is one.
package struct MaskBlitter: SpanBlitter {
  var target: UnsafeMutablePointer<UInt8>
  var previous: UnsafePointer<UInt8>?
  var stride: Int

  package mutating func blitSpan(y: Int, x0: Int, x1: Int, alpha: UInt8) {
    let t = target + y * stride
    if let previous {
      let p = previous + y * stride
      for x in x0..<x1 { t[x] = UInt8(PixelMath.mul255(UInt32(p[x]), UInt32(alpha))) }
    } else {
      (t + x0).update(repeating: alpha, count: x1 - x0)
    }
  }

  package mutating func blitMask(y: Int, x: Int, count: Int, mask: UnsafePointer<UInt8>) {
    let t = target + y * stride + x
    if let previous {
      let p = previous + y * stride + x
      for k in 0..<count { t[k] = UInt8(PixelMath.mul255(UInt32(p[k]), UInt32(mask[k]))) }
    } else {
      t.update(from: mask, count: count)
    }
  }
}
