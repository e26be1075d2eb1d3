import Foundation
import LayerKit

/// Seed 004's implicit animations and its three ways to change a property without one.
///
/// Four squares fade to 0.15 at 1 s and back at 3 s. The first animates implicitly; the
/// second changes inside `CATransaction.setDisableActions(true)`; the third gets its
/// initial opacity from `style` and is changed with actions disabled; the fourth stands for
/// a view's own layer, whose delegate answers `NSNull` for every action. Click a square to
/// toggle its opacity the same way.
public final class ImplicitAnimationsScene: DemoScene {
  public static let name = "implicit-animations"
  public static let title = "Implicit animations and three ways to disable them"
  public static let duration = 5.0

  private var squares: [CALayer] = []
  private weak var stage: CALayer?
  private let viewLike = ViewLayerDelegate()

  public init() {}

  public func build(in stage: CALayer) {
    self.stage = stage
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "Setting myLayer.opacity animates for 0.25 s by itself. The other three change "
        + "at once. Click a square to toggle it.")
    let titles = [
      ("implicit", "myLayer.opacity = 0.0"),
      ("(1) transaction", "setDisableActions(true)"),
      ("(2) style", "style = [\"opacity\": 0.0]"),
      ("(3) view's layer", "delegate → NSNull"),
    ]
    let colors = [DemoStyle.blue, DemoStyle.coral, DemoStyle.teal, DemoStyle.violet]
    for (i, (heading, code)) in titles.enumerated() {
      let x = 60 + CGFloat(i) * 215
      let card = DemoStyle.card(CGRect(x: x, y: 140, width: 195, height: 320))
      canvas.addSublayer(card)
      let square = DemoStyle.tile(
        CGRect(x: 37, y: 30, width: 120, height: 120), color: colors[i], radius: 18)
      square.name = heading
      card.addSublayer(square)
      card.addSublayer(
        DemoStyle.label(
          heading, frame: CGRect(x: 12, y: 180, width: 171, height: 24), size: 17, bold: true,
          alignment: .center))
      card.addSublayer(
        DemoStyle.label(
          code, frame: CGRect(x: 8, y: 212, width: 179, height: 60), size: 13,
          color: DemoStyle.muted, alignment: .center, wrapped: true))
      squares.append(square)
    }
    squares[2].style = ["opacity": 1.0]
    squares[3].delegate = viewLike
  }

  public var cues: [SceneCue] {
    [
      SceneCue(at: 1, "opacity → 0.15") { [self] in setOpacity(0.15) },
      SceneCue(at: 3, "opacity → 1") { [self] in setOpacity(1) },
    ]
  }

  public func handle(_ event: SceneEvent) -> Bool {
    guard case .press(let point) = event else { return false }
    for (i, square) in squares.enumerated()
    where square.contains(square.convert(point, from: stage)) {
      set(i, square.opacity < 0.5 ? 1 : 0.15)
      return true
    }
    return false
  }

  private func setOpacity(_ value: Float) {
    for i in squares.indices { set(i, value) }
  }

  private func set(_ index: Int, _ value: Float) {
    let layer = squares[index]
    switch index {
    case 1, 2:
      CATransaction.begin()
      CATransaction.setDisableActions(true)
      layer.opacity = value
      CATransaction.commit()
    default:
      layer.opacity = value
    }
  }
}

/// Stands in for a `UIView`: it disables every action of the layer it backs.
final class ViewLayerDelegate: CALayerDelegate {
  func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { NSNull() }
}
