import LayerKit

/// Seed 004's `CAKeyframeAnimation`: red → yellow → blue at key times 0, 0.5, 1, linear,
/// over 4 s, repeating forever.
public final class KeyframeColorsScene: DemoScene {
  public static let name = "keyframe-colors"
  public static let title = "CAKeyframeAnimation: red → yellow → blue, forever"
  public static let duration = 8.0

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "values [red, yellow, blue] at keyTimes [0, 0.5, 1], calculationMode .linear, "
        + "duration 4, repeatCount .greatestFiniteMagnitude.")
    let layer = DemoStyle.tile(
      CGRect(x: 380, y: 150, width: 200, height: 200), color: DemoStyle.red, radius: 100)
    layer.name = "layer"
    canvas.addSublayer(layer)

    let keyPath = "backgroundColor"
    let keyTimes: [NSNumber] = [0, 0.5, 1]
    let values = [DemoStyle.red, DemoStyle.yellow, DemoStyle.pureBlue]
    let duration: CFTimeInterval = 4
    let keyframeAnimation = CAKeyframeAnimation(keyPath: keyPath)
    keyframeAnimation.calculationMode = .linear
    keyframeAnimation.repeatCount = .greatestFiniteMagnitude
    keyframeAnimation.keyTimes = keyTimes
    keyframeAnimation.values = values
    keyframeAnimation.duration = duration
    layer.add(keyframeAnimation, forKey: keyPath)

    for (i, (color, text)) in zip(values, ["0.0", "0.5", "1.0"]).enumerated() {
      let x = 330 + CGFloat(i) * 120
      canvas.addSublayer(
        DemoStyle.tile(CGRect(x: x, y: 400, width: 60, height: 24), color: color, radius: 6))
      canvas.addSublayer(
        DemoStyle.label(
          "keyTime \(text)", frame: CGRect(x: x - 20, y: 430, width: 100, height: 20), size: 13,
          color: DemoStyle.muted, alignment: .center))
    }
  }
}
