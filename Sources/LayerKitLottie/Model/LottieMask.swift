import Foundation

/// A layer mask (`masksProperties[i]`).
struct LottieMask {
  enum Mode: String {
    case add = "a"
    case subtract = "s"
    case intersect = "i"
    case lighten = "l"
    case darken = "d"
    case
      difference = "f"
    case none = "n"
  }
  var mode: Mode
  var inverted: Bool
  var path: Keyframed<BezierShape>
  var opacity: Keyframed<Double>
  var expansion: Keyframed<Double>

  init(_ n: JSONNode) throws(LottieError) {
    let m = try n.optionalString("mode") ?? "a"
    guard let mode = Mode(rawValue: m) else {
      throw .invalidValue(path: "\(n.path).mode", expected: "a mask mode (a, s, i, l, d, f, n)")
    }
    self.mode = mode
    inverted = try n.bool("inv", default: false)
    path = try Keyframed(try n.required("pt")) { (v) throws(LottieError) in try BezierShape(v) }
    opacity =
      try n["o"].map { (o) throws(LottieError) in
        try Keyframed(o) { (v) throws(LottieError) in try v.double() }
      }
      ?? Keyframed(constant: 100)
    expansion =
      try n["x"].map { (o) throws(LottieError) in
        try Keyframed(o) { (v) throws(LottieError) in try v.double() }
      }
      ?? Keyframed(constant: 0)
  }
}
