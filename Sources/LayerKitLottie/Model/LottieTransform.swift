import Foundation

/// A layer's or a group's transform (`ks` / `tr`): anchor, position (combined or split into
/// x and y), scale in percent, rotation in degrees clockwise, skew, and opacity in percent.
struct LottieTransform {
  var anchor = Keyframed<[Double]>(constant: [0, 0])
  var position = Keyframed<[Double]>(constant: [0, 0])
  /// Split position (`p.s`): separate x and y properties.
  var positionX: Keyframed<Double>?
  var positionY: Keyframed<Double>?
  var scale = Keyframed<[Double]>(constant: [100, 100])
  var rotation = Keyframed<Double>(constant: 0)
  var skew = Keyframed<Double>(constant: 0)
  var skewAxis = Keyframed<Double>(constant: 0)
  var opacity = Keyframed<Double>(constant: 100)
  /// 3D rotation about x and y (`rx`, `ry`, degrees), nil when absent.
  var rotationX: Keyframed<Double>?
  var rotationY: Keyframed<Double>?

  init() {}

  init(_ node: JSONNode?) throws(LottieError) {
    guard let n = node else { return }
    func vector(_ key: String) throws(LottieError) -> Keyframed<[Double]>? {
      try n[key].map { (p) throws(LottieError) in
        try Keyframed(p) { (v) throws(LottieError) in try v.doubles() }
      }
    }
    func scalar(_ key: String) throws(LottieError) -> Keyframed<Double>? {
      try n[key].map { (p) throws(LottieError) in
        try Keyframed(p) { (v) throws(LottieError) in try v.double() }
      }
    }
    if let a = try vector("a") { anchor = a }
    if let p = n["p"] {
      if try p.bool("s", default: false) {
        positionX = try p["x"].map { (x) throws(LottieError) in
          try Keyframed(x) { (v) throws(LottieError) in try v.double() }
        }
        positionY = try p["y"].map { (y) throws(LottieError) in
          try Keyframed(y) { (v) throws(LottieError) in try v.double() }
        }
      } else {
        position = try Keyframed(p) { (v) throws(LottieError) in try v.doubles() }
      }
    }
    if let s = try vector("s") { scale = s }
    if let r = try scalar("r") {
      rotation = r
    } else if let r = try scalar("rz") {
      rotation = r
    }
    rotationX = try scalar("rx")
    rotationY = try scalar("ry")
    if let sk = try scalar("sk") { skew = sk }
    if let sa = try scalar("sa") { skewAxis = sa }
    if let o = try scalar("o") { opacity = o }
  }
}

extension Array where Element == Double {
  /// Component `i`, or `fallback` when the vector is shorter.
  func at(_ i: Int, _ fallback: Double = 0) -> Double { i < count ? self[i] : fallback }
}
