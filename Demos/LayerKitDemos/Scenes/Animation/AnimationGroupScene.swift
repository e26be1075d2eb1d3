import LayerKit

/// Seed 004's `CAAnimationGroup`: a red → blue background and a cubic `position.y`
/// keyframe animation through [310, 60, 120, 60, 310], grouped over 6 s.
public final class AnimationGroupScene: DemoScene {
  public static let name = "animation-group"
  public static let title = "CAAnimationGroup: colour and a cubic bounce"
  public static let duration = 6.5

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "The group's duration (6 s) applies to both children: backgroundColor red → blue "
        + "and position.y keyframes [310, 60, 120, 60, 310] with calculationMode .cubic.")
    // A guide for the y values, on the left.
    for y in [60.0, 120.0, 310.0] {
      canvas.addSublayer(
        DemoStyle.tile(
          CGRect(x: 300, y: y + 90, width: 360, height: 1), color: DemoStyle.hairline, radius: 0))
      canvas.addSublayer(
        DemoStyle.label(
          "y = \(Int(y))", frame: CGRect(x: 220, y: y + 80, width: 70, height: 20), size: 13,
          color: DemoStyle.muted))
    }
    let track = CALayer()
    track.frame = CGRect(x: 0, y: 90, width: 960, height: 420)
    canvas.addSublayer(track)
    let layer = DemoStyle.tile(
      CGRect(x: 430, y: 270, width: 100, height: 80), color: DemoStyle.red, radius: 16)
    layer.name = "layer"
    layer.position = CGPoint(x: 480, y: 310)
    track.addSublayer(layer)

    let bgAnimation = CABasicAnimation(keyPath: "backgroundColor")
    bgAnimation.fromValue = DemoStyle.red
    bgAnimation.toValue = DemoStyle.pureBlue
    let positionYAnimation = CAKeyframeAnimation(keyPath: "position.y")
    positionYAnimation.calculationMode = .cubic
    positionYAnimation.keyTimes = [0, 0.25, 0.5, 0.75, 1]
    positionYAnimation.values = [310, 60, 120, 60, 310]
    let animationGroup = CAAnimationGroup()
    animationGroup.animations = [bgAnimation, positionYAnimation]
    animationGroup.duration = 6
    layer.add(animationGroup, forKey: "MyAnimationGroup")
  }
}
