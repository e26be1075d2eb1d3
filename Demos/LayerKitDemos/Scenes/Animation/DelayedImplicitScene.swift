import LayerKit

/// Seed 004's delayed implicit animation: the sublayer's own `beginTime` is set 3 s into
/// its future (its current time from `convertTime`), with `fillMode = .backwards`, so the
/// implicit position animation waits 3 s before it moves.
public final class DelayedImplicitScene: DemoScene {
  public static let name = "delayed-implicit"
  public static let title = "A delayed implicit animation via the layer's beginTime"
  public static let duration = 5.0

  private weak var superLayer: CALayer?
  private weak var subLayer: CALayer?

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "At 0.5 s: subLayer.beginTime = its current time + 3, fillMode = .backwards, "
        + "position = (60, 60). The implicit animation starts at 3.5 s.")
    let area = DemoStyle.card(CGRect(x: 180, y: 130, width: 600, height: 360))
    canvas.addSublayer(area)
    let layer = DemoStyle.tile(
      CGRect(x: 460, y: 240, width: 80, height: 80), color: DemoStyle.teal, radius: 16)
    layer.name = "subLayer"
    area.addSublayer(layer)
    superLayer = area
    subLayer = layer
  }

  public var cues: [SceneCue] {
    [
      SceneCue(at: 0.5, "beginTime = now + 3; position = (60, 60)") { [self] in
        guard let superLayer, let subLayer else { return }
        let currentTimeInSuperLayer = superLayer.convertTime(CACurrentMediaTime(), from: nil)
        let currentTimeInSubLayer = subLayer.convertTime(currentTimeInSuperLayer, from: superLayer)
        let delay: Double = 3
        subLayer.beginTime = currentTimeInSubLayer + delay
        subLayer.fillMode = .backwards
        subLayer.position = CGPoint(x: 60, y: 60)
      }
    ]
  }
}
