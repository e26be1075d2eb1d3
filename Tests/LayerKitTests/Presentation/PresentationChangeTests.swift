import Foundation
import Testing

@testable import LayerKit

/// A frame knows, per layer, whether any animated value moved (each record's change
/// stamp), and a render tree kept between frames writes an animated layer's presentation
/// into its node in place only then.
@Suite struct PresentationChangeTests {
  static func scene() -> (CAManualClock, CAContext, CALayer) { PresentationTests.scene() }

  /// A position animation that fills forwards after 1 s: evaluated from its record.
  static func flatMove() -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: "position")
    a.fromValue = CGPoint(x: 0, y: 0)
    a.toValue = CGPoint(x: 100, y: 50)
    a.duration = 1
    a.fillMode = .forwards
    a.isRemovedOnCompletion = false
    return a
  }

  /// A keyframe opacity animation with per-segment timing functions (evaluated through
  /// the track object), filling forwards after 1 s.
  static func objectFade() -> CAKeyframeAnimation {
    let k = CAKeyframeAnimation(keyPath: "opacity")
    k.values = [0.0, 0.8, 0.2]
    k.keyTimes = [0, 0.5, 1]
    k.timingFunctions = [
      CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut),
    ]
    k.duration = 1
    k.fillMode = .forwards
    k.isRemovedOnCompletion = false
    return k
  }

  @Test(arguments: [false, true])
  func aLayerWhoseAnimationStopsChangingReportsNoChange(object: Bool) throws {
    let (_, context, root) = Self.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    layer.add(object ? Self.objectFade() : Self.flatMove(), forKey: "a")
    context.advance(by: 0.25)
    context.advance(by: 0.25)
    #expect(context.hasPresentationState(layer))
    // Running: every frame moves the value.
    #expect(context.presentationChanged(of: layer, since: context.evaluatedFrames - 1))
    context.advance(by: 1)  // 1.5 s: filled at the end value, changed once more
    #expect(context.presentationChanged(of: layer, since: context.evaluatedFrames - 1))
    context.advance(by: 0.5)
    context.advance(by: 0.5)
    // Filled: the same value frame after frame.
    #expect(!context.presentationChanged(of: layer, since: context.evaluatedFrames - 2))
    #expect(context.hasPresentationState(layer))
    let p = try #require(layer.presentation())
    if object {
      #expect(abs(p.opacity - 0.2) < 1e-6)
    } else {
      #expect(p.position == CGPoint(x: 100, y: 50))
    }
  }

  @Test func aValueHiddenOrShownAgainCountsAsAChange() throws {
    let (_, context, root) = Self.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    let a = Self.flatMove()
    a.beginTime = 1e-100  // not restamped at commit: begins at 0 in the layer's time
    layer.add(a, forKey: "a")
    context.advance(by: 0.5)
    context.advance(by: 0)
    let before = context.evaluatedFrames
    layer.speed = 0  // freezes the layer's time at its time offset, 0: still showing
    layer.timeOffset = -1  // before the animation's begin: no backwards fill, hidden
    context.advance(by: 0.1)
    #expect(try #require(layer.presentation()).position == layer.position)
    #expect(context.presentationChanged(of: layer, since: before))
    let hidden = context.evaluatedFrames
    layer.timeOffset = 0.5
    context.advance(by: 0.1)
    #expect(context.presentationChanged(of: layer, since: hidden))
    #expect(try #require(layer.presentation()).position == CGPoint(x: 50, y: 25))
  }

  /// A render tree updated every frame holds each animated layer's presentation state,
  /// keeps a node's change stamp while its values stand, and takes a new one when an
  /// animated value or the model moves.
  @Test func renderTreeNodesFollowChangedValuesOnly() throws {
    let (_, context, root) = Self.scene()
    root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
    let moving = CALayer()
    let fading = CALayer()
    let still = CALayer()
    for l in [moving, fading, still] { root.addSublayer(l) }
    moving.add(Self.flatMove(), forKey: "a")
    let fade = Self.objectFade()
    fade.duration = 3
    fading.add(fade, forKey: "b")
    var builder = RenderTreeBuilder(presentation: true)
    func frame(_ dt: Double) {
      context.advance(by: dt)
      builder.update(root: root, evaluation: context.evaluatedFrames, context: context)
    }
    func node(_ l: CALayer) throws -> RenderNode {
      try #require(builder.tree.nodes.first { $0.key.layer == ObjectIdentifier(l) })
    }
    func expectPresented() throws {
      for l in [moving, fading, still] {
        let expected = context.presentationState(of: l) ?? l.state
        #expect(try node(l).state == expected)
      }
    }
    frame(0)
    frame(0.25)
    try expectPresented()
    frame(0.25)
    try expectPresented()
    frame(1)  // 1.5 s: `moving` reaches its end value (changed), `fading` still runs
    try expectPresented()
    let settled = try node(moving).changeStamp
    let stillStamp = try node(still).changeStamp
    var fadeStamp = try node(fading).changeStamp
    for _ in 0..<3 {
      frame(0.25)
      try expectPresented()
      #expect(try node(moving).changeStamp == settled)
      #expect(try node(still).changeStamp == stillStamp)
      #expect(try node(fading).changeStamp != fadeStamp)
      fadeStamp = try node(fading).changeStamp
    }
    // A model change under a settled animation reaches the node.
    moving.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
    frame(0.25)
    try expectPresented()
    #expect(try node(moving).state.bounds.size == CGSize(width: 30, height: 30))
    #expect(try node(moving).changeStamp != settled)
  }
}

/// `layoutIfNeeded()` visits only the subtrees where a layer is marked.
@Suite struct LayoutSkipTests {
  @Test func aPassLaysOutMarkedLayersAndClearsTheSubtreeMarks() {
    let recorder = RecordingDelegate()
    let root = CALayer()
    let a = CALayer()
    let b = CALayer()
    let deep = CALayer()
    for (l, n) in [(root, "root"), (a, "a"), (b, "b"), (deep, "deep")] {
      l.name = n
      l.delegate = recorder
    }
    root.addSublayer(a)
    root.addSublayer(b)
    b.addSublayer(deep)
    root.layoutIfNeeded()
    recorder.laidOut.removeAll()
    #expect(!root.isLayoutPendingInSubtree && !b.isLayoutPendingInSubtree)
    root.layoutIfNeeded()
    #expect(recorder.laidOut.isEmpty)
    deep.setNeedsLayout()
    #expect(root.isLayoutPendingInSubtree && b.isLayoutPendingInSubtree)
    #expect(!a.isLayoutPendingInSubtree)
    root.layoutIfNeeded()
    #expect(recorder.laidOut == ["deep"])
    #expect(!root.isLayoutPendingInSubtree && !b.isLayoutPendingInSubtree && !deep.needsLayout())
  }

  @Test func layoutStillRunsWhereALayoutOrAnInsertionMarksLayers() {
    let recorder = RecordingDelegate()
    let root = CALayer()
    let a = CALayer()
    let child = CALayer()
    for (l, n) in [(root, "root"), (a, "a"), (child, "child")] {
      l.name = n
      l.delegate = recorder
    }
    root.addSublayer(a)
    a.addSublayer(child)
    root.layoutIfNeeded()
    recorder.laidOut.removeAll()
    // A layout that marks a sublayer: laid out in the same pass.
    recorder.onLayout = { l in if l === a { child.setNeedsLayout() } }
    a.setNeedsLayout()
    root.layoutIfNeeded()
    #expect(recorder.laidOut == ["a", "child"])
    recorder.onLayout = nil
    recorder.laidOut.removeAll()
    // A subtree marked while detached is laid out once inserted.
    let detached = CALayer()
    let inner = CALayer()
    detached.name = "detached"
    inner.name = "inner"
    detached.delegate = recorder
    inner.delegate = recorder
    detached.addSublayer(inner)
    detached.layoutIfNeeded()
    inner.setNeedsLayout()
    recorder.laidOut.removeAll()
    child.addSublayer(detached)
    root.layoutIfNeeded()
    #expect(recorder.laidOut == ["child", "inner"])
    // A bounds size change marks the layer.
    recorder.laidOut.removeAll()
    inner.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
    root.layoutIfNeeded()
    #expect(recorder.laidOut == ["inner"])
  }
}

/// Frames skip subtrees with nothing to evaluate, and still see what reaches them.
@Suite struct UntimedSubtreeTests {
  /// root → (static → leaf), animated: a scrub frame visits root and `animated` only.
  static func tree() -> (CAContext, CALayer, CALayer, CALayer, CALayer) {
    let (_, context, root) = PresentationTests.scene()
    let group = CALayer()
    let leaf = CALayer()
    let animated = CALayer()
    root.addSublayer(group)
    group.addSublayer(leaf)
    root.addSublayer(animated)
    let a = CABasicAnimation(keyPath: "opacity")
    a.fromValue = 0
    a.toValue = 1
    a.duration = 10
    animated.add(a, forKey: "fade")
    context.advance(by: 0.5)
    context.advance(by: 0.5)
    return (context, root, group, leaf, animated)
  }

  @Test func scrubFramesVisitOnlyTimedSubtrees() throws {
    let (context, root, _, _, animated) = Self.tree()
    root.timeOffset += 0.25
    root.isGeometryFlipped = true  // a model change (a timing change alone replays): a walk
    let before = context.visitedLayers
    context.advance(by: 0.5)
    #expect(context.visitedLayers - before == 2)
    #expect(abs(try #require(animated.presentation()).opacity - 0.175) < 1e-6)
  }

  @Test func aSkippedSubtreePicksUpANewAnimation() throws {
    let (context, root, _, leaf, _) = Self.tree()
    root.timeOffset += 0.25
    context.advance(by: 0.5)
    let move = CABasicAnimation(keyPath: "position")
    move.fromValue = CGPoint(x: 0, y: 0)
    move.toValue = CGPoint(x: 10, y: 0)
    move.duration = 1
    leaf.add(move, forKey: "move")
    context.advance(by: 0.5)
    #expect(abs(try #require(leaf.presentation()).position.x - 5) < 1e-9)
    // From now on the leaf's subtree is walked on scrub frames too.
    root.timeOffset += 0.125
    let before = context.visitedLayers
    context.advance(by: 0)
    #expect(context.visitedLayers - before == 4)
    #expect(abs(try #require(leaf.presentation()).position.x - 6.25) < 1e-9)
  }

  @Test func aSkippedSubtreeShowsItsModelChanges() throws {
    let (context, root, group, leaf, _) = Self.tree()
    root.timeOffset += 0.25
    context.advance(by: 0.5)
    leaf.position = CGPoint(x: 42, y: 7)
    group.opacity = 0.5
    context.advance(by: 0.5)
    let p = try #require(leaf.presentation())
    #expect(p.position == CGPoint(x: 42, y: 7))
    #expect(try #require(group.presentation()).opacity == 0.5)
  }

  @Test func replicatorsAreNeverSkipped() throws {
    let (context, root, group, _, _) = Self.tree()
    let replicator = CAReplicatorLayer()
    group.addSublayer(replicator)
    context.advance(by: 0.5)
    root.timeOffset += 0.25
    root.isGeometryFlipped = true  // a model change: the frame walks
    let before = context.visitedLayers
    context.advance(by: 0.5)
    // root, animated, group and the replicator; the static leaf is skipped.
    #expect(context.visitedLayers - before == 4)
    #expect(context.localTime(of: replicator) == context.localTime(of: group))
  }
}
