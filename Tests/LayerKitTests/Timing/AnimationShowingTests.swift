import Foundation
import Testing

@testable import LayerKit

/// "Is this animation showing": one rule (`MediaTiming.Evaluation.shows`), asked by the
/// frame loop, the plan replay, delayed replicator copies and the value on screen, all
/// from the animation as committed.
@Suite struct AnimationShowingTests {
  struct Edge: Sendable, CustomTestStringConvertible {
    var fill: CAMediaTimingFillMode
    var removed: Bool
    /// Parent time, seconds.
    var time: Double
    var shows: Bool
    var testDescription: String { "\(fill.rawValue) removed=\(removed) t=\(time) → \(shows)" }
  }

  /// beginTime 1, duration 1, repeatCount 1.5: active 1.5 s, so the end is at 2.5.
  static let timing = (beginTime: 1.0, duration: 1.0, repeatCount: 1.5, end: 2.5)

  static let edges: [Edge] = [
    Edge(fill: .removed, removed: true, time: 0.999, shows: false),
    Edge(fill: .removed, removed: true, time: 1, shows: true),
    Edge(fill: .removed, removed: true, time: 2.499, shows: true),
    Edge(fill: .removed, removed: true, time: 2.5, shows: false),
    Edge(fill: .removed, removed: false, time: 2.5, shows: false),
    Edge(fill: .backwards, removed: true, time: 0.5, shows: true),
    Edge(fill: .backwards, removed: false, time: 2.5, shows: false),
    Edge(fill: .forwards, removed: true, time: 0.5, shows: false),
    Edge(fill: .forwards, removed: true, time: 2.5, shows: false),
    Edge(fill: .forwards, removed: false, time: 2.5, shows: true),
    Edge(fill: .forwards, removed: false, time: 100, shows: true),
    Edge(fill: .both, removed: true, time: 0.5, shows: true),
    Edge(fill: .both, removed: true, time: 2.5, shows: false),
    Edge(fill: .both, removed: false, time: 0.5, shows: true),
    Edge(fill: .both, removed: false, time: 2.5, shows: true),
  ]

  @Test(arguments: edges) func ruleAtTheEdgesOfTheActiveInterval(_ edge: Edge) {
    let t = MediaTiming(
      beginTime: Self.timing.beginTime, duration: Self.timing.duration,
      repeatCount: Self.timing.repeatCount, fillMode: edge.fill)
    #expect(t.endTime == Self.timing.end)
    let e = t.evaluate(parentTime: edge.time)
    #expect(e.shows(removedOnCompletion: edge.removed) == edge.shows)
    #expect(
      (t.showingState(atParentTime: edge.time, removedOnCompletion: edge.removed) != nil)
        == edge.shows)
  }

  /// A layer at opacity 0.25 with a 0 → 1 fade of 1 s added at t = 0.
  static func scene(_ configure: (CABasicAnimation) -> Void) -> (CAContext, CALayer) {
    let context = CAContext(clock: CAManualClock())
    let layer = CALayer()
    layer.opacity = 0.25
    context.layer = layer
    context.commit()
    let a = CABasicAnimation(keyPath: "opacity")
    a.fromValue = 0
    a.toValue = 1
    a.duration = 1
    configure(a)
    layer.add(a, forKey: "fade")
    return (context, layer)
  }

  /// The opacity each place that asks the rule sees at the context's time: the
  /// presentation (the frame loop), a replicator's delayed copy with no delay
  /// (`presentationState(atParentTime:)`) and the value on screen for an implicit
  /// animation (`valueOnScreen`).
  static func opacities(_ context: CAContext, _ layer: CALayer) -> [Float] {
    let presented = layer.presentation()!.opacity
    let delayed = layer.presentationState(atParentTime: context.time).state.opacity
    let onScreen = layer.valueOnScreen(forKey: "opacity", previousValue: layer.opacity)
    return [presented, delayed, (onScreen as? Float) ?? -1]
  }

  @Test func exactlyAtTheEndARemovedAnimationNoLongerShowsAnywhere() {
    let (context, layer) = Self.scene { $0.fillMode = .forwards }
    context.advance(by: 0.5)
    #expect(Self.opacities(context, layer).allSatisfy { abs($0 - 0.5) < 1e-6 })
    context.advance(by: 0.5)
    #expect(Self.opacities(context, layer) == [0.25, 0.25, 0.25])
    #expect(layer.animation(forKey: "fade") == nil)
  }

  @Test func aKeptForwardFillShowsItsEndValueEverywhere() {
    let (context, layer) = Self.scene {
      $0.fillMode = .forwards
      $0.isRemovedOnCompletion = false
    }
    context.advance(by: 1)
    #expect(Self.opacities(context, layer) == [1, 1, 1])
    context.advance(by: 5)
    #expect(Self.opacities(context, layer) == [1, 1, 1])
    #expect(layer.animation(forKey: "fade") != nil)
  }

  @Test func aBackwardFillShowsTheStartBeforeBeginTimeEverywhere() {
    let (context, layer) = Self.scene {
      $0.beginTime = 2
      $0.fillMode = .backwards
    }
    context.advance(by: 1)
    #expect(Self.opacities(context, layer) == [0, 0, 0])
    context.advance(by: 2)
    #expect(Self.opacities(context, layer) == [0.25, 0.25, 0.25])
  }

  @Test func changingTheCallersAnimationAfterAddChangesNothing() {
    let a = CABasicAnimation(keyPath: "opacity")
    let (context, layer) = Self.scene {
      $0.fillMode = .forwards
      $0.isRemovedOnCompletion = false
    }
    a.isRemovedOnCompletion = true  // an unrelated object: add(_:forKey:) copied its own
    context.advance(by: 2)
    #expect(Self.opacities(context, layer) == [1, 1, 1])
  }

  @Test func theCopyIsReadAtCommitAndLaterChangesToItAreIgnored() {
    // Changed before the commit that starts it: the committed value is the changed one.
    let (context, layer) = Self.scene { $0.fillMode = .forwards }
    layer.animation(forKey: "fade")!.isRemovedOnCompletion = false
    context.advance(by: 0.5)
    // Changed after the commit: every stage still reads the committed `false`.
    layer.animation(forKey: "fade")!.isRemovedOnCompletion = true
    context.advance(by: 0.5)
    #expect(Self.opacities(context, layer) == [1, 1, 1])
    context.advance(by: 1)
    #expect(Self.opacities(context, layer) == [1, 1, 1])
    #expect(layer.animation(forKey: "fade") != nil)
  }

  @Test func aKeptAnimationReplayedFromThePlanKeepsShowing() {
    // The steady frames after the end replay the frame plan from the flat records, whose
    // step asks the same rule: each still evaluates the kept animation.
    let (context, layer) = Self.scene {
      $0.fillMode = .both
      $0.isRemovedOnCompletion = false
    }
    context.advance(by: 1.5)
    let evaluated = context.evaluatedAnimations
    for _ in 0..<3 {
      context.advance(by: 0.25)
      #expect(layer.presentation()!.opacity == 1)
    }
    #expect(context.evaluatedAnimations == evaluated + 3)
  }
}
