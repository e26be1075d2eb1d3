import LayerKit

/// Seed 004's anchorPoint: the same position and rotation about three anchor points.
/// Changing anchorPoint from (0.5, 0.5) to (1, 1) keeps `position` and moves the frame.
public final class AnchorPointScene: DemoScene {
  public static let name = "anchor-point"
  public static let title = "anchorPoint: the pivot of position and transform"
  public static let duration = 4.0

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "Each layer has position at the cross and rotates by 90° there. The anchorPoint "
        + "says which point of the layer sits on the position.")
    let anchors: [(CGPoint, String)] = [
      (CGPoint(x: 0.5, y: 0.5), "(0.5, 0.5)"), (CGPoint(x: 0, y: 0), "(0, 0)"),
      (CGPoint(x: 1, y: 1), "(1, 1)"),
    ]
    let colors = [DemoStyle.blue, DemoStyle.teal, DemoStyle.amber]
    for (i, (anchor, text)) in anchors.enumerated() {
      let center = CGPoint(x: 200 + CGFloat(i) * 280, y: 300)
      let cross = CGMutablePath()
      cross.move(to: CGPoint(x: center.x - 14, y: center.y))
      cross.addLine(to: CGPoint(x: center.x + 14, y: center.y))
      cross.move(to: CGPoint(x: center.x, y: center.y - 14))
      cross.addLine(to: CGPoint(x: center.x, y: center.y + 14))
      let ghost = DemoStyle.tile(
        CGRect(x: 0, y: 0, width: 150, height: 100), color: DemoStyle.faded(colors[i], 0.15),
        radius: 10)
      ghost.anchorPoint = anchor
      ghost.position = center
      canvas.addSublayer(ghost)
      let layer = DemoStyle.tile(
        CGRect(x: 0, y: 0, width: 150, height: 100), color: colors[i], radius: 10)
      layer.name = "anchor \(text)"
      layer.anchorPoint = anchor
      layer.position = center
      canvas.addSublayer(layer)
      canvas.addSublayer(
        DemoStyle.shape(cross, frame: canvas.bounds, stroke: DemoStyle.ink, lineWidth: 2))
      canvas.addSublayer(
        DemoStyle.label(
          "anchorPoint \(text)", frame: CGRect(x: center.x - 120, y: 450, width: 240, height: 24),
          size: 16, bold: true, alignment: .center))
      let turn = CABasicAnimation(keyPath: "transform.rotation.z")
      turn.fromValue = 0
      turn.toValue = Double.pi / 2
      turn.duration = 2
      turn.autoreverses = true
      turn.repeatCount = .infinity
      turn.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
      layer.add(turn, forKey: "turn")
    }
  }
}
