import LayerKit

/// The gallery's palette and the few layer builders every scene shares.
///
/// Scenes draw on a 960 × 540 point canvas (``canvasSize``) that ``canvas(in:)`` centres
/// in the stage and scales to fit, so every demo keeps its layout at any window size.
public enum DemoStyle {
  /// The design size of every scene, in points.
  public static let canvasSize = CGSize(width: 960, height: 540)

  public static let background = CGColor(red: 0.957, green: 0.949, blue: 0.929, alpha: 1)
  public static let panel = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
  public static let ink = CGColor(red: 0.165, green: 0.184, blue: 0.235, alpha: 1)
  public static let muted = CGColor(red: 0.43, green: 0.45, blue: 0.50, alpha: 1)
  public static let hairline = CGColor(red: 0.84, green: 0.83, blue: 0.80, alpha: 1)
  public static let blue = CGColor(red: 0.27, green: 0.47, blue: 0.78, alpha: 1)
  public static let coral = CGColor(red: 0.90, green: 0.45, blue: 0.38, alpha: 1)
  public static let teal = CGColor(red: 0.22, green: 0.60, blue: 0.58, alpha: 1)
  public static let amber = CGColor(red: 0.95, green: 0.71, blue: 0.32, alpha: 1)
  public static let violet = CGColor(red: 0.50, green: 0.42, blue: 0.76, alpha: 1)
  public static let sage = CGColor(red: 0.55, green: 0.68, blue: 0.50, alpha: 1)
  /// The seeds' `UIColor.red`, `.yellow` and `.blue`.
  public static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
  public static let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
  public static let pureBlue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

  /// A 960 × 540 layer centred in `stage` and scaled to fit it, with the demo's title and
  /// caption at its top.
  public static func canvas(in stage: CALayer, title: String, caption: String) -> CALayer {
    let canvas = CALayer()
    canvas.name = "canvas"
    canvas.bounds = CGRect(origin: .zero, size: canvasSize)
    fit(canvas, in: stage.bounds)
    stage.backgroundColor = background
    stage.addSublayer(canvas)
    canvas.addSublayer(
      label(title, frame: CGRect(x: 40, y: 24, width: 880, height: 34), size: 26, bold: true))
    canvas.addSublayer(
      label(
        caption, frame: CGRect(x: 40, y: 62, width: 880, height: 44), size: 15, color: muted,
        wrapped: true))
    return canvas
  }

  /// Centres `canvas` in `bounds` and scales it uniformly to fit.
  public static func fit(_ canvas: CALayer, in bounds: CGRect) {
    let scale = max(0.01, min(bounds.width / canvasSize.width, bounds.height / canvasSize.height))
    canvas.position = CGPoint(x: bounds.midX, y: bounds.midY)
    canvas.transform = CATransform3DMakeScale(scale, scale, 1)
  }

  /// A text layer.
  public static func label(
    _ text: String, frame: CGRect, size: CGFloat = 14, color: CGColor = ink, bold: Bool = false,
    alignment: CATextLayerAlignmentMode = .left, wrapped: Bool = false
  ) -> CATextLayer {
    let layer = CATextLayer()
    layer.frame = frame
    layer.string = text
    layer.font = bold ? "Helvetica-Bold" : "Helvetica"
    layer.fontSize = size
    layer.foregroundColor = color
    layer.alignmentMode = alignment
    layer.isWrapped = wrapped
    return layer
  }

  /// A rounded, softly shadowed card.
  public static func card(_ frame: CGRect, color: CGColor = panel, radius: CGFloat = 14) -> CALayer
  {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = color
    layer.cornerRadius = radius
    layer.shadowColor = ink
    layer.shadowOpacity = 0.12
    layer.shadowRadius = 8
    layer.shadowOffset = CGSize(width: 0, height: 3)
    return layer
  }

  /// A plain coloured square (or rectangle) with rounded corners.
  public static func tile(_ frame: CGRect, color: CGColor, radius: CGFloat = 10) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = color
    layer.cornerRadius = radius
    return layer
  }

  /// A shape layer with `path` in its own coordinates.
  public static func shape(
    _ path: CGPath, frame: CGRect, fill: CGColor? = nil, stroke: CGColor? = nil,
    lineWidth: CGFloat = 1
  ) -> CAShapeLayer {
    let layer = CAShapeLayer()
    layer.frame = frame
    layer.path = path
    layer.fillColor = fill
    layer.strokeColor = stroke
    layer.lineWidth = lineWidth
    return layer
  }

  /// `color` with its alpha replaced.
  public static func faded(_ color: CGColor, _ alpha: CGFloat) -> CGColor {
    CGColor(red: color.red, green: color.green, blue: color.blue, alpha: alpha)
  }
}
