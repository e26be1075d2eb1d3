import Foundation
import LayerKit

/// `CAReplicatorLayer.preservesDepth`: eight copies of one card on a ring about the
/// vertical axis, turned by the replicator's `sublayerTransform` (perspective m34 and a
/// rotation). Left, copies draw in copy order, so cards behind cover the nearer ones;
/// right, with `preservesDepth`, they draw back to front.
public final class ReplicatorCarouselScene: DemoScene {
  public static let name = "replicator-carousel"
  public static let title = "Replicator carousel: preservesDepth"
  public static let duration = 8.0

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption:
        "One white card, instanceCount 8, instanceTransform a 45° turn about y; instanceColor "
        + "starts coral and its offsets turn each copy towards amber. The replicator's "
        + "sublayerTransform adds perspective and spins the ring.")
    let headings = ["preservesDepth = false", "preservesDepth = true"]
    let notes = ["copies draw in order: the last one wins", "copies draw back to front"]
    for i in 0..<2 {
      let x = 40 + CGFloat(i) * 450
      let rep = CAReplicatorLayer()
      rep.name = headings[i]
      rep.frame = CGRect(x: x, y: 120, width: 430, height: 280)
      rep.instanceCount = 8
      rep.instanceTransform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
      // The card is white, so each copy shows its instance colour itself: coral, then a
      // little more green per copy, amber at the eighth; every step stays saturated
      // (tinting a coloured card multiplied the two into browns).
      rep.instanceColor = CGColor(red: 0.92, green: 0.36, blue: 0.36, alpha: 1)
      rep.instanceRedOffset = 0.01
      rep.instanceGreenOffset = 0.065
      rep.instanceBlueOffset = -0.01
      rep.preservesDepth = i == 1
      let card = DemoStyle.tile(
        CGRect(x: 155, y: 65, width: 120, height: 150), color: DemoStyle.panel, radius: 12)
      card.borderColor = CGColor(gray: 0.72, alpha: 1)
      card.borderWidth = 3
      card.transform = CATransform3DMakeTranslation(0, 0, 140)
      let stripe = DemoStyle.tile(
        CGRect(x: 14, y: 14, width: 92, height: 12), color: CGColor(gray: 0, alpha: 0.2), radius: 6)
      card.addSublayer(stripe)
      rep.addSublayer(card)
      var perspective = CATransform3DIdentity
      perspective.m34 = -1 / 700
      let spin = CAKeyframeAnimation(keyPath: "sublayerTransform")
      spin.values = (0...12).map { k in
        CATransform3DConcat(CATransform3DMakeRotation(CGFloat(k) * .pi / 6, 0, 1, 0), perspective)
      }
      spin.calculationMode = .linear
      spin.duration = Self.duration
      spin.repeatCount = .infinity
      rep.sublayerTransform = perspective
      rep.add(spin, forKey: "spin")
      canvas.addSublayer(rep)
      canvas.addSublayer(
        DemoStyle.label(
          headings[i], frame: CGRect(x: x, y: 420, width: 430, height: 24), size: 17, bold: true,
          alignment: .center))
      canvas.addSublayer(
        DemoStyle.label(
          notes[i], frame: CGRect(x: x, y: 446, width: 430, height: 20), size: 13,
          color: DemoStyle.muted,
          alignment: .center))
    }
  }
}
