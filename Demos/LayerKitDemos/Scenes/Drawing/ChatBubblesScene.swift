import Foundation
import LayerKit

/// The chat bubbles of seeds 000 and 001: the onboarding bubble (a rounded rectangle
/// united with a curved arrow) drawn on by animating `strokeEnd`, a "Hello!" bubble that
/// pops in with a spring, and seed 001's message bubble with its tail, in Japanese, with
/// a mirrored copy for the other speaker, then an Arabic and an emoji message.
public final class ChatBubblesScene: DemoScene {
  public static let name = "chat-bubbles"
  public static let title = "Chat bubbles: paths, strokeEnd and a spring"
  public static let duration = 4.0

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "Left: seed 000's bubble, drawn on with strokeEnd 0 → 1 and popped in with a spring "
        + "(response 0.25, damping 0.7). Right: seed 001's ChatBubble path, filled, with text.")
    let left = DemoStyle.card(CGRect(x: 40, y: 120, width: 400, height: 390), radius: 16)
    let right = DemoStyle.card(CGRect(x: 470, y: 120, width: 450, height: 390), radius: 16)
    canvas.addSublayer(left)
    canvas.addSublayer(right)

    // Seed 000: the outline of the onboarding bubble, drawn on.
    let outline = DemoStyle.shape(
      Self.onboardingBubble(in: CGRect(x: 0, y: 0, width: 150, height: 100)),
      frame: CGRect(x: 125, y: 40, width: 150, height: 100), stroke: DemoStyle.muted, lineWidth: 3)
    outline.name = "drawBubble"
    outline.strokeEnd = 1
    left.addSublayer(outline)
    let drawOn = CASpringAnimation(keyPath: "strokeEnd")
    drawOn.fromValue = 0
    drawOn.toValue = 1
    drawOn.beginTime = 0.3
    drawOn.duration = drawOn.settlingDuration
    drawOn.fillMode = .backwards
    outline.add(drawOn, forKey: "draw")

    // Seed 000: "Hello!" over a filled bubble, popping in.
    let pop = CALayer()
    pop.name = "helloBubble"
    pop.frame = CGRect(x: 100, y: 210, width: 200, height: 100)
    let fill = DemoStyle.shape(
      Self.onboardingBubble(in: CGRect(x: 0, y: 0, width: 200, height: 100)), frame: pop.bounds,
      fill: CGColor(red: 0.898, green: 0.898, blue: 0.918, alpha: 1))
    pop.addSublayer(fill)
    pop.addSublayer(
      DemoStyle.label(
        "Hello!", frame: CGRect(x: 0, y: 34, width: 200, height: 32), size: 24, bold: true,
        alignment: .center))
    left.addSublayer(pop)
    let spring = CASpringAnimation(perceptualDuration: 0.25, bounce: 0.3)
    spring.keyPath = "transform.scale"
    spring.fromValue = 0
    spring.toValue = 1
    spring.beginTime = 1.5
    spring.duration = spring.settlingDuration
    spring.fillMode = .backwards
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 0
    fade.toValue = 1
    fade.beginTime = 1.5
    fade.duration = 0.25
    fade.fillMode = .backwards
    pop.add(spring, forKey: "pop")
    pop.add(fade, forKey: "fade")

    // Seed 001: message bubbles, the second mirrored about y.
    // Then an Arabic message (set right to left) and an emoji one (colour glyphs).
    let messages = [
      ("吹き出しを描く。自由自在に。", DemoStyle.faded(DemoStyle.teal, 0.9), false, 14.0),
      ("いいね!SwiftUI でも CALayer でも。", DemoStyle.faded(DemoStyle.blue, 0.9), true, 14.0),
      ("مرحبا! كيف حالك اليوم؟", DemoStyle.faded(DemoStyle.teal, 0.9), false, 26.0),
      ("👍🏽 🎉 またね 🇯🇵", DemoStyle.faded(DemoStyle.blue, 0.9), true, 26.0),
    ]
    for (i, (text, color, mirrored, top)) in messages.enumerated() {
      let bubble = CALayer()
      bubble.name = "ChatBubble \(i + 1)"
      bubble.frame = CGRect(x: mirrored ? 110 : 30, y: 16 + CGFloat(i) * 92, width: 310, height: 82)
      let shape = DemoStyle.shape(
        Self.chatBubble(in: bubble.bounds), frame: bubble.bounds, fill: color)
      if mirrored { shape.transform = CATransform3DMakeRotation(.pi, 0, 1, 0) }
      bubble.addSublayer(shape)
      bubble.addSublayer(
        DemoStyle.label(
          text, frame: CGRect(x: mirrored ? 22 : 42, y: top, width: 250, height: 60), size: 18,
          color: DemoStyle.panel, bold: true, alignment: .center, wrapped: true))
      right.addSublayer(bubble)
      let enter = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.25)
      enter.keyPath = "position.y"
      enter.fromValue = bubble.position.y + 60
      enter.toValue = bubble.position.y
      enter.beginTime = 0.6 + Double(i) * 0.45
      enter.duration = enter.settlingDuration
      enter.fillMode = .backwards
      let appear = CABasicAnimation(keyPath: "opacity")
      appear.fromValue = 0
      appear.toValue = 1
      appear.beginTime = enter.beginTime
      appear.duration = 0.2
      appear.fillMode = .backwards
      bubble.add(enter, forKey: "enter")
      bubble.add(appear, forKey: "appear")
    }
  }

  /// Seed 000's `MapOnboardingBubbleShape` (corner radius 12, arrow 20, arc 12, centred):
  /// the rounded rectangle united with the curved arrow below it.
  static func onboardingBubble(
    in rect: CGRect, cornerRadius: CGFloat = 12, arrowRectSize: CGFloat = 20,
    arcLength: CGFloat = 12,
    arrowOffsetFraction: CGFloat = 0.5
  ) -> CGPath {
    let body = rect.insetBy(dx: 0, dy: 0).divided(atDistance: arrowRectSize, from: .maxYEdge)
      .remainder
    let baseX =
      (body.maxX - cornerRadius - cornerRadius - arrowRectSize) * arrowOffsetFraction + cornerRadius
    let roundedRect = CGPath(
      roundedRect: body, cornerWidth: cornerRadius, cornerHeight: cornerRadius, transform: nil)
    let arrowPath = CGMutablePath()
    arrowPath.move(to: CGPoint(x: baseX, y: body.maxY))
    arrowPath.addLine(
      to: CGPoint(x: baseX + arrowRectSize - arcLength, y: body.maxY + arrowRectSize - arcLength))
    arrowPath.addQuadCurve(
      to: CGPoint(x: baseX + arrowRectSize, y: body.maxY + arrowRectSize - arcLength),
      control: CGPoint(x: baseX + arrowRectSize, y: body.maxY + arrowRectSize))
    arrowPath.addLine(to: CGPoint(x: baseX + arrowRectSize, y: body.maxY))
    arrowPath.closeSubpath()
    return roundedRect.union(arrowPath)
  }

  /// Seed 001's `ChatBubble` (radius 30, arrow 20 × 40): a rounded rectangle with a tail
  /// curving out of its bottom-left corner.
  static func chatBubble(
    in rect: CGRect, radius: CGFloat = 30, arrowWidth: CGFloat = 20, arrowHeight: CGFloat = 40
  ) -> CGPath {
    let left = rect.minX + arrowWidth
    let right = rect.maxX
    let top = rect.minY
    let bottom = rect.maxY
    let path = CGMutablePath()
    path.move(to: CGPoint(x: left, y: top + radius))
    path.addCurve(
      to: CGPoint(x: left + radius, y: top), control1: CGPoint(x: left, y: top),
      control2: CGPoint(x: left, y: top))
    path.addLine(to: CGPoint(x: right - radius, y: top))
    path.addCurve(
      to: CGPoint(x: right, y: top + radius), control1: CGPoint(x: right, y: top),
      control2: CGPoint(x: right, y: top))
    path.addLine(to: CGPoint(x: right, y: bottom - radius))
    path.addCurve(
      to: CGPoint(x: right - radius, y: bottom), control1: CGPoint(x: right, y: bottom),
      control2: CGPoint(x: right, y: bottom))
    path.addLine(to: CGPoint(x: left + radius, y: bottom))
    path.addCurve(
      to: CGPoint(x: left + radius - radius / sqrt(2), y: bottom - radius + radius / sqrt(2)),
      control1: CGPoint(x: left + radius * 0.9, y: bottom),
      control2: CGPoint(x: left + radius * 0.2, y: bottom))
    path.addCurve(
      to: CGPoint(x: rect.minX, y: bottom), control1: CGPoint(x: left + radius * 0.15, y: bottom),
      control2: CGPoint(x: left, y: bottom))
    path.addCurve(
      to: CGPoint(x: left, y: bottom - arrowHeight),
      control1: CGPoint(x: left, y: bottom - radius * 0.1),
      control2: CGPoint(x: left, y: bottom - arrowHeight + radius * 0.8))
    path.closeSubpath()
    return path
  }
}
