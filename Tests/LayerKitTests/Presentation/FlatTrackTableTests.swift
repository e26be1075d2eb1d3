import Foundation
import Testing

@testable import LayerKit

/// The frame loop evaluates committed, started animations from flat records; these
/// tests check that it gives what the track objects give, and that changes reach it.
@Suite struct FlatTrackTableTests {
  static func scene() -> (CAManualClock, CAContext, CALayer) { PresentationTests.scene() }

  /// A from/to position animation (evaluated from records once started) and the same
  /// motion written as from-only over the model value (evaluated through the object).
  @Test(arguments: [0.1, 0.37, 0.5, 0.83, 1.4, 2.9])
  func recordsAndObjectsAgreeOnEasedRepeatingMotion(time: Double) throws {
    let (clock, context, root) = Self.scene()
    let flat = CALayer()
    let object = CALayer()
    root.addSublayer(flat)
    root.addSublayer(object)
    object.position = CGPoint(x: 300, y: 200)
    for (layer, to) in [(flat, CGPoint(x: 300, y: 200) as CGPoint?), (object, nil)] {
      let a = CABasicAnimation(keyPath: "position")
      a.fromValue = CGPoint(x: 10, y: -20)
      a.toValue = to
      a.duration = 0.75
      a.repeatCount = .infinity
      a.autoreverses = true
      a.isCumulative = false
      a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
      layer.add(a, forKey: "move")
    }
    context.advance(by: 0.01)
    context.advance(by: time)
    _ = clock
    let p = try #require(flat.presentation()).position
    let q = try #require(object.presentation()).position
    #expect(abs(p.x - q.x) < 1e-12 && abs(p.y - q.y) < 1e-12)
  }

  @Test func cumulativeKeyframesAndSpringsMatchTheirTypedValues() throws {
    let (_, context, root) = Self.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    let k = CAKeyframeAnimation(keyPath: "bounds.size")
    k.values = [
      CGSize(width: 1, height: 2), CGSize(width: 5, height: 2), CGSize(width: 3, height: 8),
    ]
    k.keyTimes = [0, 0.25, 1]
    k.duration = 1
    k.repeatCount = 3
    k.isCumulative = true
    layer.add(k, forKey: "size")
    let s = CASpringAnimation(keyPath: "transform.scale")
    s.fromValue = 0.5
    s.toValue = 1
    s.duration = 1
    s.repeatCount = 3
    layer.add(s, forKey: "scale")
    context.advance(by: 0.01)
    context.advance(by: 1.115)  // local time 1.125: second pass, f = 0.125
    let p = try #require(layer.presentation())
    // Segment 0 at u = 0.5: (3, 2), plus the value the previous repeat ended on, the last
    // keyframe (3, 8) (Apple's isCumulative; issue 12 §5).
    #expect(abs(p.bounds.size.width - 6) < 1e-9 && abs(p.bounds.size.height - 10) < 1e-9)
    let solver = s.solver
    let scale = 0.5 + 0.5 * solver.fraction(at: 0.125)
    #expect(abs(p.transform.m11 - scale) < 1e-9)
  }

  @Test func removingAndReplacingAnimationsReachesTheFrameLoop() throws {
    let (_, context, root) = Self.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    layer.position = CGPoint(x: 7, y: 7)
    for round in 0..<600 {
      let a = CABasicAnimation(keyPath: "position")
      a.fromValue = CGPoint(x: Double(round), y: 0)
      a.toValue = CGPoint(x: Double(round), y: 100)
      a.duration = 10
      layer.add(a, forKey: "move")
      context.advance(by: 0.5)  // commits: begins now
      context.advance(by: 0.5)  // 1 s in: y = 100 · 1/10
      let p = try #require(layer.presentation()).position
      #expect(abs(p.x - Double(round)) < 1e-12 && abs(p.y - 10) < 1e-9)
    }
    layer.removeAnimation(forKey: "move")
    context.advance(by: 0.1)
    #expect(layer.presentation()!.position == CGPoint(x: 7, y: 7))
  }
}

extension FlatTrackTableTests {
  /// Keyframes with a timing function per segment (Lottie's easing) are evaluated from
  /// their records: a steady frame replays the plan without visiting a layer, and gives
  /// the value of each segment's curve.
  @Test(arguments: [0.25, 0.5, 0.6, 0.9, 1.3])
  func keyframesWithSegmentCurvesAreEvaluatedFromRecords(time: Double) throws {
    let (_, context, root) = Self.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    let k = CAKeyframeAnimation(keyPath: "position")
    k.values = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 40), CGPoint(x: 50, y: 40)]
    k.keyTimes = [0, 0.5, 1]
    let easeIn = CAMediaTimingFunction(name: .easeIn)
    let easeOut = CAMediaTimingFunction(name: .easeOut)
    k.timingFunctions = [easeIn, easeOut]
    k.duration = 1
    k.fillMode = .forwards
    k.isRemovedOnCompletion = false
    layer.add(k, forKey: "k")
    let scale = CAKeyframeAnimation(keyPath: "transform.scale.x")
    scale.values = [1.0, 2.0, 0.5]
    scale.timingFunctions = [easeOut, easeIn]
    scale.duration = 1
    scale.fillMode = .forwards
    scale.isRemovedOnCompletion = false
    layer.add(scale, forKey: "s")
    context.advance(by: 0.01)
    context.advance(by: 0.01)
    context.advance(by: 0.01)
    let visited = context.visitedLayers
    context.advance(by: time - 0.03)
    #expect(context.visitedLayers == visited || time >= 1)
    let p = try #require(layer.presentation())
    let f = min(time, 1)
    let (x, y, s): (Double, Double, Double)
    if f < 0.5 {
      let u = 2 * f
      x = 100 * easeIn.curve.evaluate(u)
      y = 40 * easeIn.curve.evaluate(u)
      s = 1 + easeOut.curve.evaluate(u)
    } else {
      let u = f == 1 ? 1 : 2 * (f - 0.5)
      x = 100 - 50 * (f == 1 ? 1 : easeOut.curve.evaluate(u))
      y = 40
      s = 2 - 1.5 * (f == 1 ? 1 : easeIn.curve.evaluate(u))
    }
    #expect(abs(p.position.x - x) < 1e-9 && abs(p.position.y - y) < 1e-9)
    #expect(abs(p.transform.m11 - s) < 1e-9)
  }
}
