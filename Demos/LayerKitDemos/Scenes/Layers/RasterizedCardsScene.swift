import Foundation
import LayerKit

/// `shouldRasterize`: three identical cards (shadow, image, text, badges) sway at 0.8
/// opacity. The first is composited layer by layer every frame; the second is drawn once
/// into a bitmap and only that bitmap moves, faded as one group; the third rasterizes
/// at `rasterizationScale` 0.3, so its bitmap is magnified and soft. The slider sets the
/// third card's scale.
public final class RasterizedCardsScene: DemoScene {
  public static let name = "rasterized-cards"
  public static let title = "shouldRasterize: one bitmap per card"
  public static let duration = 4.0

  private weak var softCard: CALayer?
  private weak var softHeading: CATextLayer?
  private var softScale: CGFloat = 0.3

  public init() {}

  public var parameters: [DemoParameter] {
    [DemoParameter("rasterizationScale", range: 0.1...2, value: Double(softScale), format: "%.2f")]
  }

  public func setParameter(_ name: String, to value: Double) {
    guard name == "rasterizationScale" else { return }
    softScale = CGFloat(value)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    softCard?.rasterizationScale = softScale
    softHeading?.string = Self.softTitle(softScale)
    CATransaction.commit()
  }

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "Each card fades to 0.8 and sways. Left: every sublayer blends on its own, so the "
        + "photo shows through the badge. Middle and right: the card is one bitmap, faded as a group."
    )
    let headings = ["drawn every frame", "shouldRasterize", Self.softTitle(softScale)]
    let notes = [
      "layers overlap through each other", "the bitmap is reused while it sways",
      "the bitmap is magnified: soft",
    ]
    let photo = DemoImages.landscape(width: 200, height: 120, hue: 0.55)
    for i in 0..<3 {
      let x = 80 + CGFloat(i) * 280
      let card = Self.card(frame: CGRect(x: x, y: 130, width: 240, height: 250), photo: photo)
      card.name = headings[i]
      card.allowsGroupOpacity = false
      card.opacity = 0.8
      if i > 0 { card.shouldRasterize = true }
      if i == 2 {
        card.rasterizationScale = softScale
        softCard = card
      }
      let sway = CAKeyframeAnimation(keyPath: "transform.rotation.z")
      sway.values = [-0.08, 0.08, -0.08]
      sway.keyTimes = [0, 0.5, 1]
      sway.timingFunctions = [
        CAMediaTimingFunction(name: .easeInEaseOut), CAMediaTimingFunction(name: .easeInEaseOut),
      ]
      sway.duration = Self.duration
      sway.repeatCount = .infinity
      card.add(sway, forKey: "sway")
      canvas.addSublayer(card)
      let heading = DemoStyle.label(
        headings[i], frame: CGRect(x: x - 10, y: 420, width: 260, height: 24), size: 17, bold: true,
        alignment: .center)
      if i == 2 { softHeading = heading }
      canvas.addSublayer(heading)
      canvas.addSublayer(
        DemoStyle.label(
          notes[i], frame: CGRect(x: x - 10, y: 446, width: 260, height: 20), size: 13,
          color: DemoStyle.muted,
          alignment: .center))
    }
  }

  /// The third card's heading for its rasterization scale.
  static func softTitle(_ scale: CGFloat) -> String {
    "rasterizationScale " + String(format: "%.2f", scale)
  }

  /// A profile card: white, rounded, shadowed, with a photo, a name, two lines and a
  /// badge overlapping the photo's corner.
  static func card(frame: CGRect, photo: CGImage) -> CALayer {
    let card = DemoStyle.card(frame, radius: 18)
    card.shadowOpacity = 0.3
    card.shadowRadius = 12
    card.shadowOffset = CGSize(width: 0, height: 8)
    let image = CALayer()
    image.frame = CGRect(x: 20, y: 20, width: 200, height: 120)
    image.contents = photo
    image.cornerRadius = 10
    image.masksToBounds = true
    card.addSublayer(image)
    let badge = DemoStyle.tile(
      CGRect(x: 168, y: 112, width: 56, height: 56), color: DemoStyle.coral, radius: 28)
    badge.borderColor = DemoStyle.panel
    badge.borderWidth = 4
    card.addSublayer(badge)
    card.addSublayer(
      DemoStyle.label(
        "Harbour walk", frame: CGRect(x: 20, y: 152, width: 150, height: 24), size: 18, bold: true))
    card.addSublayer(
      DemoStyle.label(
        "Morning light over the water, 4.2 km",
        frame: CGRect(x: 20, y: 180, width: 200, height: 40), size: 13,
        color: DemoStyle.muted, wrapped: true))
    for k in 0..<3 {
      let dot = DemoStyle.tile(
        CGRect(x: 20 + CGFloat(k) * 22, y: 222, width: 14, height: 14),
        color: [DemoStyle.teal, DemoStyle.amber, DemoStyle.violet][k], radius: 7)
      card.addSublayer(dot)
    }
    return card
  }
}
