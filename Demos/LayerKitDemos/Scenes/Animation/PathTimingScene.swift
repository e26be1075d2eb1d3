import LayerKit

/// Keyframe timing along a path, as Core Animation times it: the same cubic curve driven
/// in `.linear` mode (the time fraction is the Bézier parameter, so the dot lingers where
/// the control points bunch up), in `.paced` mode (arc length: constant speed), and in
/// `.linear` mode inside a group whose ease-in timing function reshapes the time the
/// child sees.
public final class PathTimingScene: DemoScene {
  public static let name = "path-timing"
  public static let title = "Keyframe paths: curve parameter, arc length, group easing"
  public static let duration = 4.0

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "Each dot follows the same curve over 3 s. Linear uses the curve's parameter; "
        + "paced moves at constant speed; the third runs linear inside an ease-in group.")
    let rows: [(String, CGColor)] = [
      ("calculationMode .linear", DemoStyle.blue),
      ("calculationMode .paced", DemoStyle.coral),
      (".linear in a group with easeIn", DemoStyle.teal),
    ]
    for (i, (text, color)) in rows.enumerated() {
      let x = 40 + CGFloat(i) * 300
      let card = DemoStyle.card(CGRect(x: x, y: 110, width: 280, height: 360))
      canvas.addSublayer(card)
      // The curve: from bottom left up through two high control points, back down.
      let path = CGMutablePath()
      path.move(to: CGPoint(x: 30, y: 300))
      path.addCurve(
        to: CGPoint(x: 250, y: 300), control1: CGPoint(x: 30, y: -40),
        control2: CGPoint(x: 250, y: 160))
      card.addSublayer(
        DemoStyle.shape(path, frame: card.bounds, stroke: DemoStyle.hairline, lineWidth: 3))
      let dot = DemoStyle.tile(CGRect(x: 0, y: 0, width: 26, height: 26), color: color, radius: 13)
      dot.name = text
      dot.position = CGPoint(x: 250, y: 300)
      card.addSublayer(dot)
      let move = CAKeyframeAnimation(keyPath: "position")
      move.path = path
      move.duration = 3
      move.calculationMode = i == 1 ? .paced : .linear
      if i == 2 {
        let group = CAAnimationGroup()
        group.animations = [move]
        group.duration = 3
        group.timingFunction = CAMediaTimingFunction(name: .easeIn)
        group.beginTime = 0.5
        group.fillMode = .backwards
        dot.add(group, forKey: "move")
      } else {
        move.beginTime = 0.5
        move.fillMode = .backwards
        dot.add(move, forKey: "move")
      }
      card.addSublayer(
        DemoStyle.label(
          text, frame: CGRect(x: 0, y: 322, width: 280, height: 22), size: 15,
          color: DemoStyle.muted, alignment: .center))
    }
  }
}
