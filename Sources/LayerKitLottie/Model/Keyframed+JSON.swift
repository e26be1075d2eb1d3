import Foundation

extension Keyframed {
  /// Reads a Lottie animatable property (`{"a": 1, "k": [keyframes]}` or `{"k": value}`).
  ///
  /// Keyframes in the older form, whose last entry carries only `t` and whose values
  /// sit in the previous keyframe's `e`, are read too. Times must be finite and are
  /// clamped to `±LottieLimits.maxFrameTime`; keyframes out of order are sorted by time
  /// (stable: equal times keep the file's order, the later one winning from that time
  /// on), so the result always has non-decreasing times, as the Core Animation key times
  /// that lottie-ios builds from them must.
  /// - Parameter decode: reads one value (the `s` of a keyframe, or the constant `k`).
  init(
    _ node: JSONNode, decode: (JSONNode) throws(LottieError) -> Value
  ) throws(LottieError) {
    let k = try node.required("k")
    guard let first = k.first, first.isObject, first["t"] != nil else {
      self.init(constant: try decode(k))
      return
    }
    let items = try k.array()
    guard items.count <= LottieLimits.maxKeyframes else {
      throw .limitExceeded(path: k.path, limit: "\(LottieLimits.maxKeyframes) keyframes")
    }
    var frames: [Keyframe<Value>] = []
    var pendingEnd: Value?
    for item in items {
      let t = JSONNode.clampedFrameTime(try item.required("t").double())
      let value: Value
      if let s = item["s"] {
        value = try decode(s)
      } else if let e = pendingEnd {
        value = e
      } else if let last = frames.last {
        value = last.value
      } else {
        throw .missingValue(path: "\(item.path).s")
      }
      pendingEnd = try item["e"].map { (n) throws(LottieError) in try decode(n) }
      var frame = Keyframe(time: t, value: value)
      frame.hold = try item.bool("h", default: false)
      if let o = item["o"], let i = item["i"] {
        let ox = try o.required("x").doubles()
        let oy = try o.required("y").doubles()
        let ix = try i.required("x").doubles()
        let iy = try i.required("y").doubles()
        if let a = ox.first, let b = oy.first, let c = ix.first, let d = iy.first {
          frame.easing = (a, b, c, d)
        }
      }
      if let to = item["to"], let ti = item["ti"] {
        let a = try to.doubles()
        let b = try ti.doubles()
        if a.count >= 2, b.count >= 2 {
          frame.spatialOut = CGPoint(x: a[0], y: a[1])
          frame.spatialIn = CGPoint(x: b[0], y: b[1])
        }
      }
      frames.append(frame)
    }
    guard !frames.isEmpty else {
      throw .invalidValue(path: k.path, expected: "at least one keyframe")
    }
    let sorted = frames.enumerated().sorted {
      $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset
    }
    self.init(keyframes: sorted.map(\.element))
  }
}

/// Bounds that keep loading and rendering of hostile files finite.
enum LottieLimits {
  /// Keyframes in one property.
  static let maxKeyframes = 100_000
  /// Layers in the whole file (all compositions).
  static let maxLayers = 20_000
  /// Layers of the built layer tree: every `CALayer`, shape, gradient, mask and transform
  /// layers included, a precomposition's content once per use and a repeater's once per
  /// copy. Checked at load against `LayerBudget`'s upper bound.
  static let maxBuiltLayers = 100_000
  /// The largest composition side, in points.
  static let maxSide = 16_384.0
  /// The longest timeline, in frames.
  static let maxFrames = 10_000_000.0
  /// The largest frame time read (keyframe times, layer in, out and start points), in
  /// frames either side of 0; larger ones are clamped to it.
  static let maxFrameTime = 1_000_000_000.0
  /// The magnitudes a layer's time stretch (`sr`) may have.
  static let timeStretch = 0.001...1000.0
  /// Copies one repeater draws at most (more are clamped to it).
  static let maxRepeaterCopies = 1_000
  /// Characters of one text document.
  static let maxTextLength = 100_000
  /// Points of one star or polygon at most (more are clamped to it).
  static let maxStarPoints = 1_000
  /// Vertices in one path.
  static let maxVertices = 1_000_000
  /// Nesting of groups and precompositions.
  static let maxDepth = 64
  /// Nesting of JSON arrays and objects (a Lottie file needs about 12 plus 2 per nested
  /// shape group, so `maxDepth` groups fit).
  static let maxJSONDepth = 512
  /// The size of a Lottie JSON document, in bytes (64 MiB; its parsed tape takes at most
  /// 8 bytes per byte of JSON, one 16-byte entry per value of two or more bytes).
  static let maxJSONBytes = 64 << 20
}
