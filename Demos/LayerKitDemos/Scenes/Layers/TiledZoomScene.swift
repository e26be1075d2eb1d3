import Foundation
import LayerKit

/// `CATiledLayer`: a 4096 × 4096-point procedural map inside a `CAScrollLayer`, zoomed
/// from the whole map to 4× and scrolled across it. The map's delegate draws only the
/// tiles a frame shows, each at the level of detail the on-screen scale picks; every
/// tile is tinted by its level and labelled with the level's number.
public final class TiledZoomScene: DemoScene {
  public static let name = "tiled-zoom"
  public static let title = "CATiledLayer: tiles on demand at levels of detail"
  public static let duration = 8.0

  /// The map's size, in points.
  static let mapSide: CGFloat = 4096
  /// The window onto the map, in points.
  static let window = CGSize(width: 600, height: 330)

  private let painter = MapPainter()

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption:
        "A 4096-point map drawn per tile by its delegate, only where visible. Zooming in picks "
        + "finer levels (7 levels, bias 2); the number in each tile is its level, 0 the finest.")
    let scroll = CAScrollLayer()
    scroll.name = "scroll"
    scroll.frame = CGRect(origin: CGPoint(x: 180, y: 130), size: Self.window)
    scroll.borderWidth = 3
    scroll.borderColor = DemoStyle.ink
    let zoom = CALayer()
    zoom.name = "zoom"
    zoom.anchorPoint = .zero
    zoom.bounds = CGRect(x: 0, y: 0, width: Self.mapSide, height: Self.mapSide)
    zoom.position = .zero
    let map = CATiledLayer()
    map.name = "map"
    map.anchorPoint = .zero
    map.bounds = zoom.bounds
    map.position = .zero
    map.levelsOfDetail = 7
    map.levelsOfDetailBias = 2
    map.delegate = painter
    zoom.addSublayer(map)
    scroll.addSublayer(zoom)
    canvas.addSublayer(scroll)
    canvas.addSublayer(
      DemoStyle.label(
        "tileSize 256 × 256 px · levelsOfDetail 7 · levelsOfDetailBias 2 · zoom 0.08× → 4×",
        frame: CGRect(x: 180, y: 480, width: 700, height: 24), size: 15, color: DemoStyle.muted))
    animate(scroll: scroll, zoom: zoom)
  }

  /// Zooms from the whole map into a point of interest and pans across, keeping the
  /// followed point near the window's centre.
  private func animate(scroll: CAScrollLayer, zoom: CALayer) {
    let times: [Double] = [0, 0.15, 0.35, 0.55, 0.75, 0.9, 1]
    let scales: [CGFloat] = [0.08, 0.08, 0.35, 1.2, 4, 4, 1.5]
    let focus: [CGPoint] = [
      CGPoint(x: 2048, y: 2048), CGPoint(x: 2048, y: 2048), CGPoint(x: 2400, y: 1800),
      CGPoint(x: 2600, y: 1600), CGPoint(x: 2640, y: 1580), CGPoint(x: 2700, y: 1640),
      CGPoint(x: 2300, y: 1900),
    ]
    let scale = CAKeyframeAnimation(keyPath: "transform")
    scale.values = scales.map { CATransform3DMakeScale($0, $0, 1) }
    let pan = CAKeyframeAnimation(keyPath: "bounds")
    pan.values = zip(scales, focus).map { z, p in
      CGRect(
        x: p.x * z - Self.window.width / 2, y: p.y * z - Self.window.height / 2,
        width: Self.window.width,
        height: Self.window.height)
    }
    for (a, layer) in [(scale, zoom), (pan, scroll as CALayer)] {
      a.keyTimes = times.map { NSNumber(value: $0) }
      a.duration = Self.duration
      a.fillMode = .both
      a.isRemovedOnCompletion = false
      layer.add(a, forKey: "tour")
    }
  }
}

/// Draws the map: a tinted ground per level of detail, streets every 64 points, round
/// "towns" placed by a hash of their block, and the level's number in each tile.
final class MapPainter: CALayerDelegate {
  func draw(_ layer: CALayer, in ctx: CGContext) {
    let box = ctx.boundingBoxOfClipPath
    let tiled = layer as? CATiledLayer
    // Level k draws at contentsScale · 2^(bias − k) pixels per point.
    let bias = tiled?.levelsOfDetailBias ?? 0
    let level = bias - Int(log2(ctx.ctm.a / layer.contentsScale).rounded())
    let hue = CGFloat(level) / 7
    ctx.setFillColor(Self.color(hue: hue, saturation: 0.25, brightness: 0.97))
    ctx.fill(box)
    ctx.setFillColor(Self.color(hue: hue, saturation: 0.45, brightness: 0.8))
    let block: CGFloat = 64
    let c0 = Int((box.minX / block).rounded(.down))
    let c1 = Int((box.maxX / block).rounded(.up))
    let r0 = Int((box.minY / block).rounded(.down))
    let r1 = Int((box.maxY / block).rounded(.up))
    for r in r0..<r1 {
      for c in c0..<c1 {
        let h = Self.hash(c, r)
        let size = 8 + CGFloat(h % 40)
        let x = CGFloat(c) * block + 8 + CGFloat((h >> 8) % 48)
        let y = CGFloat(r) * block + 8 + CGFloat((h >> 16) % 48)
        ctx.fillEllipse(in: CGRect(x: x - size / 2, y: y - size / 2, width: size, height: size))
      }
    }
    ctx.setStrokeColor(Self.color(hue: hue, saturation: 0.3, brightness: 0.55))
    ctx.setLineWidth(1.5)
    for c in c0...c1 {
      ctx.move(to: CGPoint(x: CGFloat(c) * block, y: box.minY))
      ctx.addLine(to: CGPoint(x: CGFloat(c) * block, y: box.maxY))
    }
    for r in r0...r1 {
      ctx.move(to: CGPoint(x: box.minX, y: CGFloat(r) * block))
      ctx.addLine(to: CGPoint(x: box.maxX, y: CGFloat(r) * block))
    }
    ctx.strokePath()
    // The tile's edge and its level, sized to the tile.
    let onePixel = 1 / ctx.ctm.a
    ctx.setStrokeColor(CGColor(red: 0.1, green: 0.1, blue: 0.15, alpha: 0.6))
    ctx.setLineWidth(2 * onePixel)
    ctx.stroke(box.insetBy(dx: onePixel, dy: onePixel))
    let digit = CGRect(
      x: box.minX + 14 * onePixel, y: box.minY + 14 * onePixel, width: 36 * onePixel,
      height: 64 * onePixel)
    ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 0.85))
    ctx.fill(digit.insetBy(dx: -6 * onePixel, dy: -6 * onePixel))
    ctx.setFillColor(CGColor(red: 0.1, green: 0.1, blue: 0.15, alpha: 1))
    SevenSegment.draw(level, in: digit, into: ctx)
  }

  static func hash(_ a: Int, _ b: Int) -> Int {
    var h = UInt64(bitPattern: Int64(a &* 73_856_093 ^ b &* 19_349_663))
    h = (h ^ (h >> 13)) &* 0x5bd1_e995
    return Int(truncatingIfNeeded: (h ^ (h >> 15)) & 0x7fff_ffff)
  }

  static func color(hue: CGFloat, saturation s: CGFloat, brightness v: CGFloat) -> CGColor {
    let h = (hue - hue.rounded(.down)) * 6
    let i = Int(h) % 6
    let f = h - CGFloat(Int(h))
    let p = v * (1 - s)
    let q = v * (1 - s * f)
    let t = v * (1 - s * (1 - f))
    let (r, g, b): (CGFloat, CGFloat, CGFloat) =
      [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
    return CGColor(red: r, green: g, blue: b, alpha: 1)
  }
}

/// A digit as seven filled bars, for labels drawn straight into a `CGContext`.
enum SevenSegment {
  /// Which of the segments a…g (top, top right, bottom right, bottom, bottom left, top
  /// left, middle) each digit lights.
  static let lit: [String] = [
    "abcdef", "bc", "abdeg", "abcdg", "bcfg", "acdfg", "acdefg", "abc", "abcdefg", "abcdfg",
  ]

  /// Draws the last digit of `n` filling `r` with the current fill colour.
  static func draw(_ n: Int, in r: CGRect, into ctx: CGContext) {
    let t = r.width * 0.2
    let half = r.height / 2
    let bars: [Character: CGRect] = [
      "a": CGRect(x: r.minX, y: r.minY, width: r.width, height: t),
      "b": CGRect(x: r.maxX - t, y: r.minY, width: t, height: half),
      "c": CGRect(x: r.maxX - t, y: r.minY + half, width: t, height: half),
      "d": CGRect(x: r.minX, y: r.maxY - t, width: r.width, height: t),
      "e": CGRect(x: r.minX, y: r.minY + half, width: t, height: half),
      "f": CGRect(x: r.minX, y: r.minY, width: t, height: half),
      "g": CGRect(x: r.minX, y: r.minY + half - t / 2, width: r.width, height: t),
    ]
    for s in lit[((n % 10) + 10) % 10] { if let b = bars[s] { ctx.fill(b) } }
  }
}
