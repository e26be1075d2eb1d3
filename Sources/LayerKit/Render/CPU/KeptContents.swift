import Foundation

/// A layer's `contents` resampled once to device pixels, kept while the layer's image,
/// placement and filter stay the same: an opaque layer whose neighbours animate over it
/// (a backdrop under a moving disc) is then copied, not resampled, on every frame that
/// redraws part of it.
///
/// Only contents drawn at full opacity are kept (the copy is then composited exactly as
/// the resampled pixels would have been: contents that may be kept are always resampled
/// with the copy's top-left pixel as the origin, whether onto the copy or onto the frame),
/// and only after the same drawing was asked for twice in a row, so contents that move
/// every frame cost nothing extra. All kept contents of one compositor share
/// ``KeptContentsBudget``'s limit.
final class KeptContents {
  /// The resampled pixels, with their top-left pixel at device (`x`, `y`).
  let image: CGImage
  let x: Int
  let y: Int
  private let budget: KeptContentsBudget

  /// Keeps `image` at device (`x`, `y`), or nil when the budget has no room for it.
  init?(_ image: CGImage, x: Int, y: Int, budget: KeptContentsBudget) {
    guard budget.take(image.width * image.height) else { return nil }
    self.image = image
    self.x = x
    self.y = y
    self.budget = budget
  }

  deinit { budget.give(image.width * image.height) }
}

/// The pixels all of one compositor's ``KeptContents`` may hold together: by default
/// 8,388,608 (32 MiB); an image that does not fit is drawn as before, never kept.
final class KeptContentsBudget {
  /// At most this many pixels are kept at once.
  let limit: Int
  private(set) var pixels = 0

  init(limit: Int = 8 * 1024 * 1024) { self.limit = limit }

  /// Whether `n` more pixels fit under the limit.
  func fits(_ n: Int) -> Bool { n > 0 && pixels + n <= limit }

  /// Reserves `n` pixels; false when they would pass the limit.
  func take(_ n: Int) -> Bool {
    guard fits(n) else { return false }
    pixels += n
    return true
  }

  /// Returns `n` reserved pixels.
  func give(_ n: Int) { pixels -= n }
}
