import Foundation

/// Finds the part of a frame that changed since the previous one, by comparing pixels.
///
/// For frame sources that cannot say what they changed: the result is ready to pass as
/// the `damage` of ``FrameOutput/image(_:damage:)``.
public enum FrameDamage {
  /// The damage list for showing `next` after `previous`: nil (upload everything) when
  /// there is no previous frame or the size changed, an empty list when nothing changed,
  /// otherwise the one rectangle spanning the changed rows and columns.
  ///
  /// - Complexity: O(width · height), a row comparison per row plus a column scan of the
  ///   changed rows.
  public static func changedRects(from previous: CGImage?, to next: CGImage) -> [CGRect]? {
    guard let previous, previous.width == next.width, previous.height == next.height else {
      return nil
    }
    let width = next.width
    let rowBytes = width * 4
    var minX = width
    var maxX = -1
    var minY = -1
    var maxY = -1
    previous.pixels.withUnsafeBytes { a in
      next.pixels.withUnsafeBytes { b in
        for y in 0..<next.height {
          let offset = y * rowBytes
          if memcmp(a.baseAddress! + offset, b.baseAddress! + offset, rowBytes) == 0 { continue }
          if minY < 0 { minY = y }
          maxY = y
          // Only columns outside the span found so far can widen it.
          var x = 0
          while x < minX, same(a, b, offset + x * 4) { x += 1 }
          minX = min(minX, x)
          var r = width - 1
          while r > maxX, same(a, b, offset + r * 4) { r -= 1 }
          maxX = max(maxX, r)
        }
      }
    }
    guard minY >= 0 else { return [] }
    return [CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)]
  }

  private static func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, _ i: Int)
    -> Bool
  {
    a.load(fromByteOffset: i, as: UInt32.self) == b.load(fromByteOffset: i, as: UInt32.self)
  }
}
