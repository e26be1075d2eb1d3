import LayerKit

/// Seed 002's icon — a circle and one compact SVG path (`a3.504 3.504 0 004.176 2.658`:
/// flags written without separators) — parsed with `CGPath(svgPath:)` and drawn at 16,
/// 32, 64, 128 and 192 points.
public final class SVGIconScene: DemoScene {
  public static let name = "svg-icon"
  public static let title = "An SVG icon at several sizes"
  public static let duration = 3.0

  /// The icon's `<path d="…">`, verbatim (a 64 × 64 viewBox).
  static let pathData =
    "M52.7 50.941l-7.913-4.396-3.335-8.34-.642-8.994 3.257.723 1.517 6.826a3.504 3.504 0 004.176 "
    + "2.658 3.5 3.5 0 002.658-4.176l-2-9a3.5 3.5 0 00-2.658-2.658l-9-2a3.416 3.416 0 00-1.276-.037"
    + "c-.16-.022-.319-.047-.484-.047h-8c-.163 0-.32.031-.479.055a3.48 3.48 0 00-3.254 1.26l-7.163 "
    + "8.953-4.679.781a3.501 3.501 0 001.15 6.904l6-1a3.513 3.513 0 002.158-1.266l4.18-5.225 1.346 "
    + "6.279-6.126 8.752A3.503 3.503 0 0021.5 49v9a3.5 3.5 0 107 0v-7.896l5.322-7.604h1.808l3.12 "
    + "7.801a3.51 3.51 0 001.55 1.76l9 5a3.5 3.5 0 004.759-1.36 3.5 3.5 0 00-1.359-4.76z"

  /// The whole icon in its 64 × 64 viewBox: `<circle cx="32" cy="12" r="8"/>` and the path.
  static var icon: CGPath {
    let path = CGMutablePath()
    path.addEllipse(in: CGRect(x: 24, y: 4, width: 16, height: 16))
    if let body = try? CGPath(svgPath: pathData) { path.addPath(body) }
    return path
  }

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "One path, parsed once and scaled with a transform: it stays crisp at every size. "
        + "The largest copy also draws its outline on with strokeEnd.")
    let icon = Self.icon
    let sizes: [CGFloat] = [16, 32, 64, 128, 192]
    var x: CGFloat = 90
    for (i, size) in sizes.enumerated() {
      var scale = CGAffineTransform(scaleX: size / 64, y: size / 64)
      let scaled = icon.copy(using: &scale) ?? icon
      let frame = CGRect(x: x, y: 380 - size, width: size, height: size)
      let layer = DemoStyle.shape(
        scaled, frame: frame, fill: i % 2 == 0 ? DemoStyle.ink : DemoStyle.teal)
      layer.name = "icon \(Int(size))"
      canvas.addSublayer(layer)
      canvas.addSublayer(
        DemoStyle.label(
          "\(Int(size)) pt", frame: CGRect(x: x + size / 2 - 40, y: 396, width: 80, height: 20),
          size: 14, color: DemoStyle.muted, alignment: .center))
      if i == sizes.count - 1 {
        let outline = DemoStyle.shape(scaled, frame: frame, stroke: DemoStyle.coral, lineWidth: 2)
        outline.name = "outline"
        canvas.addSublayer(outline)
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 2.5
        outline.add(draw, forKey: "draw")
      }
      x += size + 60
    }
    canvas.addSublayer(
      DemoStyle.label(
        "d=\"M52.7 50.941l-7.913-4.396 … a3.504 3.504 0 004.176 2.658 …\"",
        frame: CGRect(x: 90, y: 450, width: 780, height: 20), size: 13, color: DemoStyle.muted))
  }
}
