import Foundation

extension ShapeItem {
  /// Reads a list of shape items; hidden items (`hd`) and kinds that draw nothing here
  /// (merge paths: the paths are combined anyway) are left out, unknown kinds too.
  /// - Returns: the items and, for each, its name (`nm`, empty when absent).
  static func list(_ node: JSONNode?, depth: Int) throws(LottieError) -> (
    items: [ShapeItem], names: [String]
  ) {
    guard let node else { return ([], []) }
    guard depth < LottieLimits.maxDepth else {
      throw .limitExceeded(path: node.path, limit: "\(LottieLimits.maxDepth) nested groups")
    }
    var out: [ShapeItem] = []
    var names: [String] = []
    for n in try node.array() {
      guard !(try n.bool("hd", default: false)) else { continue }
      if let item = try ShapeItem(n, depth: depth) {
        out.append(item)
        names.append(try n.optionalString("nm") ?? "")
      }
    }
    return (out, names)
  }

  private init?(_ n: JSONNode, depth: Int) throws(LottieError) {
    func scalar(_ key: String, _ fallback: Double) throws(LottieError) -> Keyframed<Double> {
      try n[key].map { (p) throws(LottieError) in
        try Keyframed(p) { (v) throws(LottieError) in try v.double() }
      }
        ?? Keyframed(constant: fallback)
    }
    func vector(_ key: String, _ fallback: [Double]) throws(LottieError) -> Keyframed<[Double]> {
      try n[key].map { (p) throws(LottieError) in
        try Keyframed(p) { (v) throws(LottieError) in try v.doubles() }
      }
        ?? Keyframed(constant: fallback)
    }
    let type = try n.required("ty").string()
    // `d` is the direction of geometry items (3 = reversed) but the dash list of strokes.
    let isGeometry = ["rc", "el", "sr", "sh"].contains(type)
    let direction = isGeometry ? try n.int("d", default: 1) : 1
    let reversed = direction == 3
    switch type {
    case "gr":
      let (items, names) = try ShapeItem.list(n["it"], depth: depth + 1)
      var transform = LottieTransform()
      if let trNode = try n["it"]?.array().last(where: { (try? $0.required("ty").string()) == "tr" }
      ) {
        transform = try LottieTransform(trNode)
      }
      self = .group(items: items, transform: transform, names: names)
    case "rc":
      self = .rectangle(
        position: try vector("p", [0, 0]), size: try vector("s", [0, 0]),
        roundness: try scalar("r", 0), reversed: reversed)
    case "el":
      self = .ellipse(
        position: try vector("p", [0, 0]), size: try vector("s", [0, 0]), reversed: reversed)
    case "sr":
      self = .star(
        StarShape(
          isPolygon: try n.int("sy", default: 1) == 2, position: try vector("p", [0, 0]),
          outerRadius: try scalar("or", 0), innerRadius: try scalar("ir", 0),
          outerRoundness: try scalar("os", 0), innerRoundness: try scalar("is", 0),
          rotation: try scalar("r", 0), points: try scalar("pt", 5), reversed: reversed))
    case "sh":
      self = .path(
        try Keyframed(try n.required("ks")) { (v) throws(LottieError) in try BezierShape(v) },
        reversed: reversed)
    case "fl":
      self = .fill(
        color: try vector("c", [0, 0, 0, 1]), opacity: try scalar("o", 100),
        evenOdd: try n.int("r", default: 1) == 2)
    case "st":
      self = .stroke(
        color: try vector("c", [0, 0, 0, 1]), opacity: try scalar("o", 100),
        style: try StrokeStyle(n))
    case "gf":
      self = .gradientFill(
        try GradientPaint(n), opacity: try scalar("o", 100),
        evenOdd: try n.int("r", default: 1) == 2)
    case "gs":
      self = .gradientStroke(
        try GradientPaint(n), opacity: try scalar("o", 100), style: try StrokeStyle(n))
    case "tm":
      self = .trim(
        start: try scalar("s", 0), end: try scalar("e", 100), offset: try scalar("o", 0),
        individually: try n.int("m", default: 1) == 2)
    case "rp":
      let tr = try n.required("tr")
      func opacity(_ key: String) throws(LottieError) -> Keyframed<Double> {
        try tr[key].map { (p) throws(LottieError) in
          try Keyframed(p) { (v) throws(LottieError) in try v.double() }
        } ?? Keyframed(constant: 100)
      }
      let so = try opacity("so")
      let eo = try opacity("eo")
      self = .repeater(
        copies: try scalar("c", 1).initial, offset: try scalar("o", 0).initial,
        transform: try LottieTransform(tr), startOpacity: so.initial, endOpacity: eo.initial)
    case "rd":
      self = .roundedCorners(try scalar("r", 0))
    default:
      return nil
    }
  }
}

extension StrokeStyle {
  init(_ n: JSONNode) throws(LottieError) {
    width =
      try n["w"].map { (p) throws(LottieError) in
        try Keyframed(p) { (v) throws(LottieError) in try v.double() }
      }
      ?? Keyframed(constant: 1)
    cap = try n.int("lc", default: 2)
    join = try n.int("lj", default: 2)
    miterLimit = try n.double("ml", default: 4)
    dashes = []
    dashOffset = Keyframed(constant: 0)
    for d in try n["d"]?.array() ?? [] {
      let name = try d.optionalString("n") ?? "d"
      let v = try Keyframed(try d.required("v")) { (v) throws(LottieError) in try v.double() }
      if name == "o" { dashOffset = v } else { dashes.append(max(0, v.initial)) }
    }
  }
}

extension GradientPaint {
  init(_ n: JSONNode) throws(LottieError) {
    type = try n.int("t", default: 1)
    start = try Keyframed(try n.required("s")) { (v) throws(LottieError) in try v.doubles() }
    end = try Keyframed(try n.required("e")) { (v) throws(LottieError) in try v.doubles() }
    let g = try n.required("g")
    colorCount = try g.int("p", default: 0)
    guard (0...10_000).contains(colorCount) else {
      throw .invalidValue(path: "\(g.path).p", expected: "a colour stop count")
    }
    stops = try Keyframed(try g.required("k")) { (v) throws(LottieError) in try v.doubles() }
  }
}
