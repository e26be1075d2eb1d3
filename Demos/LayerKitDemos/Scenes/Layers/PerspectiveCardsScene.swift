import Foundation
import LayerKit

/// Seed 004's perspective: `m34 = -1 / eyePosition` in the parent's `sublayerTransform`,
/// rotated about y, over three cards at different zPositions. The eye distance is a slider.
public final class PerspectiveCardsScene: DemoScene {
  public static let name = "perspective-cards"
  public static let title = "Perspective: sublayerTransform with m34 = −1 / eye"
  public static let duration = 6.0

  private var eyePosition: CGFloat = 500
  private weak var parentLayer: CALayer?
  private weak var readout: CATextLayer?

  public init() {}

  public var parameters: [DemoParameter] {
    [
      DemoParameter(
        "eye distance", range: 150...2000, value: Double(eyePosition), format: "%.0f pt")
    ]
  }

  public func setParameter(_ name: String, to value: Double) {
    guard name == "eye distance" else { return }
    eyePosition = CGFloat(value)
    applyPerspective()
  }

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "The parent's sublayerTransform rotates its cards about y with perspective.m34 = "
        + "−1 / eyePosition; a small eye distance exaggerates depth. The cards sit at z = −60, 0, 60."
    )
    let parent = CALayer()
    parent.name = "parentLayer"
    parent.frame = CGRect(x: 180, y: 130, width: 600, height: 340)
    canvas.addSublayer(parent)
    let colors = [DemoStyle.teal, DemoStyle.blue, DemoStyle.coral]
    for (i, color) in colors.enumerated() {
      let card = DemoStyle.tile(
        CGRect(x: 70 + CGFloat(i) * 160, y: 80, width: 140, height: 180), color: color, radius: 14)
      card.name = "card \(i + 1)"
      card.zPosition = CGFloat(i - 1) * 60
      card.borderColor = DemoStyle.faded(DemoStyle.panel, 0.8)
      card.borderWidth = 3
      card.addSublayer(
        DemoStyle.label(
          "\(i + 1)", frame: CGRect(x: 0, y: 60, width: 140, height: 60), size: 48,
          color: DemoStyle.panel, bold: true, alignment: .center))
      parent.addSublayer(card)
    }
    let rotate = CABasicAnimation(keyPath: "sublayerTransform.rotation.y")
    rotate.fromValue = -50 * Double.pi / 180
    rotate.toValue = 50 * Double.pi / 180
    rotate.duration = 3
    rotate.autoreverses = true
    rotate.repeatCount = .infinity
    rotate.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    parent.add(rotate, forKey: "turn")
    let text = DemoStyle.label(
      "", frame: CGRect(x: 180, y: 480, width: 600, height: 24), size: 16, color: DemoStyle.muted,
      alignment: .center)
    canvas.addSublayer(text)
    parentLayer = parent
    readout = text
    applyPerspective()
  }

  private func applyPerspective() {
    guard let parentLayer else { return }
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / eyePosition
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    parentLayer.sublayerTransform = perspective
    readout?.string = String(
      format: "eyePosition = %.0f · m34 = %.5f", eyePosition, -1 / eyePosition)
    CATransaction.commit()
  }
}
