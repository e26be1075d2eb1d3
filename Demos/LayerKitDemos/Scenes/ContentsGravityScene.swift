import LayerKit

/// Seed 004's `contentsGravity`: one image in twelve layers, one per gravity, with
/// `isGeometryFlipped` as the seed recommends so `.top` means the top on screen.
public final class ContentsGravityScene: DemoScene {
  public static let name = "contents-gravity"
  public static let title = "contentsGravity gallery"
  public static let duration = 4.0

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "A 90 × 60 image in 150 × 90 layers. The resize gravities scale it; the others "
        + "place it at its own size, cropped by masksToBounds.")
    let image = DemoImages.landscape(width: 90, height: 60, hue: 0.15)
    let gravities: [CALayerContentsGravity] = [
      .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight,
      .resize, .resizeAspect, .resizeAspectFill,
    ]
    for (i, gravity) in gravities.enumerated() {
      let column = CGFloat(i % 4)
      let row = CGFloat(i / 4)
      let x = 95 + column * 200
      let y = 125 + row * 135
      let layer = CALayer()
      layer.name = gravity.rawValue
      layer.frame = CGRect(x: x, y: y, width: 150, height: 90)
      layer.backgroundColor = DemoStyle.panel
      layer.borderColor = DemoStyle.hairline
      layer.borderWidth = 1
      layer.cornerRadius = 8
      layer.masksToBounds = true
      layer.contents = image
      layer.contentsGravity = gravity
      layer.isGeometryFlipped = true
      canvas.addSublayer(layer)
      canvas.addSublayer(DemoStyle.label("." + gravity.rawValue, frame: CGRect(x: x - 10, y: y + 96, width: 170, height: 20), size: 13, color: DemoStyle.muted, alignment: .center))
    }
  }
}
