import LayerKit

/// Small pictures drawn with `CGContext`, for contents, gravity and image demos.
public enum DemoImages {
  /// A landscape: sky gradient, sun, two hills; `hue` 0…1 shifts the sky's colour.
  public static func landscape(width: Int, height: Int, hue: CGFloat = 0) -> CGImage {
    let ctx = CGContext(width: width, height: height)!
    let w = CGFloat(width)
    let h = CGFloat(height)
    let top = CGColor(
      red: 0.35 + 0.5 * hue, green: 0.62 - 0.2 * hue, blue: 0.92 - 0.4 * hue, alpha: 1)
    let bottom = CGColor(red: 0.98, green: 0.86 - 0.2 * hue, blue: 0.70, alpha: 1)
    if let gradient = CGGradient(colorsSpace: nil, colors: [top, bottom], locations: [0, 1]) {
      ctx.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 0, y: h), options: [])
    }
    ctx.setFillColor(CGColor(red: 1, green: 0.93, blue: 0.55, alpha: 1))
    ctx.fillEllipse(in: CGRect(x: w * 0.62, y: h * 0.16, width: h * 0.26, height: h * 0.26))
    ctx.setFillColor(CGColor(red: 0.33, green: 0.55, blue: 0.42, alpha: 1))
    ctx.move(to: CGPoint(x: 0, y: h))
    ctx.addLine(to: CGPoint(x: 0, y: h * 0.7))
    ctx.addQuadCurve(to: CGPoint(x: w * 0.7, y: h), control: CGPoint(x: w * 0.3, y: h * 0.35))
    ctx.closePath()
    ctx.fillPath()
    ctx.setFillColor(CGColor(red: 0.22, green: 0.42, blue: 0.36, alpha: 1))
    ctx.move(to: CGPoint(x: w * 0.3, y: h))
    ctx.addQuadCurve(to: CGPoint(x: w, y: h * 0.62), control: CGPoint(x: w * 0.75, y: h * 0.45))
    ctx.addLine(to: CGPoint(x: w, y: h))
    ctx.closePath()
    ctx.fillPath()
    return ctx.makeImage()!
  }

  /// A numbered card: a flat colour, a large digit-like bar pattern and a border.
  public static func swatch(width: Int, height: Int, color: CGColor, stripes: Int) -> CGImage {
    let ctx = CGContext(width: width, height: height)!
    let w = CGFloat(width)
    let h = CGFloat(height)
    ctx.setFillColor(color)
    ctx.fill(CGRect(x: 0, y: 0, width: w, height: h))
    ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 0.85))
    let bar = w / CGFloat(2 * stripes + 1)
    for i in 0..<stripes {
      ctx.fill(CGRect(x: bar * CGFloat(2 * i + 1), y: h * 0.3, width: bar, height: h * 0.4))
    }
    ctx.setStrokeColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
    ctx.setLineWidth(max(2, w / 40))
    ctx.stroke(CGRect(x: 0, y: 0, width: w, height: h).insetBy(dx: w / 40, dy: w / 40))
    return ctx.makeImage()!
  }
}
