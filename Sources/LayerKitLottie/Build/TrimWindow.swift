import Foundation

/// The part of a path that a trim (`tm`) keeps, as `strokeStart`/`strokeEnd` over the path
/// drawn `copies` times in a row, following lottie-ios's Core Animation engine
/// (`Trim.caShapeLayerKeyframes`).
///
/// Start and end are percentages of the path (clamped to 0…100, and swapped where the
/// start is the larger); the offset is in degrees, 360° being the whole path. With an
/// offset, the window is *not* wrapped frame by frame: both ends move by `offset / 3.6`
/// percent, so an offset turning from 0° to 720° carries the window around the path twice
/// while Core Animation interpolates between key times. The path is repeated
/// `|ceil(max end / 100)| + |floor(min start / 100)|` times over the frames the window is
/// evaluated at, and when the smallest start is negative every value is lifted by that
/// many whole paths, so the window always lies on the repeated path.
///
/// When that would repeat the path more than `maxCopies` times (an offset of dozens of
/// turns), the window wraps into the first copy at every frame instead, over two copies:
/// the same stretch of path at each key time, which Core Animation then interpolates
/// directly between (a jump where the window wraps). This keeps the path's size bounded.
struct TrimWindow {
  /// The most copies of a path a trim may draw (see the type's notes).
  static let maxCopies = 8

  /// Start in percent of the path, end in percent, offset in degrees.
  let start: Keyframed<Double>
  let end: Keyframed<Double>
  let offset: Keyframed<Double>
  /// Whether any offset keyframe is non-zero (lottie-ios's rule for applying it at all).
  let hasOffset: Bool
  /// How many times the path is drawn in a row (at least 1).
  let copies: Int
  /// Percent added to both ends so that the smallest start is not negative.
  let lift: Double
  /// Whether the window wraps into the first copy at every frame (too many copies).
  let wraps: Bool

  /// - Parameter frames: the frames the window is evaluated at (the key times of the
  ///   animation built from it); copies and lift are computed over these.
  init(
    start: Keyframed<Double>, end: Keyframed<Double>, offset: Keyframed<Double>,
    frames: [Double]
  ) {
    self.start = start
    self.end = end
    self.offset = offset
    hasOffset = offset.keyframes.contains { $0.value != 0 }
    var lo = Double.infinity
    var hi = -Double.infinity
    for f in frames.isEmpty ? [0] : frames {
      let (a, b) = Self.unwrapped(start, end, hasOffset ? offset : nil, at: f)
      lo = min(lo, a)
      hi = max(hi, b)
    }
    let below = (lo / 100).rounded(.down)
    let above = (hi / 100).rounded(.up)
    // Values are finite when read, but a window between extreme ones may not be: anything
    // that is not a small count (infinite or NaN included) wraps, and only a small count is
    // converted to Int.
    let total = abs(above) + abs(below)
    if !(total <= Double(Self.maxCopies)) {
      copies = 2
      lift = 0
      wraps = true
    } else {
      copies = max(1, Int(total))
      lift = below < 0 ? -below * 100 : 0
      wraps = false
    }
  }

  /// (start, end) in percent at frame `f`, ordered, with the offset's share of the path
  /// added, not wrapped.
  static func unwrapped(
    _ s: Keyframed<Double>, _ e: Keyframed<Double>, _ o: Keyframed<Double>?, at f: Double
  ) -> (Double, Double) {
    let a = min(max(s.value(at: f), 0), 100)
    let b = min(max(e.value(at: f), 0), 100)
    let shift = (o?.value(at: f) ?? 0) / 3.6
    return (min(a, b) + shift, max(a, b) + shift)
  }

  /// (`strokeStart`, `strokeEnd`) at frame `f`, as fractions of the repeated path.
  func stroke(at f: Double) -> (Double, Double) {
    var (lo, hi) = Self.unwrapped(start, end, hasOffset ? offset : nil, at: f)
    guard lo.isFinite, hi.isFinite else { return (0, 0) }
    if wraps {
      let k = (lo / 100).rounded(.down) * 100
      lo -= k
      hi -= k
    }
    let length = 100 * Double(copies)
    return (min(max((lo + lift) / length, 0), 1), min(max((hi + lift) / length, 0), 1))
  }
}
