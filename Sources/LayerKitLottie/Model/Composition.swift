import Foundation

/// An asset of the file: a precomposition (layers) or an image.
enum Asset {
  case precomp(layers: [LayerModel])
  /// `name` and `directory` are the file's `p` and `u`; `data` the bytes, embedded or
  /// found beside the file.
  case image(
    width: Double, height: Double, data: Data?, path: String, name: String, directory: String)
}

/// A whole Lottie file: the root composition and its assets.
struct Composition {
  var width: Double
  var height: Double
  var frameRate: Double
  var inPoint: Double
  var outPoint: Double
  var layers: [LayerModel]
  var assets: [String: Asset]
  /// The timeline's named sections (`markers`), in file order.
  var markers: [LottieMarker]
  /// The fonts text documents name (`fonts.list`), by `fName`.
  var fonts: [String: LottieFont] = [:]
  /// The glyph outlines the file carries (`chars`), by character, family and style.
  var glyphs: [GlyphKey: LottieGlyph] = [:]

  /// A glyph's character, font family and style.
  struct GlyphKey: Hashable {
    var character: String
    var family: String
    var style: String
  }

  /// Reads the root object; `externalImage` gives the bytes of an image asset that is not
  /// embedded, from its folder (`u`) and file name (`p`), or nil (a dotLottie archive
  /// holds them; a plain JSON file has none).
  init(
    _ root: JSONNode, externalImage: (_ folder: String, _ name: String) -> Data? = { _, _ in nil }
  )
    throws(LottieError)
  {
    guard root.isObject else { throw .invalidValue(path: "$", expected: "a Lottie object") }
    width = try root.required("w").double()
    height = try root.required("h").double()
    guard width > 0, height > 0, width <= LottieLimits.maxSide, height <= LottieLimits.maxSide
    else {
      throw .limitExceeded(
        path: "$.w", limit: "a size between 0 and \(Int(LottieLimits.maxSide)) points")
    }
    frameRate = try root.required("fr").double()
    guard frameRate > 0, frameRate <= 1000 else {
      throw .invalidValue(path: "$.fr", expected: "a frame rate between 0 and 1000")
    }
    inPoint = JSONNode.clampedFrameTime(try root.required("ip").double())
    outPoint = JSONNode.clampedFrameTime(try root.required("op").double())
    guard outPoint > inPoint else {
      throw .invalidValue(path: "$.op", expected: "an out point after ip")
    }
    guard outPoint - inPoint <= LottieLimits.maxFrames else {
      throw .limitExceeded(path: "$.op", limit: "\(Int(LottieLimits.maxFrames)) frames")
    }
    var layerCount = 0
    func readLayers(_ n: JSONNode?) throws(LottieError) -> [LayerModel] {
      guard let n else { return [] }
      let items = try n.array()
      layerCount += items.count
      guard layerCount <= LottieLimits.maxLayers else {
        throw .limitExceeded(path: n.path, limit: "\(LottieLimits.maxLayers) layers")
      }
      var out: [LayerModel] = []
      let base = n.path
      for (i, item) in items.enumerated() {
        out.append(try LayerModel(item, depth: 0, path: "\(base)[\(i)]"))
      }
      return out
    }
    layers = try readLayers(root["layers"])
    markers = try LottieMarker.list(root["markers"])
    for f in try root["fonts"]?["list"]?.array() ?? [] {
      guard let name = try f.optionalString("fName") else { continue }
      fonts[name] = LottieFont(
        family: try f.optionalString("fFamily") ?? name, style: try f.optionalString("fStyle") ?? ""
      )
    }
    for c in try root["chars"]?.array() ?? [] {
      guard let ch = try c.optionalString("ch") else { continue }
      let key = GlyphKey(
        character: ch, family: try c.optionalString("fFamily") ?? "",
        style: try c.optionalString("style") ?? "")
      let (shapes, _) = try ShapeItem.list(c["data"]?["shapes"], depth: 0)
      glyphs[key] = LottieGlyph(
        advance: min(max(try c.double("w", default: 0), -1e5), 1e5), shapes: shapes)
    }
    assets = [:]
    for (position, a) in (try root["assets"]?.array() ?? []).enumerated() {
      guard let id = try a.optionalString("id") else { continue }
      if a["layers"] != nil {
        assets[id] = .precomp(layers: try readLayers(a["layers"]))
      } else {
        let p = try a.optionalString("p") ?? ""
        let folder = try a.optionalString("u") ?? ""
        assets[id] = .image(
          width: try a.double("w", default: 0), height: try a.double("h", default: 0),
          data: Composition.embeddedData(p) ?? externalImage(folder, p),
          path: "$.assets[\(position)]",
          name: p.hasPrefix("data:") ? "" : p, directory: folder)
      }
    }
    try checkReferences(layers, path: "$.layers", visiting: [])
    var budget = LayerBudget(assets: assets)
    try budget.check(layers)
  }

  /// The bytes of a `data:` URL with base64 payload, nil for anything else.
  static func embeddedData(_ p: String) -> Data? {
    guard p.hasPrefix("data:"), let comma = p.firstIndex(of: ",") else { return nil }
    let header = p[..<comma]
    guard header.hasSuffix(";base64") else { return nil }
    return Data(
      base64Encoded: String(p[p.index(after: comma)...]), options: .ignoreUnknownCharacters)
  }

  /// Throws for references to undefined assets and for precompositions that contain
  /// themselves (directly or through others).
  private func checkReferences(_ layers: [LayerModel], path: String, visiting: Set<String>)
    throws(LottieError)
  {
    guard visiting.count < LottieLimits.maxDepth else {
      throw .limitExceeded(path: path, limit: "\(LottieLimits.maxDepth) nested precompositions")
    }
    for layer in layers {
      switch layer.kind {
      case .precomp(let id, _, _):
        guard !visiting.contains(id) else { throw .cyclicPrecomposition(path: layer.path, id: id) }
        guard case .precomp(let inner)? = assets[id] else {
          throw .missingAsset(path: "\(layer.path).refId", id: id)
        }
        try checkReferences(inner, path: layer.path, visiting: visiting.union([id]))
      case .image(let id):
        guard case .image? = assets[id] else {
          throw .missingAsset(path: "\(layer.path).refId", id: id)
        }
      default: break
      }
    }
  }
}
