import Foundation
import Testing

@testable import LayerKit

/// A tree played the way a Lottie file is (a paused root scrubbed by its `timeOffset`,
/// held keyframes, paths, opacity): a scrub takes the new timing into the frame plan and
/// replays it, and every frame's presentation equals a fresh evaluation of the same tree
/// at the same time.
@Suite struct ScrubReplayTests {
  /// Root (paused) → a group with its own timing → a shape layer with path, opacity,
  /// `hidden` and position keyframes, and a sublayer with a basic `bounds` animation.
  static func tree() -> (root: CALayer, layers: [CALayer]) {
    let root = CALayer()
    root.speed = 0
    let group = CALayer()
    group.speed = 2
    group.timeOffset = 0.25
    group.beginTime = 0.5
    group.fillMode = .both
    let shape = CAShapeLayer()
    let dot = CALayer()
    root.addSublayer(group)
    group.addSublayer(shape)
    shape.addSublayer(dot)
    let ease = CAMediaTimingFunction(controlPoints: 0.3, 0, 0.2, 1)
    func keyframes(_ keyPath: String, _ values: [Any], discrete: Bool = false)
      -> CAKeyframeAnimation
    {
      let k = CAKeyframeAnimation(keyPath: keyPath)
      k.values = values
      k.keyTimes = (0..<values.count).map { NSNumber(value: Double($0) / Double(values.count - 1)) }
      if discrete {
        k.calculationMode = .discrete
      } else {
        k.timingFunctions = Array(repeating: ease, count: values.count - 1)
      }
      k.duration = 3
      k.fillMode = .both
      k.isRemovedOnCompletion = false
      return k
    }
    func rect(_ w: Double) -> CGPath {
      CGPath(rect: CGRect(x: 0, y: 0, width: w, height: 20), transform: nil)
    }
    shape.add(keyframes("path", [rect(10), rect(40), rect(25)]), forKey: "path")
    shape.add(keyframes("opacity", [Float(0.2), Float(1), Float(0.5)]), forKey: "opacity")
    shape.add(keyframes("hidden", [false, true, false], discrete: true), forKey: "hidden")
    shape.add(
      keyframes("position", [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 10), CGPoint(x: 5, y: 40)]),
      forKey: "position")
    let grow = CABasicAnimation(keyPath: "bounds")
    grow.fromValue = CGRect(x: 0, y: 0, width: 4, height: 4)
    grow.toValue = CGRect(x: 0, y: 0, width: 12, height: 8)
    grow.duration = 3
    grow.fillMode = .both
    grow.isRemovedOnCompletion = false
    dot.add(grow, forKey: "grow")
    return (root, [root, group, shape, dot])
  }

  /// The presentation states of a fresh tree committed at offset 0, then scrubbed to
  /// `offset` in one step.
  static func fresh(at offset: Double, groupSpeed: Float? = nil) -> [LayerState] {
    let context = CAContext(clock: CAManualClock())
    let (root, layers) = tree()
    if let groupSpeed { layers[1].speed = groupSpeed }
    context.layer = root
    context.commit()
    root.timeOffset = offset
    context.commit()
    context.updatePresentation()
    return layers.map(Self.shown)
  }

  /// The layer's presentation state (its model state when no animation shows).
  static func shown(_ layer: CALayer) -> LayerState {
    layer.hostingContextInTree?.presentationState(of: layer) ?? layer.state
  }

  /// Scrubs forward, backward, by jumps and past both ends, and at a changed group speed:
  /// each setter records the new timing in the tree's change log (and nothing in the
  /// context), the context takes it into the plan, a replay of the plan then gives what
  /// a fresh evaluation gives, and so does each committed frame (replayed, or walked when
  /// a record meets a start or an end).
  @Test func scrubbedFramesEqualFreshEvaluationsAndReplayThePlan() throws {
    let offsets = [
      0.1, 0.2, 0.35, 0.6, 0.9, 1.2, 1.1, 0.8, 0.4, 0.05, 1.7, 0.3, 2.4, -0.5, 3.5, 1.45, 1.45,
      0.7,
    ]
    let slower = offsets.count / 2
    // Fresh trees first (they have change logs of their own and move nothing here).
    let expected = offsets.enumerated().map { i, offset in
      Self.fresh(at: offset, groupSpeed: i >= slower ? 0.5 : nil)
    }
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let (root, layers) = Self.tree()
    context.layer = root
    context.commit()
    context.updatePresentation()
    var replayed = 0
    for (i, offset) in offsets.enumerated() {
      if i == slower { layers[1].speed = 0.5 }
      root.timeOffset = offset
      #expect(root.treeChangeLog.pendingRetimes.last?.timeOffset == offset)
      let plan = context.plan
      let rootNode = try #require(context.planIndex(of: root))
      let groupNode = try #require(context.planIndex(of: layers[1]))
      #expect(plan.nodes[rootNode].timeOffset != offset || i > 0 && offsets[i - 1] == offset)
      context.takeRetimes()
      #expect(root.treeChangeLog.pendingRetimes.isEmpty)
      #expect(plan.nodes[rootNode].timeOffset == offset)
      #expect(plan.nodes[groupNode].speed == (i >= slower ? 0.5 : 2))
      if plan.replay(at: clock.time, table: context.flatTable) {
        replayed += 1
        for k in layers.indices {
          #expect(Self.shown(layers[k]) == expected[i][k], "replayed: layer \(k) at \(offset)")
        }
      }
      context.commit()
      context.updatePresentation()
      for k in layers.indices {
        #expect(Self.shown(layers[k]) == expected[i][k], "layer \(k) at offset \(offset)")
      }
    }
    #expect(replayed * 2 > offsets.count)
  }

  /// A timing change the plan took in place shows from the next commit, like any model
  /// change, even when the clock has not moved.
  @Test func aScrubAtAnUnchangedClockTimeShowsFromTheNextCommit() throws {
    let context = CAContext(clock: CAManualClock())
    let (root, layers) = Self.tree()
    context.layer = root
    context.commit()
    context.updatePresentation()
    root.timeOffset = 1
    context.commit()
    let first = try #require(layers[2].presentation()).position
    #expect(first == Self.fresh(at: 1)[2].position)
    root.timeOffset = 2
    #expect(try #require(layers[2].presentation()).position == first)
    context.commit()
    let second = try #require(layers[2].presentation()).position
    #expect(second != first)
    #expect(second == Self.fresh(at: 2)[2].position)
  }
}

/// Discrete keyframes (Lottie's holds) are evaluated from flat records, numbers and
/// Booleans alike, and give the values the typed keyframes give.
@Suite struct DiscreteRecordTests {
  @Test(arguments: [0.0, 0.5, 0.99, 1.0, 2.2, 2.99, 3.0, 3.7, 4.5])
  func discreteKeyframesAreRecordsWithTheTypedValues(time: Double) throws {
    let (clock, context, root) = PresentationTests.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    let radius = CAKeyframeAnimation(keyPath: "cornerRadius")
    radius.values = [CGFloat(1), CGFloat(5), CGFloat(9)]
    radius.keyTimes = [0, 0.25, 0.75]
    radius.calculationMode = .discrete
    let hidden = CAKeyframeAnimation(keyPath: "hidden")
    hidden.values = [false, true, false]
    hidden.keyTimes = [0, 0.5, 0.9, 1]
    hidden.calculationMode = .discrete
    for a in [radius, hidden] {
      a.beginTime = 1e-100
      a.duration = 4
      a.fillMode = .both
      a.isRemovedOnCompletion = false
    }
    layer.add(radius, forKey: "radius")
    layer.add(hidden, forKey: "hidden")
    context.advance(by: 0)
    context.advance(by: time)
    _ = clock
    let records = try #require(context.records(of: layer))
    #expect(records.count == 2)
    for r in records {
      #expect(r.kind == .discrete)
    }
    // The typed keyframes at the same pass fraction.
    let f = min(max(time / 4, 0), 1)
    func sampler<V>(_ values: [V], _ keyTimes: [Double]) -> KeyframeSampler<V>? {
      KeyframeSampler(
        values: values, mode: .discrete, keyTimes: keyTimes, timingFunctions: nil, tension: [],
        continuity: [], bias: [], keyPath: "k")
    }
    let typedRadius = try #require(sampler([CGFloat(1), 5, 9], [0, 0.25, 0.75]))
    let typedHidden = try #require(sampler([false, true, false], [0, 0.5, 0.9, 1]))
    let p = try #require(layer.presentation())
    #expect(p.cornerRadius == typedRadius.value(at: f))
    #expect(p.isHidden == typedHidden.value(at: f))
    let expectedRadius: CGFloat = time < 1 ? 1 : time < 3 ? 5 : 9
    #expect(p.cornerRadius == expectedRadius)
    #expect(p.isHidden == (time >= 2 && time < 3.6))
  }

  /// Opacity (a `Float`) keyframes with eased segments are records, and give the typed
  /// value to the bit; a cumulative opacity animation stays with its track object.
  @Test(arguments: [0.3, 1.1, 1.9, 2.5, 3.99, 5.0])
  func opacityKeyframesAreRecordsWithTheTypedValues(time: Double) throws {
    let (_, context, root) = PresentationTests.scene()
    let layer = CALayer()
    let cumulative = CALayer()
    root.addSublayer(layer)
    root.addSublayer(cumulative)
    let ease = CAMediaTimingFunction(controlPoints: 0.4, 0, 0.6, 1)
    let values: [Float] = [0.1, 0.93, 0.37]
    let fade = CAKeyframeAnimation(keyPath: "opacity")
    fade.values = values
    fade.keyTimes = [0, 0.3, 1]
    fade.timingFunctions = [ease, ease]
    fade.beginTime = 1e-100
    fade.duration = 4
    fade.fillMode = .both
    fade.isRemovedOnCompletion = false
    layer.add(fade, forKey: "fade")
    let grow = CABasicAnimation(keyPath: "opacity")
    grow.fromValue = Float(0.1)
    grow.toValue = Float(0.2)
    grow.isCumulative = true
    grow.repeatCount = 3
    grow.duration = 2
    cumulative.add(grow, forKey: "grow")
    context.advance(by: 0)
    context.advance(by: time)
    let kind = { (l: CALayer) -> FlatTrack.Kind? in context.records(of: l)?.first?.kind }
    #expect(kind(layer) == .keyframes)
    #expect(kind(cumulative) == .object)
    let typed = try #require(
      KeyframeSampler(
        values: values, mode: .linear, keyTimes: [0, 0.3, 1], timingFunctions: [ease, ease],
        tension: [], continuity: [], bias: [], keyPath: "opacity"))
    let p = try #require(layer.presentation())
    #expect(p.opacity == typed.value(at: min(time / 4, 1)))
  }
}
