import Foundation

/// A colour ramp: colours at locations between 0 and 1, for
/// `CGContext.drawLinearGradient` and `drawRadialGradient`.
///
/// Between two stops, colours are interpolated linearly in sRGB with straight
/// (un-premultiplied) components, as Core Graphics does; the result is premultiplied when
/// it is drawn. Locations are sorted; without locations the colours are spread evenly.
public final class CGGradient: @unchecked Sendable {
  // Sendable: immutable once made (`let` stops of immutable colours; its lookup table
  // is computed from them).
  /// The stops, sorted by location.
  package let stops: [(location: CGFloat, color: CGColor)]

  /// Creates a gradient from colours and optional locations (same count as `colors`).
  ///
  /// - Returns: nil when `colors` is empty or `locations` has a different count.
  public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: [CGFloat]?) {
    guard !colors.isEmpty else { return nil }
    var locs: [CGFloat]
    if let locations {
      guard locations.count == colors.count else { return nil }
      locs = locations.map { $0.isFinite ? Swift.min(Swift.max($0, 0), 1) : 0 }
    } else if colors.count == 1 {
      locs = [0]
    } else {
      locs = (0..<colors.count).map { CGFloat($0) / CGFloat(colors.count - 1) }
    }
    var s = zip(locs, colors).map { (location: $0.0, color: $0.1.clamped) }
    s.sort { $0.location < $1.location }
    stops = s
  }

  /// Creates a gradient from flat component arrays (`[r, g, b, a]` per colour).
  public convenience init?(
    colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
    locations: UnsafePointer<CGFloat>?, count: Int
  ) {
    guard count > 0 else { return nil }
    let colors = (0..<count).map {
      CGColor(
        red: components[4 * $0], green: components[4 * $0 + 1],
        blue: components[4 * $0 + 2], alpha: components[4 * $0 + 3])
    }
    let locs = locations.map { p in (0..<count).map { p[$0] } }
    self.init(colorsSpace: space, colors: colors, locations: locs)
  }

  /// The colour at `t` (clamped to 0…1), straight alpha.
  package func color(at t: CGFloat) -> CGColor {
    guard let first = stops.first, let last = stops.last else { return .clear }
    if t <= first.location { return first.color }
    if t >= last.location { return last.color }
    for k in 1..<stops.count where t <= stops[k].location {
      let a = stops[k - 1]
      let b = stops[k]
      let span = b.location - a.location
      let u = span > 0 ? (t - a.location) / span : 1
      return CGColor(
        red: a.color.red + (b.color.red - a.color.red) * u,
        green: a.color.green + (b.color.green - a.color.green) * u,
        blue: a.color.blue + (b.color.blue - a.color.blue) * u,
        alpha: a.color.alpha + (b.color.alpha - a.color.alpha) * u)
    }
    return last.color
  }

  /// A table of `count` premultiplied packed colours sampling the ramp evenly, with an
  /// extra opacity.
  package func lookupTable(count: Int = 256, opacity: CGFloat) -> [UInt32] {
    (0..<count).map {
      PixelMath.premultiplied(color(at: CGFloat($0) / CGFloat(count - 1)), opacity: opacity)
    }
  }
}
