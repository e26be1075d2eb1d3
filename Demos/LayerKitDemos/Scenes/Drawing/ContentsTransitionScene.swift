import LayerKit

/// Seed 004's custom action: a `CATransition` (push from the right, 1 s, ease-in) stored in
/// `actions["contents"]`, so every new image slides in.
public final class ContentsTransitionScene: DemoScene {
  public static let name = "contents-transition"
  public static let title = "A contents transition: push from the right"
  public static let duration = 6.0

  private weak var layer: CALayer?
  private let images = [
    DemoImages.landscape(width: 360, height: 240, hue: 0),
    DemoImages.landscape(width: 360, height: 240, hue: 0.55),
    DemoImages.landscape(width: 360, height: 240, hue: 1),
  ]

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "layer.actions = [\"contents\": myAnimation] with type .push, subtype .fromRight, "
        + "duration 1 and an ease-in curve: setting contents at 1 s and 3.5 s slides the new image in."
    )
    let frame = DemoStyle.card(CGRect(x: 290, y: 140, width: 380, height: 260), radius: 12)
    canvas.addSublayer(frame)
    let layer = CALayer()
    layer.name = "layer"
    layer.frame = CGRect(x: 10, y: 10, width: 360, height: 240)
    layer.masksToBounds = true
    layer.cornerRadius = 6
    layer.contents = images[0]
    frame.addSublayer(layer)

    let myAnimation = CATransition()
    myAnimation.duration = 1
    myAnimation.timingFunction = CAMediaTimingFunction(name: .easeIn)
    myAnimation.type = .push
    myAnimation.subtype = .fromRight
    layer.actions = ["contents": myAnimation]
    self.layer = layer
  }

  public var cues: [SceneCue] {
    [
      SceneCue(at: 1, "contents = dusk") { [self] in layer?.contents = images[1] },
      SceneCue(at: 3.5, "contents = sunset") { [self] in layer?.contents = images[2] },
    ]
  }
}
