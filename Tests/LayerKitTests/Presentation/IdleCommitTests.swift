import Foundation
import Testing

@testable import LayerKit

/// A commit with nothing new returns without walking the tree; these check that the
/// commits that do have work still do all of it.
@Suite struct IdleCommitTests {
  /// Opacity from 1 to 0 over 2 seconds.
  static func fade() -> CABasicAnimation {
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1.0
    fade.toValue = 0.0
    fade.duration = 2
    return fade
  }

  @Test func anAnimationAddedAfterIdleCommitsIsStampedAtItsCommit() throws {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let layer = CALayer()
    context.layer = layer
    context.commit()
    for _ in 0..<5 {
      clock.advance(by: 1)
      context.commit()
    }
    layer.add(Self.fade(), forKey: "fade")
    context.advance(by: 1)  // commits at t = 5, evaluates at t = 6: halfway
    #expect(abs(try #require(layer.presentation()).opacity - 0.5) < 1e-6)
  }

  @Test func aSublayerAddedAfterIdleCommitsGetsAPresentation() throws {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = CALayer()
    context.layer = root
    context.commit()
    context.commit()
    let child = CALayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    root.addSublayer(child)
    child.position = CGPoint(x: 7, y: 9)
    CATransaction.commit()
    context.advance(by: 0.1)
    #expect(try #require(child.presentation()).position == CGPoint(x: 7, y: 9))
  }
}

/// A commit after changes of model values only skips its walk; the evaluation that
/// follows still shows every change and runs every animation.
@Suite struct ModelOnlyCommitTests {
  /// A root with a chain of `depth` plain layers under it, the deepest returned too.
  static func chain(depth: Int) -> (root: CALayer, deepest: CALayer) {
    let root = CALayer()
    var parent = root
    for _ in 0..<depth {
      let l = CALayer()
      parent.addSublayer(l)
      parent = l
    }
    return (root, parent)
  }

  /// Whether `step` walked the tree in a commit of `context`. Changes are counted per
  /// tree, so nothing another test does can make it walk.
  static func walked(_ context: CAContext, in step: () -> Void) -> Bool {
    let walks = context.commitWalks
    step()
    return context.commitWalks != walks
  }

  static func quietly(_ body: () -> Void) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    body()
    CATransaction.commit()
  }

  @Test func aModelChangeDeepInAStaticSubtreeShowsWithoutACommitWalk() throws {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let (root, deepest) = Self.chain(depth: 6)
    context.layer = root
    context.advance(by: 0.1)
    let first = Self.walked(context) {
      Self.quietly { deepest.position = CGPoint(x: 11, y: 13) }
      context.advance(by: 0.1)
    }
    #expect(!first)
    #expect(try #require(deepest.presentation()).position == CGPoint(x: 11, y: 13))
    // Once more with no time passing: the evaluation is redone all the same.
    let second = Self.walked(context) {
      Self.quietly { deepest.opacity = 0.25 }
      context.commit()
      context.updatePresentation()
    }
    #expect(!second)
    #expect(try #require(deepest.presentation()).opacity == 0.25)
  }

  @Test func anAnimationAddedAfterModelOnlyCommitsIsStampedAtItsCommit() throws {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let (root, deepest) = Self.chain(depth: 3)
    context.layer = root
    context.commit()
    for k in 0..<4 {
      Self.quietly { deepest.position.x = CGFloat(k) }
      clock.advance(by: 1)
      context.commit()
    }
    let walks = context.commitWalks
    deepest.add(IdleCommitTests.fade(), forKey: "fade")
    context.advance(by: 1)  // commits at t = 4, evaluates at t = 5: halfway
    #expect(context.commitWalks == walks + 1)
    #expect(abs(try #require(deepest.presentation()).opacity - 0.5) < 1e-6)
    #expect(try #require(deepest.presentation()).position.x == 3)
  }

  /// A frozen root (`speed = 0`) scrubbed by `timeOffset`, as a Lottie player seeks:
  /// each seek is a model change only, and shows the animation at that offset.
  @Test func scrubbingAFrozenRootByTimeOffsetEvaluatesEachOffset() throws {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let (root, deepest) = Self.chain(depth: 4)
    root.speed = 0
    let move = CABasicAnimation(keyPath: "position.x")
    move.fromValue = 0.0
    move.toValue = 100.0
    move.duration = 1
    move.fillMode = .both
    move.isRemovedOnCompletion = false
    deepest.add(move, forKey: "move")
    context.layer = root
    context.advance(by: 0.5)
    for offset in [0.25, 0.75, 0.5, 0.1] {
      let walked = Self.walked(context) {
        Self.quietly { root.timeOffset = offset }
        context.advance(by: 1.0 / 60)
      }
      #expect(!walked)
      let x = try #require(deepest.presentation()).position.x
      #expect(abs(x - offset * 100) < 1e-6)
    }
  }
}
