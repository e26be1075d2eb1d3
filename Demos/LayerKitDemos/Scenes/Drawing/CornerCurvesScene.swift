import LayerKit

/// `cornerCurve`: circular corners above, continuous ones below, with the same animated
/// `cornerRadius`. The continuous corner leaves the straight edge 1.528665 · r from the
/// corner; at half the shorter side both curves become a capsule.
public final class CornerCurvesScene: DemoScene {
  public static let name = "corner-curves"
  public static let title = "cornerCurve: circular and continuous"
  public static let duration = 4.0

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption:
        "Top: .circular. Bottom: .continuous (the squircle). Left to right: radius 12, 24, 36, "
        + "and an animated radius from 0 to half the height, where both become a capsule.")
    let photo = DemoImages.landscape(width: 180, height: 120, hue: 0.1)
    for (row, curve) in [CALayerCornerCurve.circular, .continuous].enumerated() {
      canvas.addSublayer(
        DemoStyle.label(
          ".\(curve.rawValue)",
          frame: CGRect(x: 40, y: 180 + CGFloat(row) * 180, width: 120, height: 24), size: 18,
          bold: true))
      for col in 0..<4 {
        let card = CALayer()
        card.name = "\(curve.rawValue) \(col)"
        card.frame = CGRect(
          x: 170 + CGFloat(col) * 190, y: 130 + CGFloat(row) * 180, width: 170, height: 130)
        card.cornerCurve = curve
        card.cornerRadius = col < 3 ? CGFloat(12 * (col + 1)) : 0
        card.shadowColor = DemoStyle.ink
        card.shadowOpacity = 0.3
        card.shadowRadius = 8
        card.shadowOffset = CGSize(width: 0, height: 6)
        card.borderWidth = 3
        card.borderColor = DemoStyle.ink
        if col == 1 {
          // Contents clipped by masksToBounds: the shadow goes, so this card has none.
          card.contents = photo
          card.masksToBounds = true
        } else {
          card.backgroundColor =
            [DemoStyle.coral, DemoStyle.teal, DemoStyle.blue, DemoStyle.amber][col]
        }
        if col == 3 {
          let grow = CABasicAnimation(keyPath: "cornerRadius")
          grow.fromValue = 0
          grow.toValue = 65
          grow.duration = Self.duration / 2
          grow.autoreverses = true
          grow.repeatCount = .infinity
          grow.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
          card.add(grow, forKey: "grow")
        }
        canvas.addSublayer(card)
      }
    }
  }
}
