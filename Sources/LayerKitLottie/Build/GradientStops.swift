import Foundation
import LayerKit

/// Lottie gradient stops (`g.k`): `count` colour stops `(position, r, g, b)` followed by
/// optional opacity stops `(position, alpha)`, merged into the colours and locations of a
/// `CAGradientLayer`.
enum GradientStops {
  /// Colours (straight alpha) and locations (0…1) for the raw stop array.
  static func resolve(_ raw: [Double], count: Int) -> (colors: [CGColor], locations: [NSNumber]) {
    let n = min(count, raw.count / 4)
    guard n > 0 else { return ([CGColor(red: 0, green: 0, blue: 0, alpha: 1)], [0]) }
    var colorStops: [(Double, [Double])] = []
    for i in 0..<n {
      let b = i * 4
      colorStops.append((raw[b], [raw[b + 1], raw[b + 2], raw[b + 3]]))
    }
    var alphaStops: [(Double, Double)] = []
    var i = n * 4
    while i + 1 < raw.count {
      alphaStops.append((raw[i], raw[i + 1]))
      i += 2
    }
    var positions = colorStops.map(\.0)
    for a in alphaStops where !positions.contains(a.0) { positions.append(a.0) }
    positions.sort()
    let colors = positions.map { p -> CGColor in
      let rgb = sample(colorStops, at: p)
      let alpha = alphaStops.isEmpty ? 1 : sample(alphaStops.map { ($0.0, [$0.1]) }, at: p)[0]
      return LottieColorConversion.cgColor(rgb + [alpha])
    }
    return (colors, positions.map { NSNumber(value: min(1, max(0, $0))) })
  }

  /// Linear interpolation of stop values at `p`, clamped to the end stops.
  private static func sample(_ stops: [(Double, [Double])], at p: Double) -> [Double] {
    guard let first = stops.first else { return [0] }
    if p <= first.0 { return first.1 }
    for k in 1..<stops.count where p <= stops[k].0 {
      let a = stops[k - 1]
      let b = stops[k]
      let f = b.0 > a.0 ? (p - a.0) / (b.0 - a.0) : 1
      return a.1.interpolated(to: b.1, fraction: f)
    }
    return stops[stops.count - 1].1
  }
}
