import LayerKit

/// `compositingFilter`: the fifteen blend modes by Apple's filter names. Each cell is a
/// landscape image with a gradient disc gliding over it; the disc is composited onto
/// the image with the cell's mode.
public final class BlendModesScene: DemoScene {
  public static let name = "blend-modes"
  public static let title = "compositingFilter: blend modes"
  public static let duration = 4.0

  /// The filter names, in `CGBlendMode` order.
  static let filters = [
    "multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "darkenBlendMode",
    "lightenBlendMode",
    "colorDodgeBlendMode", "colorBurnBlendMode", "softLightBlendMode", "hardLightBlendMode",
    "differenceBlendMode", "exclusionBlendMode", "hueBlendMode", "saturationBlendMode",
    "colorBlendMode",
    "luminosityBlendMode",
  ]

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption:
        "layer.compositingFilter = \"multiplyBlendMode\" and the rest: the disc (a gradient layer) "
        + "is blended onto the image behind it with the W3C formulas.")
    let photo = DemoImages.landscape(width: 168, height: 100, hue: 0.55)
    for (k, filter) in Self.filters.enumerated() {
      let x = 36 + CGFloat(k % 5) * 180
      let y = 116 + CGFloat(k / 5) * 140
      let backdrop = CALayer()
      backdrop.frame = CGRect(x: x, y: y, width: 168, height: 100)
      backdrop.contents = photo
      backdrop.name = filter
      canvas.addSublayer(backdrop)

      let disc = CAGradientLayer()
      disc.name = "disc"
      disc.bounds = CGRect(x: 0, y: 0, width: 84, height: 84)
      disc.cornerRadius = 42
      disc.masksToBounds = true
      disc.colors = [DemoStyle.coral, DemoStyle.amber, DemoStyle.teal, DemoStyle.violet]
      disc.startPoint = CGPoint(x: 0, y: 0)
      disc.endPoint = CGPoint(x: 1, y: 1)
      disc.position = CGPoint(x: x + 56, y: y + 50)
      disc.compositingFilter = filter
      let glide = CABasicAnimation(keyPath: "position.x")
      glide.fromValue = x + 48
      glide.toValue = x + 120
      glide.duration = Self.duration / 2
      glide.autoreverses = true
      glide.repeatCount = .infinity
      glide.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
      disc.add(glide, forKey: "glide")
      canvas.addSublayer(disc)

      let name = String(filter.dropLast("BlendMode".count))
      canvas.addSublayer(
        DemoStyle.label(
          name, frame: CGRect(x: x, y: y + 104, width: 168, height: 22), size: 14,
          color: DemoStyle.muted,
          alignment: .center))
    }
  }
}
