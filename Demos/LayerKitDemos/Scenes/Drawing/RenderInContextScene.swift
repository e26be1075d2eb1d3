import Foundation
import LayerKit

/// `CALayer.render(in:)`: a live card on the left changes at each cue (implicitly
/// animated), and right after each change the app snapshots the card with
/// `render(in:)` into a bitmap context and shows the image as a thumbnail. The snapshots
/// draw model values, so one taken while the card is still animating already shows
/// where the animation is going.
public final class RenderInContextScene: DemoScene {
  public static let name = "render-in-context"
  public static let title = "render(in:): snapshots of a layer tree"
  public static let duration = 6.0

  /// The live card's size, in points.
  public static let cardSize = CGSize(width: 360, height: 240)
  /// Thumbnails are half the card's size, drawn at `thumbnailScale` pixels per point.
  static let thumbnailScale: CGFloat = 2

  private var card: CardParts?
  private var thumbnails: [CALayer] = []
  private var taken = 0

  public init() {}

  /// The layers of the live card a cue changes.
  public struct CardParts {
    /// The card (the layer rendered into thumbnails).
    public var card: CALayer
    public var header: CAGradientLayer
    public var star: CAShapeLayer
    public var badge: CALayer
    public var title: CATextLayer
  }

  /// A card like the scene's live one: a gradient header, a title, a star shape and a
  /// badge, at the origin.
  public static func makeCard() -> CardParts {
    let card = DemoStyle.card(CGRect(origin: .zero, size: cardSize))
    card.masksToBounds = true
    let header = CAGradientLayer()
    header.frame = CGRect(x: 0, y: 0, width: cardSize.width, height: 70)
    header.colors = [DemoStyle.blue, DemoStyle.teal]
    header.startPoint = CGPoint(x: 0, y: 0.5)
    header.endPoint = CGPoint(x: 1, y: 0.5)
    card.addSublayer(header)
    let title = DemoStyle.label(
      "Snapshot me", frame: CGRect(x: 20, y: 20, width: 320, height: 32), size: 22,
      color: DemoStyle.panel, bold: true)
    card.addSublayer(title)
    let star = DemoStyle.shape(
      Self.starPath(radius: 60), frame: CGRect(x: 40, y: 95, width: 130, height: 130),
      fill: DemoStyle.amber, stroke: DemoStyle.ink, lineWidth: 2)
    card.addSublayer(star)
    let badge = DemoStyle.tile(
      CGRect(x: 230, y: 120, width: 90, height: 90), color: DemoStyle.coral, radius: 45)
    badge.borderColor = DemoStyle.ink
    badge.borderWidth = 3
    card.addSublayer(badge)
    return CardParts(card: card, header: header, star: star, badge: badge, title: title)
  }

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption:
        "Left: a live card, changed at each cue. Right: CALayer.render(in:) snapshots into a "
        + "bitmap context, taken right after each change: they draw model values, so a snapshot "
        + "shows where the card is going even while it still animates.")
    let parts = Self.makeCard()
    parts.card.position = CGPoint(
      x: 40 + Self.cardSize.width / 2, y: 150 + Self.cardSize.height / 2)
    canvas.addSublayer(parts.card)
    card = parts
    canvas.addSublayer(
      DemoStyle.label(
        "live", frame: CGRect(x: 40, y: 122, width: 200, height: 22), size: 15,
        color: DemoStyle.muted))
    canvas.addSublayer(
      DemoStyle.label(
        "render(in:) snapshots", frame: CGRect(x: 460, y: 122, width: 400, height: 22), size: 15,
        color: DemoStyle.muted))
    for k in 0..<4 {
      let slot = CALayer()
      slot.frame = CGRect(
        x: 460 + CGFloat(k % 2) * 200, y: 150 + CGFloat(k / 2) * 140,
        width: Self.cardSize.width / 2, height: Self.cardSize.height / 2)
      slot.borderColor = DemoStyle.hairline
      slot.borderWidth = 1
      slot.contentsScale = Self.thumbnailScale
      slot.contentsGravity = .resize
      canvas.addSublayer(slot)
      thumbnails.append(slot)
    }
    snapshot()
  }

  public var cues: [SceneCue] {
    [
      SceneCue(at: 1.2, "header → coral, star turns") { [self] in
        guard let card else { return }
        card.header.colors = [DemoStyle.coral, DemoStyle.amber]
        card.star.transform = CATransform3DMakeRotation(.pi / 5, 0, 0, 1)
        snapshot()
      },
      SceneCue(at: 2.6, "badge moves, title changes") { [self] in
        guard let card else { return }
        card.badge.position = CGPoint(x: 275, y: 80)
        card.badge.backgroundColor = DemoStyle.violet
        card.title.string = "Model values"
        snapshot()
      },
      SceneCue(at: 4.0, "star grows, card darkens") { [self] in
        guard let card else { return }
        card.star.transform = CATransform3DMakeScale(1.3, 1.3, 1)
        card.star.fillColor = DemoStyle.sage
        card.card.backgroundColor = DemoStyle.hairline
        snapshot()
      },
    ]
  }

  /// Renders the card's model into a bitmap with `render(in:)` and shows it in the next
  /// thumbnail slot.
  private func snapshot() {
    guard let card, taken < thumbnails.count,
      let image = Self.thumbnail(of: card.card, scale: Self.thumbnailScale / 2)
    else { return }
    thumbnails[taken].contents = image
    taken += 1
  }

  /// `layer` rendered with `render(in:)` at `scale` pixels per point, or nil when the
  /// bitmap cannot be made.
  public static func thumbnail(of layer: CALayer, scale: CGFloat) -> CGImage? {
    let size = layer.bounds.size
    guard
      let ctx = CGContext(
        width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
    else { return nil }
    ctx.scaleBy(x: scale, y: scale)
    layer.render(in: ctx)
    return ctx.makeImage()
  }

  /// A five-pointed star of outer radius `radius` centred in a square of side
  /// `2·radius + 10`.
  static func starPath(radius: CGFloat) -> CGPath {
    let path = CGMutablePath()
    let c = radius + 5
    for k in 0..<10 {
      let r = k % 2 == 0 ? radius : radius * 0.45
      let a = -CGFloat.pi / 2 + CGFloat(k) * .pi / 5
      let p = CGPoint(x: c + r * cos(a), y: c + r * sin(a))
      if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
    }
    path.closeSubpath()
    return path
  }
}

extension RenderInContextScene {
  /// The live card's layers (nil before `build(in:)`).
  var liveCard: CardParts? { card }
  /// How many snapshots the scene has taken.
  var snapshotCount: Int { taken }
}
