import LayerKit

/// Seed 004's nested transactions: the outer one moves the layer over 2 s; the inner one
/// changes zPosition and opacity over 5 s.
public final class NestedTransactionsScene: DemoScene {
  public static let name = "nested-transactions"
  public static let title = "Nested transactions: 2 s outside, 5 s inside"
  public static let duration = 6.0

  private weak var myLayer: CALayer?

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "At 0.5 s the outer transaction (duration 2) moves the layer; the inner one "
        + "(duration 5) sets zPosition = 200 and opacity = 0, so the fade outlasts the move.")
    let area = DemoStyle.card(CGRect(x: 180, y: 130, width: 600, height: 360))
    canvas.addSublayer(area)
    let layer = DemoStyle.tile(
      CGRect(x: 440, y: 220, width: 120, height: 120), color: DemoStyle.violet, radius: 20)
    layer.name = "myLayer"
    area.addSublayer(layer)
    area.addSublayer(
      DemoStyle.tile(
        CGRect(x: 40, y: 40, width: 120, height: 120),
        color: DemoStyle.faded(DemoStyle.violet, 0.12), radius: 20))
    area.addSublayer(
      DemoStyle.label(
        "position target", frame: CGRect(x: 40, y: 166, width: 140, height: 20), size: 13,
        color: DemoStyle.muted))
    myLayer = layer
  }

  public var cues: [SceneCue] {
    [
      SceneCue(at: 0.5, "outer 2 s: position; inner 5 s: zPosition, opacity") { [self] in
        guard let myLayer else { return }
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        myLayer.position = CGPoint(x: 100, y: 100)
        CATransaction.begin()
        CATransaction.setAnimationDuration(5)
        myLayer.zPosition = 200.0
        myLayer.opacity = 0.0
        CATransaction.commit()
        CATransaction.commit()
      }
    ]
  }
}
