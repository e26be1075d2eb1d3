import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// Seeded random trees with random animations (basic with from/to/by, additive,
/// cumulative, repeating, autoreversing, filling; keyframes in every calculation mode;
/// springs; groups), random layer timing (begin time, speed, time offset), implicit
/// animations from model changes between commits and animations removed midway: at every
/// frame, the render server's replica shows each layer's state exactly as the app's
/// context computes it at that time.
@Suite struct RenderServerRandomTests {
  typealias G = SeededGenerator

  static func color(_ g: inout G) -> CGColor {
    CGColor(
      red: .random(in: 0...1, using: &g), green: .random(in: 0...1, using: &g),
      blue: .random(in: 0...1, using: &g), alpha: .random(in: 0.3...1, using: &g))
  }

  /// A random animation of one of a layer's animatable properties.
  static func animation(_ g: inout G) -> CAAnimation {
    let duration = Double.random(in: 0.2...1.5, using: &g)
    func basic(_ key: String, _ from: Any, _ to: Any) -> CABasicAnimation {
      let a = CABasicAnimation(keyPath: key)
      switch Int.random(in: 0..<4, using: &g) {
      case 0: (a.fromValue, a.toValue) = (from, to)
      case 1: a.toValue = to
      case 2: a.fromValue = from
      default: break  // from the value on screen to the model value
      }
      return a
    }
    let made: CAAnimation
    switch Int.random(in: 0..<7, using: &g) {
    case 0:
      made = basic(
        "opacity", Float.random(in: 0...1, using: &g), Float.random(in: 0...1, using: &g))
    case 1:
      made = basic(
        "position", CGPoint(x: .random(in: 0...100, using: &g), y: .random(in: 0...60, using: &g)),
        CGPoint(x: .random(in: 0...100, using: &g), y: .random(in: 0...60, using: &g)))
    case 2:
      made = basic("transform.rotation.z", 0.0, Double.random(in: -6...6, using: &g))
    case 3:
      made = basic("backgroundColor", color(&g), color(&g))
    case 4:
      let k = CAKeyframeAnimation(keyPath: "bounds.size.width")
      k.values = (0..<Int.random(in: 2...5, using: &g)).map { _ in
        CGFloat.random(in: 4...40, using: &g)
      }
      k.calculationMode =
        [.linear, .discrete, .paced, .cubic, .cubicPaced][
          Int.random(in: 0..<5, using: &g)]
      made = k
    case 5:
      let s = CASpringAnimation(keyPath: "cornerRadius")
      s.fromValue = CGFloat.random(in: 0...10, using: &g)
      s.toValue = CGFloat.random(in: 0...10, using: &g)
      s.damping = .random(in: 2...20, using: &g)
      made = s
    default:
      let group = CAAnimationGroup()
      group.animations = [
        basic("opacity", 0.2 as Float, 1 as Float), basic("zPosition", 0.0, 5.0),
      ]
      made = group
    }
    made.duration = duration
    if let p = made as? CAPropertyAnimation {
      p.isAdditive = Int.random(in: 0..<4, using: &g) == 0
      p.isCumulative = Int.random(in: 0..<4, using: &g) == 0
    }
    made.repeatCount = [0, 0, 2, 1.5][Int.random(in: 0..<4, using: &g)]
    made.autoreverses = Int.random(in: 0..<4, using: &g) == 0
    made.fillMode = [.removed, .forwards, .backwards, .both][Int.random(in: 0..<4, using: &g)]
    made.isRemovedOnCompletion = Int.random(in: 0..<3, using: &g) != 0
    made.beginTime = [0, 0, 0.3][Int.random(in: 0..<3, using: &g)]
    return made
  }

  /// A random tree of up to `depth` levels under `parent`, each layer with random timing
  /// and animations.
  static func populate(_ parent: CALayer, depth: Int, into all: inout [CALayer], _ g: inout G) {
    for _ in 0..<Int.random(in: 1...3, using: &g) {
      let l = CALayer()
      l.bounds = CGRect(
        x: 0, y: 0, width: .random(in: 4...40, using: &g), height: .random(in: 4...30, using: &g))
      l.position = CGPoint(x: .random(in: 0...100, using: &g), y: .random(in: 0...60, using: &g))
      l.backgroundColor = color(&g)
      if Int.random(in: 0..<3, using: &g) == 0 {
        l.speed = [0.5, 2, -1][Int.random(in: 0..<3, using: &g)]
        l.timeOffset = .random(in: 0...0.5, using: &g)
        l.beginTime = [0, 0.2][Int.random(in: 0..<2, using: &g)]
        l.fillMode = .both
      }
      for _ in 0..<Int.random(in: 0...2, using: &g) {
        l.add(animation(&g), forKey: Int.random(in: 0..<2, using: &g) == 0 ? nil : "k\(all.count)")
      }
      parent.addSublayer(l)
      all.append(l)
      if depth > 1 { populate(l, depth: depth - 1, into: &all, &g) }
    }
  }

  @Test(arguments: 0..<24)
  func theReplicaShowsWhatTheAppComputes(seed: Int) {
    var g = G(seed: UInt64(seed) &+ 0x5EED)
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
    root.position = CGPoint(x: 50, y: 30)
    context.layer = root
    var all: [CALayer] = []
    Self.populate(root, depth: 3, into: &all, &g)
    let recorder = ServerFrameRecorder()
    let server = RenderServer(context: context, presenter: recorder)
    var checked = 0
    var mismatches: [String] = []
    for frame in 0..<24 {
      if frame > 0 { clock.advance(by: Double.random(in: 0.01...0.2, using: &g)) }
      // Model changes between frames (implicit animations from the value on screen),
      // and animations removed midway.
      if frame % 5 == 3, let l = all.randomElement(using: &g) {
        l.opacity = .random(in: 0...1, using: &g)
        l.position.x += .random(in: -20...20, using: &g)
      }
      if frame % 7 == 5, let l = all.randomElement(using: &g), let key = l.animationKeys()?.first {
        l.removeAnimation(forKey: key)
      }
      let before = recorder.frames.count
      server.commit(width: 100, height: 60, scale: 1)
      // The layers' numbers exist from the first snapshot on.
      if frame == 0 { recorder.watch(all.compactMap { server.snapshotID(of: $0) }) }
      // A frame with no damage presents nothing: nothing to compare then.
      guard frame > 0, recorder.frames.count > before, let shown = recorder.frames.last else {
        continue
      }
      for (i, layer) in all.enumerated() {
        guard let id = server.snapshotID(of: layer) else { continue }
        let expected = context.presentationState(of: layer) ?? layer.state
        checked += 1
        if shown.states[id] != expected { mismatches.append("layer \(i) at frame \(frame)") }
      }
    }
    #expect(checked > 0)
    #expect(mismatches.isEmpty, "seed \(seed): \(mismatches.prefix(5))")
  }
}
