import Foundation
import Testing

@testable import LayerKit

@Suite struct TransitionTests {
  /// Seed 004: a push from the right as the action for `contents`.
  @Test(arguments: [
    (0.0, 0.0), (0.25, 0.093465), (0.5, 0.315357), (0.75, 0.621862),
  ])
  func contentsPushFollowsItsTimingFunction(at t: Double, expected: Double) throws {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 60)
    layer.contents = solidImage(10)
    CATransaction.commit()
    scene.context.advance(by: 0)

    let myAnimation = CATransition()
    myAnimation.duration = 1
    myAnimation.timingFunction = CAMediaTimingFunction(name: .easeIn)
    myAnimation.type = .push
    myAnimation.subtype = .fromRight
    layer.actions = ["contents": myAnimation]
    let next = solidImage(200)
    layer.contents = next
    #expect(layer.animationKeys() == [kCATransition])

    scene.context.advance(by: t)
    let transition = try #require(layer.presentation()?.presentationTransition)
    #expect(transition.type == .push)
    #expect(abs(transition.progress - expected) < 1e-5)
    #expect(transition.outgoing.state.contents != nil)
    #expect(transition.outgoing.state.contents !== next)
    let p = transition.progress
    #expect(abs(transition.incomingPlacement.offset.width - 80 * (1 - p)) < 1e-9)
    #expect(abs(transition.outgoingPlacement.offset.width + 80 * p) < 1e-9)
    #expect(transition.incomingOnTop)
  }

  @Test func finishedTransitionIsRemoved() {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    let fade = CATransition()
    fade.duration = 0.5
    layer.actions = ["contents": fade]
    layer.contents = solidImage(1)
    scene.context.advance(by: 0.6)
    #expect(layer.presentation()?.presentationTransition == nil)
    #expect(layer.animationKeys() == nil)
  }

  @Test(arguments: [
    (Float(0.2), Float(0.8), 0.5, 0.5),
    (Float(0.2), Float(0.8), 0.0, 0.2),
    (Float(1), Float(0), 0.25, 0.75),
    (Float(-3), Float(9), 0.5, 0.5),
  ])
  func startAndEndProgressBoundTheProgress(
    start: Float, end: Float, fraction: Double, expected: Double
  ) {
    let t = CATransition()
    t.startProgress = start
    t.endProgress = end
    #expect(abs(t.progress(atPassFraction: fraction) - expected) < 1e-7, "Float progress bounds")
  }

  @Test func hidingFadesThroughADefaultTransition() throws {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    layer.isHidden = true
    #expect(layer.animationKeys() == [kCATransition])
    scene.context.advance(by: 0.125)
    let transition = try #require(layer.presentation()?.presentationTransition)
    #expect(transition.type == .fade)
    #expect(transition.outgoing.state.isHidden == false)
    #expect(abs(transition.progress - 0.802403) < 1e-5, "default curve at half time")
    #expect(abs(transition.outgoingPlacement.opacity - (1 - transition.progress)) < 1e-12)
  }

  /// Seed 004's navigation push: a transition added explicitly, then the sublayers change.
  @Test func explicitTransitionCapturesTheOutgoingSublayers() throws {
    let scene = ActionScene()
    let container = scene.attachedLayer()
    let oldPage = CALayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    container.addSublayer(oldPage)
    CATransaction.commit()

    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let transition = CATransition()
    transition.type = .moveIn
    transition.subtype = .fromTop
    transition.duration = 0.7
    container.add(transition, forKey: nil)
    container.sublayers = [CALayer()]
    CATransaction.commit()

    #expect(container.animationKeys() == [kCATransition])
    scene.context.advance(by: 0.35)
    let shown = try #require(container.presentation()?.presentationTransition)
    #expect(shown.type == .moveIn)
    #expect(shown.outgoing.sublayers.count == 1 && shown.outgoing.sublayers[0] === oldPage)
    #expect(abs(shown.progress - 0.5) < 1e-9)
    #expect(shown.outgoingPlacement.offset == .zero)
  }

  @Test func sublayersActionTransitionSnapshotsTheOldSublayers() throws {
    let scene = ActionScene()
    let container = scene.attachedLayer()
    let first = CALayer()
    container.sublayers = [first]
    let push = CATransition()
    push.type = .push
    container.actions = ["sublayers": push]
    container.sublayers = [CALayer()]
    scene.context.advance(by: 0.1)
    let shown = try #require(container.presentation()?.presentationTransition)
    #expect(shown.outgoing.sublayers.map(ObjectIdentifier.init) == [ObjectIdentifier(first)])
  }

  @Test(arguments: [
    (CATransitionType.fade, CATransitionSubtype?.none, CGSize.zero, CGSize.zero, 0.75, 0.25, true),
    (.moveIn, .fromRight, .zero, CGSize(width: 75, height: 0), 1, 1, true),
    (.moveIn, .fromLeft, .zero, CGSize(width: -75, height: 0), 1, 1, true),
    (.push, .fromTop, CGSize(width: 0, height: 12.5), CGSize(width: 0, height: -37.5), 1, 1, true),
    (.reveal, .fromBottom, CGSize(width: 0, height: -12.5), .zero, 1, 1, false),
    (.push, nil, CGSize(width: 25, height: 0), CGSize(width: -75, height: 0), 1, 1, true),
  ])
  func placementsAtAQuarter(
    type: CATransitionType, subtype: CATransitionSubtype?, outgoing: CGSize, incoming: CGSize,
    outgoingOpacity: Double, incomingOpacity: Double, incomingOnTop: Bool
  ) {
    let snapshot = TransitionSnapshot(state: LayerState(), sublayers: [])
    let layout = TransitionPresentation(
      type: type, subtype: subtype, progress: 0.25,
      bounds: CGRect(x: 0, y: 0, width: 100, height: 50), outgoing: snapshot)
    #expect(layout.outgoingPlacement.offset == outgoing)
    #expect(layout.incomingPlacement.offset == incoming)
    #expect(layout.outgoingPlacement.opacity == outgoingOpacity)
    #expect(layout.incomingPlacement.opacity == incomingOpacity)
    #expect(layout.incomingOnTop == incomingOnTop)
    #expect(layout.top.isOutgoing == !incomingOnTop)
  }

  @Test func transitionCopiesKeepTheirSettings() {
    let t = CATransition()
    t.type = .reveal
    t.subtype = .fromBottom
    t.startProgress = 0.1
    t.endProgress = 0.9
    let c = t.copy() as! CATransition
    #expect(c.type == .reveal && c.subtype == .fromBottom)
    #expect(c.startProgress == 0.1 && c.endProgress == 0.9)
  }
}
