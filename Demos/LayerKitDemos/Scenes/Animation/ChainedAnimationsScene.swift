import LayerKit

/// Seed 004's chaining with `beginTime`: move for 2 s, then fade for 2 s, in one group;
/// the fade fills backwards so it holds opacity 1 while the move runs, although the model
/// is already 0.
public final class ChainedAnimationsScene: DemoScene {
  public static let name = "chained-animations"
  public static let title = "Chaining: move, then fade (fillMode .backwards)"
  public static let duration = 5.0

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "animation2.beginTime = 2 and fillMode = .backwards: without it the layer would "
        + "vanish at once, because the model opacity is set to the final 0.")
    let area = DemoStyle.card(CGRect(x: 180, y: 130, width: 600, height: 360))
    canvas.addSublayer(area)
    let subLayer = DemoStyle.tile(
      CGRect(x: 460, y: 240, width: 80, height: 80), color: DemoStyle.coral, radius: 40)
    subLayer.name = "subLayer"
    area.addSublayer(subLayer)
    area.addSublayer(
      DemoStyle.label(
        "target (60, 60)", frame: CGRect(x: 20, y: 110, width: 160, height: 20), size: 13,
        color: DemoStyle.muted))

    let animation1 = CABasicAnimation(keyPath: "position")
    let targetPosition = CGPoint(x: 60, y: 60)
    animation1.fromValue = subLayer.position
    animation1.toValue = targetPosition
    animation1.duration = 2.0
    animation1.beginTime = 0
    var totalDuration = animation1.duration

    let animation2 = CABasicAnimation(keyPath: "opacity")
    let targetOpacity: Float = 0
    animation2.fromValue = 1
    animation2.toValue = targetOpacity
    animation2.duration = 2.0
    animation2.beginTime = animation2.duration
    animation2.fillMode = .backwards
    totalDuration += animation2.duration

    let group = CAAnimationGroup()
    group.duration = totalDuration
    group.animations = [animation1, animation2]
    subLayer.position = targetPosition
    subLayer.opacity = targetOpacity
    subLayer.add(group, forKey: "MyChainAnimation")
  }
}
