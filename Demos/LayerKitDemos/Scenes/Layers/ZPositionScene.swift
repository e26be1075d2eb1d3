import LayerKit

/// Seed 004's zPosition: siblings draw in the order they were added unless their
/// zPosition differs; the blue layer's zPosition grows until it is in front.
public final class ZPositionScene: DemoScene {
  public static let name = "zposition"
  public static let title = "zPosition reorders siblings"
  public static let duration = 5.0

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "Three overlapping siblings, added red, green, blue. Blue starts at zPosition −1 "
        + "(behind both) and animates to 1, passing the others at 0.")
    let colors = [DemoStyle.coral, DemoStyle.sage, DemoStyle.blue]
    let names = ["red", "green", "blue"]
    var blue: CALayer?
    for i in 0..<3 {
      let layer = DemoStyle.tile(
        CGRect(x: 300 + CGFloat(i) * 110, y: 170 + CGFloat(i) * 40, width: 200, height: 200),
        color: colors[i], radius: 18)
      layer.name = names[i]
      layer.borderColor = DemoStyle.panel
      layer.borderWidth = 3
      layer.addSublayer(
        DemoStyle.label(
          names[i], frame: CGRect(x: 14, y: 12, width: 170, height: 24), size: 18,
          color: DemoStyle.panel, bold: true))
      canvas.addSublayer(layer)
      if i == 2 { blue = layer }
    }
    guard let blue else { return }
    blue.zPosition = -1
    let rise = CABasicAnimation(keyPath: "zPosition")
    rise.fromValue = -1
    rise.toValue = 1
    rise.duration = 4
    rise.fillMode = .forwards
    rise.isRemovedOnCompletion = false
    blue.add(rise, forKey: "zPosition")
  }
}
