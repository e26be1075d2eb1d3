import LayerKit

/// Seed 004's rounded corners, `masksToBounds` and shadows: masking clips the shadow away,
/// so the fix is two layers — an outer one that casts the shadow and an inner one that
/// clips the image to the rounded corners.
public final class ShadowCornersScene: DemoScene {
  public static let name = "shadow-corners"
  public static let title = "Shadow with rounded corners and masksToBounds"
  public static let duration = 4.0

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "cornerRadius shapes background and border; masksToBounds clips contents to it, "
        + "and clips the shadow too. Right: a shadow layer around a masked one.")
    let image = DemoImages.landscape(width: 220, height: 160, hue: 0.3)
    let headings = ["cornerRadius only", "masksToBounds = true", "two layers"]
    for i in 0..<3 {
      let x = 90 + CGFloat(i) * 280
      let frame = CGRect(x: x, y: 170, width: 220, height: 160)
      let layer = CALayer()
      layer.name = headings[i]
      layer.frame = frame
      layer.cornerRadius = 28
      layer.borderColor = DemoStyle.panel
      layer.borderWidth = 4
      layer.contents = image
      layer.shadowColor = DemoStyle.ink
      layer.shadowOpacity = 0.45
      layer.shadowRadius = 14
      layer.shadowOffset = CGSize(width: 0, height: 10)
      if i == 1 { layer.masksToBounds = true }
      if i == 2 {
        let shadow = CALayer()
        shadow.name = "shadow"
        shadow.frame = frame
        shadow.cornerRadius = 28
        shadow.backgroundColor = DemoStyle.panel
        shadow.shadowColor = DemoStyle.ink
        shadow.shadowOpacity = 0.45
        shadow.shadowRadius = 14
        shadow.shadowOffset = CGSize(width: 0, height: 10)
        canvas.addSublayer(shadow)
        layer.frame = shadow.bounds
        layer.masksToBounds = true
        layer.shadowOpacity = 0
        shadow.addSublayer(layer)
        let lift = CABasicAnimation(keyPath: "shadowOffset")
        lift.fromValue = CGSize(width: 0, height: 4)
        lift.toValue = CGSize(width: 0, height: 18)
        lift.duration = 2
        lift.autoreverses = true
        lift.repeatCount = .infinity
        shadow.add(lift, forKey: "lift")
      } else {
        canvas.addSublayer(layer)
      }
      canvas.addSublayer(
        DemoStyle.label(
          headings[i], frame: CGRect(x: x - 20, y: 370, width: 260, height: 24), size: 17,
          bold: true, alignment: .center))
    }
    let notes = [
      "the image pokes out of the corners", "no shadow: it is clipped",
      "shadow outside, image clipped",
    ]
    for (i, note) in notes.enumerated() {
      canvas.addSublayer(
        DemoStyle.label(
          note, frame: CGRect(x: 70 + CGFloat(i) * 280, y: 398, width: 260, height: 20), size: 13,
          color: DemoStyle.muted, alignment: .center))
    }
  }
}
