import LayerKit

/// Seed 004's first `CABasicAnimation`: `backgroundColor` from red to blue over 4 s, with
/// the end value written to the model afterwards so the layer stays blue.
public final class BasicAnimationScene: DemoScene {
  public static let name = "basic-animation"
  public static let title = "CABasicAnimation: red → blue"
  public static let duration = 5.0

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "backgroundColor animates from fromValue to toValue over 4 s; the model is set "
        + "to the end value so the layer stays blue when the animation is removed.")
    let myLayer = DemoStyle.tile(
      CGRect(x: 380, y: 170, width: 200, height: 200), color: DemoStyle.red, radius: 24)
    myLayer.name = "myLayer"
    canvas.addSublayer(myLayer)

    let keyPath = "backgroundColor"
    let fromValue = DemoStyle.red
    let toValue = DemoStyle.pureBlue
    let animation = CABasicAnimation(keyPath: keyPath)
    animation.fromValue = fromValue
    animation.toValue = toValue
    animation.duration = 4
    myLayer.add(animation, forKey: keyPath)
    myLayer.backgroundColor = toValue

    canvas.addSublayer(
      DemoStyle.label(
        "duration = 4 · fromValue = red · toValue = blue",
        frame: CGRect(x: 180, y: 400, width: 600, height: 24),
        size: 16, color: DemoStyle.muted, alignment: .center))
  }
}
