import LayerKit

/// The scene the LayerKitTesting tests render: a 40 × 30 point card whose opacity falls
/// from 1 to 0 and whose inner square slides 20 points right, both linear over one second.
enum SlidingCard {
  static func make() -> CALayer {
    let card = CALayer()
    card.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
    card.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
    let square = CALayer()
    square.name = "square"
    square.frame = CGRect(x: 5, y: 10, width: 10, height: 10)
    square.backgroundColor = CGColor(red: 0.95, green: 0.8, blue: 0.2, alpha: 1)
    card.addSublayer(square)

    card.add(linear("opacity", from: 1, to: 0), forKey: "fade")
    square.add(linear("position.x", from: 10, to: 30), forKey: "slide")
    return card
  }

  /// A linear one-second animation of `keyPath` from `from` to `to`.
  static func linear(_ keyPath: String, from: CGFloat, to: CGFloat) -> CABasicAnimation {
    let animation = CABasicAnimation(keyPath: keyPath)
    animation.fromValue = from
    animation.toValue = to
    animation.duration = 1
    animation.timingFunction = CAMediaTimingFunction(name: .linear)
    return animation
  }
}
