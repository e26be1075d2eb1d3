import Foundation

/// How an image's alpha is stored; LayerKit images are always `.premultipliedLast`.
public enum CGImageAlphaInfo: UInt32, Sendable {
  case none, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst,
    alphaOnly
}

/// An immutable bitmap image: 8-bit premultiplied RGBA in the sRGB colour space.
///
/// Pixels are stored row by row from the top, four bytes each in the order R, G, B, A,
/// with colour premultiplied by alpha (`r ≤ a`). Rows are tightly packed
/// (`bytesPerRow == width · 4`). The pixel buffer never changes: a `CGContext` snapshot
/// (`makeImage()`) copies the context's pixels once, and images made from an array share
/// it with every copy of that array.
public final class CGImage: Equatable, Hashable, CustomStringConvertible, @unchecked Sendable {
  /// Width and height in pixels.
  public let width: Int
  public let height: Int
  /// The premultiplied RGBA bytes, `width · height · 4` of them.
  public let pixels: [UInt8]

  /// The largest width or height an image may have.
  public static let maximumDimension = 1 << 15

  /// Creates an image from premultiplied RGBA bytes.
  ///
  /// - Returns: nil when a dimension is not positive or exceeds `maximumDimension`, or
  ///   when `premultipliedRGBA` does not hold exactly `width · height · 4` bytes.
  public init?(width: Int, height: Int, premultipliedRGBA: [UInt8]) {
    guard width > 0, height > 0, width <= Self.maximumDimension, height <= Self.maximumDimension,
      premultipliedRGBA.count == width * height * 4
    else { return nil }
    self.width = width
    self.height = height
    self.pixels = premultipliedRGBA
  }

  /// Creates an image from straight (un-premultiplied) RGBA bytes.
  public convenience init?(width: Int, height: Int, straightRGBA: [UInt8]) {
    guard straightRGBA.count == width * height * 4 else { return nil }
    var p = straightRGBA
    for i in stride(from: 0, to: p.count, by: 4) {
      let a = UInt32(p[i + 3])
      if a == 255 { continue }
      p[i] = UInt8((UInt32(p[i]) * a + 127) / 255)
      p[i + 1] = UInt8((UInt32(p[i + 1]) * a + 127) / 255)
      p[i + 2] = UInt8((UInt32(p[i + 2]) * a + 127) / 255)
    }
    self.init(width: width, height: height, premultipliedRGBA: p)
  }

  public var bitsPerComponent: Int { 8 }
  public var bitsPerPixel: Int { 32 }
  public var bytesPerRow: Int { width * 4 }
  public var alphaInfo: CGImageAlphaInfo { .premultipliedLast }

  /// The premultiplied pixel at `(x, y)`, top-left origin, as (r, g, b, a).
  public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    precondition(
      x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
    let i = (y * width + x) * 4
    return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
  }

  /// The part of the image inside `rect` (in pixels, top-left origin), or nil when the
  /// intersection is empty.
  public func cropping(to rect: CGRect) -> CGImage? {
    // Foundation's `integral` and `intersection` trap on NaN on Linux: a rectangle
    // with NaN selects no pixels.
    guard !rect.origin.x.isNaN, !rect.origin.y.isNaN, !rect.width.isNaN, !rect.height.isNaN else {
      return nil
    }
    let s = rect.standardized
    let x0 = Swift.max(Int(geometric: s.minX, .down), 0)
    let y0 = Swift.max(Int(geometric: s.minY, .down), 0)
    let x1 = Swift.min(Int(geometric: s.maxX, .up), width)
    let y1 = Swift.min(Int(geometric: s.maxY, .up), height)
    guard x1 > x0, y1 > y0 else { return nil }
    let w = x1 - x0
    let h = y1 - y0
    var out = [UInt8](repeating: 0, count: w * h * 4)
    for row in 0..<h {
      let src = ((y0 + row) * width + x0) * 4
      out[(row * w * 4)..<((row + 1) * w * 4)] = pixels[src..<(src + w * 4)]
    }
    return CGImage(width: w, height: h, premultipliedRGBA: out)
  }

  public static func == (a: CGImage, b: CGImage) -> Bool {
    a === b || (a.width == b.width && a.height == b.height && a.pixels == b.pixels)
  }

  public func hash(into h: inout Hasher) {
    h.combine(width)
    h.combine(height)
  }

  public var description: String { "CGImage(\(width)×\(height))" }
}
