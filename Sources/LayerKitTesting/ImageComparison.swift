import LayerKit

/// The difference between an image and its reference, measured pixel by pixel.
///
/// A pixel's difference is the largest absolute difference of its four premultiplied
/// channels. The comparison counts the pixels whose difference exceeds the tolerance's
/// `maxChannelDifference` and matches when that count is at most `maxDifferingPixels`.
/// Images of different sizes never match.
///
/// - Complexity: O(pixels) for the comparison; ``diffImage`` another O(pixels).
public struct ImageComparison: Sendable {
  /// The image being checked.
  public let actual: CGImage
  /// The reference it is checked against.
  public let reference: CGImage
  /// The tolerance the comparison used.
  public let tolerance: GoldenTolerance
  /// Whether both images have the same width and height.
  public let sizesMatch: Bool
  /// How many pixels differ by more than `tolerance.maxChannelDifference` (0 when the
  /// sizes differ).
  public let differingPixels: Int
  /// The largest channel difference anywhere (0…255; 0 when the sizes differ).
  public let largestDifference: Int

  /// Compares `actual` with `reference` under `tolerance`.
  public init(_ actual: CGImage, _ reference: CGImage, tolerance: GoldenTolerance = .exact) {
    self.actual = actual
    self.reference = reference
    self.tolerance = tolerance
    sizesMatch = actual.width == reference.width && actual.height == reference.height
    var count = 0
    var largest = 0
    if sizesMatch {
      Self.forEachPixelDifference(actual, reference) { _, d in
        largest = max(largest, d)
        if d > tolerance.maxChannelDifference { count += 1 }
      }
    }
    differingPixels = count
    largestDifference = largest
  }

  /// Whether the images match within the tolerance.
  public var matches: Bool { sizesMatch && differingPixels <= tolerance.maxDifferingPixels }

  /// A picture of the difference: differing pixels opaque red over a faded grey copy of
  /// the reference; nil when the sizes differ.
  public var diffImage: CGImage? {
    guard sizesMatch else { return nil }
    var diff = [UInt8](repeating: 0, count: actual.pixels.count)
    let golden = reference.pixels
    Self.forEachPixelDifference(actual, reference) { i, d in
      if d > tolerance.maxChannelDifference {
        diff[i] = 255
        diff[i + 3] = 255
      } else {
        let g = UInt8((Int(golden[i]) + Int(golden[i + 1]) + Int(golden[i + 2])) / 12 + 160)
        diff[i] = g
        diff[i + 1] = g
        diff[i + 2] = g
        diff[i + 3] = 255
      }
    }
    return CGImage(width: actual.width, height: actual.height, premultipliedRGBA: diff)
  }

  /// A one-line account of the difference, for a failure message.
  public var summary: String {
    guard sizesMatch else {
      return "size \(actual.width)×\(actual.height) differs from the reference's "
        + "\(reference.width)×\(reference.height)"
    }
    return "\(differingPixels) pixels differ by more than \(tolerance.maxChannelDifference) "
      + "(largest \(largestDifference); \(tolerance.maxDifferingPixels) allowed)"
  }

  /// Calls `body` with each pixel's byte offset and largest channel difference.
  private static func forEachPixelDifference(
    _ a: CGImage, _ b: CGImage, _ body: (Int, Int) -> Void
  ) {
    a.pixels.withUnsafeBufferPointer { pa in
      b.pixels.withUnsafeBufferPointer { pb in
        for i in stride(from: 0, to: pa.count, by: 4) {
          var d = 0
          for c in 0..<4 { d = max(d, abs(Int(pa[i + c]) - Int(pb[i + c]))) }
          body(i, d)
        }
      }
    }
  }
}
