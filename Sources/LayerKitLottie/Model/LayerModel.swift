import Foundation

/// One Lottie layer (`layers[i]`) of a composition.
struct LayerModel {
  enum Kind {
    case precomp(refID: String, width: Double, height: Double)
    case solid(color: [Double], width: Double, height: Double)
    case image(refID: String)
    case null
    /// The items and each item's name (`nm`, empty when absent).
    case shape([ShapeItem], names: [String])
    /// A text layer: its document keyframes (`t.d`), each held until the next.
    case text(Keyframed<TextDocument>)
    /// Audio, camera and other layers that draw nothing here.
    case other
  }
  var kind: Kind
  /// The layer's name (`nm`, empty when absent), the first key of its keypaths.
  var name: String
  var index: Int?
  var parent: Int?
  var inPoint: Double
  var outPoint: Double
  var startTime: Double
  var timeStretch: Double
  var transform: LottieTransform
  var masks: [LottieMask]
  /// Track matte type read by this layer from the layer above it: 0 none, 1 alpha,
  /// 2 alpha inverted, 3 luma, 4 luma inverted.
  var matteType: Int
  /// Whether this layer is only a matte for the layer below (`td`).
  var isMatteSource: Bool
  var hidden: Bool
  var blendMode: Int
  var timeRemap: Keyframed<Double>?
  var dropShadow: DropShadow?
  /// JSON path, for messages.
  var path: String

  /// Reads the layer object `n`, whose JSON path is `path`.
  init(_ n: JSONNode, depth: Int, path: String) throws(LottieError) {
    self.path = path
    guard n.isObject else { throw .invalidValue(path: path, expected: "a layer object") }
    name = try n.optionalString("nm") ?? ""
    let ty = try n.int("ty", default: -1)
    switch ty {
    case 0:
      kind = .precomp(
        refID: try n.required("refId").string(), width: try n.double("w", default: 0),
        height: try n.double("h", default: 0))
    case 1:
      kind = .solid(
        color: LayerModel.hexColor(try n.optionalString("sc") ?? "#000000"),
        width: try n.double("sw", default: 0), height: try n.double("sh", default: 0))
    case 2: kind = .image(refID: try n.required("refId").string())
    case 3: kind = .null
    case 5:
      let t = try n.required("t")
      kind = .text(
        try Keyframed(try t.required("d")) { (v) throws(LottieError) in try TextDocument(v) })
    case 4:
      let (items, names) = try ShapeItem.list(n["shapes"], depth: depth)
      kind = .shape(items, names: names)
    default: kind = .other
    }
    index = try n["ind"]?.integer()
    parent = try n["parent"]?.integer()
    inPoint = try n.frameTime("ip", default: 0)
    outPoint = try n.frameTime("op", default: LottieLimits.maxFrames)
    startTime = try n.frameTime("st", default: 0)
    timeStretch = try n.double("sr", default: 1)
    if timeStretch == 0 { timeStretch = 1 }
    guard abs(timeStretch) >= LottieLimits.timeStretch.lowerBound,
      abs(timeStretch) <= LottieLimits.timeStretch.upperBound
    else {
      throw .limitExceeded(
        path: "\(path).sr",
        limit: "a time stretch between \(LottieLimits.timeStretch.lowerBound) and "
          + "\(LottieLimits.timeStretch.upperBound) in magnitude")
    }
    transform = try LottieTransform(n["ks"])
    masks = []
    if try n.bool("hasMask", default: true) {
      for m in try n["masksProperties"]?.array() ?? [] { masks.append(try LottieMask(m)) }
    }
    matteType = try n.int("tt", default: 0)
    isMatteSource = try n.bool("td", default: false)
    hidden = try n.bool("hd", default: false)
    blendMode = try n.int("bm", default: 0)
    dropShadow = try DropShadow.read(n)
    timeRemap = try n["tm"].map { (t) throws(LottieError) in
      try Keyframed(t) { (v) throws(LottieError) in try v.double() }
    }
  }

  /// `#rrggbb` as RGBA fractions (black when unreadable).
  static func hexColor(_ s: String) -> [Double] {
    var hex = s.hasPrefix("#") ? String(s.dropFirst()) : s
    if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
    guard hex.count >= 6, let v = UInt32(hex.prefix(6), radix: 16) else { return [0, 0, 0, 1] }
    return [
      Double((v >> 16) & 0xFF) / 255, Double((v >> 8) & 0xFF) / 255, Double(v & 0xFF) / 255, 1,
    ]
  }
}
