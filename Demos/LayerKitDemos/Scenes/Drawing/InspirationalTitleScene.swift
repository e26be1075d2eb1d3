import LayerKit

/// Seed 003's inspirational title: two SVG-derived quadrilaterals (purple, then white
/// offset) scaled to the size of the text, with the bold text rotated by −1.38°.
public final class InspirationalTitleScene: DemoScene {
  public static let name = "inspirational-title"
  public static let title = "Inspirational title: paths scaled to the text"
  public static let duration = 3.0

  static let secondary = CGColor(red: 0.40, green: 0.23, blue: 0.72, alpha: 1)

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "TitleBackgroundShape scales each path by rect / boundingRect, so the background "
        + "grows with the text; the text is bold, one line, rotated −1.38°, padded 12 / 4 / 8 (the leading padding grows with the slant)."
    )
    let backdrop = DemoStyle.tile(
      CGRect(x: 60, y: 130, width: 840, height: 370),
      color: CGColor(red: 0.16, green: 0.36, blue: 0.42, alpha: 1), radius: 18)
    canvas.addSublayer(backdrop)
    let titles: [(String, CGFloat)] = [
      ("It's even better when you get there!", 30), ("着いたらもっと楽しい!", 26), ("Friyay", 22),
    ]
    var y: CGFloat = 50
    for (i, (text, size)) in titles.enumerated() {
      let title = Self.inspirationalTitle(text, fontSize: size)
      title.name = "InspirationalTitle \(i + 1)"
      title.position = CGPoint(x: backdrop.bounds.midX, y: y + title.bounds.height / 2)
      backdrop.addSublayer(title)
      y += title.bounds.height + 50
      let grow = CASpringAnimation(perceptualDuration: 0.6, bounce: 0.35)
      grow.keyPath = "transform.scale"
      grow.fromValue = 0.6
      grow.toValue = 1
      grow.beginTime = 0.2 + Double(i) * 0.35
      grow.duration = grow.settlingDuration
      grow.fillMode = .backwards
      let appear = CABasicAnimation(keyPath: "opacity")
      appear.fromValue = 0
      appear.toValue = 1
      appear.beginTime = grow.beginTime
      appear.duration = 0.25
      appear.fillMode = .backwards
      title.add(grow, forKey: "grow")
      title.add(appear, forKey: "appear")
    }
  }

  /// The title: text measured first, then the two background shapes scaled to the padded
  /// text rectangle, then the text on top, rotated.
  ///
  /// The seed pads the text 12 / 4 / 8 points, but the white shape's left edge slants
  /// inwards to `8.72 · sx` at the bottom (sx = width / 245, the path's scale), so on a
  /// long title the first letter sat half outside it. The leading padding grows with the
  /// scale so the text starts `12 − 8.72` points inside the slanted edge, as it does at
  /// the path's own size.
  static func inspirationalTitle(_ text: String, fontSize: CGFloat) -> CALayer {
    let label = DemoStyle.label(
      text, frame: .zero, size: fontSize, color: secondary, bold: true, alignment: .center)
    let textSize = label.preferredFrameSize()
    let slant: CGFloat = 8.72 / 245
    let trailing: CGFloat = 4
    // leading = slant · (text + leading + trailing) + (12 − 8.72), solved for leading.
    let leading = max(12, (slant * (textSize.width + trailing) + 12 - 8.72) / (1 - slant))
    let rect = CGRect(
      x: 0, y: 0, width: textSize.width + leading + trailing, height: textSize.height + 8)
    let container = CALayer()
    container.bounds = rect
    for (path, color) in [(purplePath, secondary), (whitePath, DemoStyle.panel)] {
      container.addSublayer(
        DemoStyle.shape(titleBackground(path, in: rect), frame: rect, fill: color))
    }
    label.frame = CGRect(x: leading, y: 0, width: textSize.width, height: textSize.height)
    label.transform = CATransform3DMakeRotation(-1.38 * .pi / 180, 0, 0, 1)
    container.addSublayer(label)
    return container
  }

  /// Seed 003's `TitleBackgroundShape.path(in:)`.
  static func titleBackground(_ path: CGPath, in rect: CGRect) -> CGPath {
    var scale = CGAffineTransform(
      scaleX: rect.width / path.boundingBox.width, y: rect.height / path.boundingBox.height)
    return path.copy(using: &scale) ?? path
  }

  static var whitePath: CGPath {
    let shape = CGMutablePath()
    shape.move(to: CGPoint(x: 247, y: 15.79))
    shape.addLine(to: CGPoint(x: 8.72, y: 21))
    shape.addLine(to: CGPoint(x: 2, y: -2.08))
    shape.addLine(to: CGPoint(x: 245.12, y: -3))
    shape.closeSubpath()
    return shape
  }

  static var purplePath: CGPath {
    let shape = CGMutablePath()
    shape.move(to: CGPoint(x: 245, y: 18.79))
    shape.addLine(to: CGPoint(x: 6.72, y: 24))
    shape.addLine(to: CGPoint(x: 0, y: 0.92))
    shape.addLine(to: CGPoint(x: 243.12, y: 0))
    shape.closeSubpath()
    return shape
  }
}
