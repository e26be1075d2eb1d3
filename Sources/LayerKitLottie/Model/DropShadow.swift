import Foundation

/// A layer's drop shadow, from a Drop Shadow effect (`ef`, type 25) or a Drop Shadow
/// layer style (`sy`, type 1), in Core Animation's terms.
///
/// The conversions are lottie-ios's: the effect's opacity runs 0…255 and its softness
/// is divided by 5 for `shadowRadius`, its direction is 90° ahead of the style's angle;
/// the style's size is divided by 2. The offset is `distance · (cos a, sin a)`.
struct DropShadow {
  var color: Keyframed<[Double]>
  /// 0…1.
  var opacity: Keyframed<Double>
  var radius: Keyframed<Double>
  /// Degrees, 90 straight down.
  var angle: Keyframed<Double>
  var distance: Keyframed<Double>

  /// The first enabled drop shadow of a layer, nil when it has none.
  static func read(_ layer: JSONNode) throws(LottieError) -> DropShadow? {
    func number(_ n: JSONNode?) throws(LottieError) -> Keyframed<Double>? {
      try n.map { (p) throws(LottieError) in
        try Keyframed(p) { (v) throws(LottieError) in try v.double() }
      }
    }
    for e in try layer["ef"]?.array() ?? [] where try e.int("ty", default: 0) == 25 {
      guard try e.bool("en", default: true) else { continue }
      var values: [String: JSONNode] = [:]
      for v in try e["ef"]?.array() ?? [] {
        if let name = try v.optionalString("nm"), let value = v["v"] { values[name] = value }
      }
      let color = try values["Shadow Color"].map { (p) throws(LottieError) in
        try Keyframed(p) { (v) throws(LottieError) in try v.doubles() }
      }
      return DropShadow(
        color: color ?? Keyframed(constant: [0, 0, 0, 1]),
        opacity: (try number(values["Opacity"]) ?? Keyframed(constant: 255)).map { $0 / 255 },
        radius: (try number(values["Softness"]) ?? Keyframed(constant: 0)).map { $0 / 5 },
        angle: (try number(values["Direction"]) ?? Keyframed(constant: 180)).map { $0 - 90 },
        distance: try number(values["Distance"]) ?? Keyframed(constant: 0))
    }
    for s in try layer["sy"]?.array() ?? [] where try s.int("ty", default: 0) == 1 {
      let color = try s["c"].map { (p) throws(LottieError) in
        try Keyframed(p) { (v) throws(LottieError) in try v.doubles() }
      }
      return DropShadow(
        color: color ?? Keyframed(constant: [0, 0, 0, 1]),
        opacity: (try number(s["o"]) ?? Keyframed(constant: 100)).map { $0 / 100 },
        radius: (try number(s["s"]) ?? Keyframed(constant: 0)).map { $0 / 2 },
        angle: try number(s["a"]) ?? Keyframed(constant: 90),
        distance: try number(s["d"]) ?? Keyframed(constant: 0))
    }
    return nil
  }
}
