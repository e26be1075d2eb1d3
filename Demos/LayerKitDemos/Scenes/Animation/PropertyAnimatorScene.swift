import Foundation
import LayerKit
import LayerKitUIKitCompat

/// UIKit's interactive card, ported: a `UIView` card driven by a `UIViewPropertyAnimator`.
///
/// Pressing the card pauses the animator (or makes one toward the other end of the
/// track); dragging sets `fractionComplete`, so the card follows the pointer; releasing
/// continues with a spring (`UISpringTimingParameters(dampingRatio: 0.65)`) from where the
/// card is, toward the end, or back toward the start (`isReversed`) when it was released
/// in the first half. The cues play one such gesture of each kind; drag the card to try.
public final class PropertyAnimatorScene: DemoScene {
  public static let name = "property-animator"
  public static let title = "UIViewPropertyAnimator: drag the card"
  public static let duration = 4.5

  /// The centre's x at each end of the track, in canvas points.
  private let left: CGFloat = 200
  private let right: CGFloat = 760
  private var canvas: CALayer?
  private let card = UIView(frame: CGRect(x: 0, y: 0, width: 160, height: 200))
  private var animator: UIViewPropertyAnimator?
  /// Whether the card rests at the right end (the next animator goes left).
  private var atRight = false
  /// Whether the pointer holds the card (between a press on it and the release).
  private var isDragging = false
  private var pressX: CGFloat = 0
  private var pressFraction: CGFloat = 0

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "Drag the card: fractionComplete follows the pointer. Let go past halfway and "
        + "a spring finishes the move from where the card is; let go before and it reverses.")
    self.canvas = canvas
    let track = DemoStyle.card(CGRect(x: 80, y: 180, width: 800, height: 260), radius: 24)
    canvas.addSublayer(track)
    for (x, text) in [(left, "start"), (right, "end")] {
      canvas.addSublayer(
        DemoStyle.label(
          text, frame: CGRect(x: x - 60, y: 450, width: 120, height: 22), size: 15,
          color: DemoStyle.muted, alignment: .center))
    }
    card.center = CGPoint(x: left, y: 310)
    card.backgroundColor = UIColor(cgColor: DemoStyle.blue)
    card.layer.cornerRadius = 18
    card.layer.shadowOpacity = 0.25
    card.layer.shadowRadius = 10
    card.layer.shadowOffset = CGSize(width: 0, height: 6)
    canvas.addSublayer(card.layer)
  }

  public var cues: [SceneCue] {
    let span = right - left
    var list: [SceneCue] = [SceneCue(at: 0.4, "press") { [self] in press(at: left) }]
    for i in 1...6 {
      let x = left + span * 0.3 * CGFloat(i) / 6
      list.append(SceneCue(at: 0.4 + 0.1 * Double(i), "drag") { [self] in drag(to: x) })
    }
    list.append(SceneCue(at: 1.1, "release near the start") { [self] in release() })
    list.append(SceneCue(at: 2.0, "press") { [self] in press(at: left) })
    for i in 1...8 {
      let x = left + span * 0.7 * CGFloat(i) / 8
      list.append(SceneCue(at: 2.0 + 0.1 * Double(i), "drag") { [self] in drag(to: x) })
    }
    list.append(SceneCue(at: 2.9, "release past halfway") { [self] in release() })
    return list
  }

  public func handle(_ event: SceneEvent) -> Bool {
    guard let canvas, let stage = canvas.superlayer else { return false }
    switch event {
    case .press(let p):
      let point = canvas.convert(p, from: stage)
      let shown = card.layer.presentation()?.frame ?? card.frame
      guard shown.insetBy(dx: -20, dy: -20).contains(point) else { return false }
      press(at: point.x)
    case .drag(let p):
      guard isDragging else { return false }
      drag(to: canvas.convert(p, from: stage).x)
    case .release:
      guard isDragging else { return false }
      release()
    case .key:
      return false
    }
    return true
  }

  /// Takes hold of the card: pauses the running animator, or makes a new one toward the
  /// other end of the track.
  private func press(at x: CGFloat) {
    if let animator, animator.state == .active {
      animator.pauseAnimation()
    } else {
      let target = atRight ? left : right
      let targetColor = UIColor(cgColor: atRight ? DemoStyle.blue : DemoStyle.coral)
      let targetRadius: CGFloat = atRight ? 18 : 60
      let made = UIViewPropertyAnimator(duration: 0.8, curve: .easeInOut) { [card] in
        card.center = CGPoint(x: target, y: 310)
        card.backgroundColor = targetColor
        card.layer.cornerRadius = targetRadius
      }
      made.addCompletion { [weak self] position in
        guard let self else { return }
        if position == .end { self.atRight.toggle() }
        self.animator = nil
      }
      made.pauseAnimation()
      animator = made
    }
    animator?.isReversed = false
    isDragging = true
    pressX = x
    pressFraction = animator?.fractionComplete ?? 0
  }

  /// Moves the card with the pointer: the drag's share of the track is the fraction.
  private func drag(to x: CGFloat) {
    guard let animator else { return }
    let direction: CGFloat = atRight ? -1 : 1
    let fraction = pressFraction + direction * (x - pressX) / (right - left)
    animator.fractionComplete = Swift.min(Swift.max(fraction, 0), 1)
  }

  /// Lets go: a spring finishes the move from where the card is, or takes it back to the
  /// start when it was let go in the first half.
  private func release() {
    isDragging = false
    guard let animator else { return }
    animator.isReversed = animator.fractionComplete < 0.5
    animator.continueAnimation(
      withTimingParameters: UISpringTimingParameters(dampingRatio: 0.65), durationFactor: 1)
  }
}
