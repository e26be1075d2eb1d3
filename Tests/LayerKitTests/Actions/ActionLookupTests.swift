import Foundation
import Testing

@testable import LayerKit

/// A layer class whose default action for "opacity" is a recording action.
final class DefaultActionLayer: CALayer {
  nonisolated(unsafe) static var defaultOpacityAction = RecordingAction("default")
  override class func defaultAction(forKey event: String) -> (any CAAction)? {
    event == "opacity" ? defaultOpacityAction : super.defaultAction(forKey: event)
  }
}

@Suite struct ActionLookupTests {
  /// Which step of the search supplies the action, with every earlier step empty.
  enum Step: String, CaseIterable, Sendable {
    case delegate, actions, style, nestedStyle, defaultAction
  }

  private func layer(answeringAt step: Step, with action: any CAAction) -> (
    CALayer, ActionTableDelegate
  ) {
    let layer = DefaultActionLayer()
    let delegate = ActionTableDelegate()
    layer.delegate = delegate
    switch step {
    case .delegate: delegate.table["opacity"] = action
    case .actions: layer.actions = ["opacity": action]
    case .style: layer.style = ["actions": ["opacity": action]]
    case .nestedStyle: layer.style = ["style": ["style": ["actions": ["opacity": action]]]]
    case .defaultAction: break
    }
    return (layer, delegate)
  }

  @Test(arguments: Step.allCases)
  func theFirstStepThatAnswersWins(step: Step) {
    let found = RecordingAction("found")
    let (layer, delegate) = layer(answeringAt: step, with: found)
    let action = withExtendedLifetime(delegate) { layer.action(forKey: "opacity") }
    if step == .defaultAction {
      #expect(action === DefaultActionLayer.defaultOpacityAction)
    } else {
      #expect(action === found)
    }
  }

  @Test(arguments: Step.allCases)
  func nsNullEndsTheSearchAtEveryStep(step: Step) {
    let (layer, delegate) = layer(answeringAt: step, with: NSNull())
    defer { withExtendedLifetime(delegate) {} }
    if step == .defaultAction {
      // The class's default is not NSNull here; a subclass that returns NSNull is
      // covered by `defaultActionReturningNSNullGivesNil`.
      #expect(layer.action(forKey: "opacity") != nil)
    } else {
      #expect(layer.action(forKey: "opacity") == nil)
    }
  }

  @Test func earlierStepsShadowLaterOnes() {
    let layer = CALayer()
    let delegate = ActionTableDelegate()
    layer.delegate = delegate
    let a = RecordingAction("actions")
    let s = RecordingAction("style")
    layer.actions = ["opacity": a]
    layer.style = ["actions": ["opacity": s, "position": s]]
    delegate.table["opacity"] = nil
    #expect(layer.action(forKey: "opacity") === a)
    #expect(layer.action(forKey: "position") === s)
    delegate.table["position"] = NSNull()
    #expect(layer.action(forKey: "position") == nil)
  }

  @Test func defaultActionReturningNSNullGivesNil() {
    final class SilentLayer: CALayer {
      override class func defaultAction(forKey event: String) -> (any CAAction)? { NSNull() }
    }
    #expect(SilentLayer().action(forKey: "opacity") == nil)
  }

  @Test func badStyleEntriesAreSkippedWithADiagnostic() {
    settleTransactions()
    let layer = CALayer()
    layer.style = ["actions": ["opacity": 42], "style": ["actions": "nope"]]
    #expect(layer.action(forKey: "opacity") is CABasicAnimation)
    #expect(CADiagnostics.drain().count == 2)
  }

  @Test func propertyChangesRunTheFoundActionWithTheLayer() {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    let action = RecordingAction("custom")
    layer.actions = ["opacity": action, "cornerRadius": action]
    layer.opacity = 0.5
    layer.cornerRadius = 4
    #expect(action.runs.map(\.event) == ["opacity", "cornerRadius"])
    #expect(action.runs.allSatisfy { $0.layer === layer })
    #expect(layer.animationKeys() == nil, "a custom action replaces the implicit animation")
  }

  @Test func customKeysRunActionsToo() {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    let action = RecordingAction("custom")
    layer.style = ["actions": ["wobble": action]]
    layer.setValue(3, forKey: "wobble")
    #expect(action.runs.map(\.event) == ["wobble"])
  }

  @Test func animationActionAddsAFilledCopyUnderTheKey() throws {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    let template = CABasicAnimation()
    template.duration = 1
    layer.actions = ["opacity": template]
    layer.opacity = 0.25
    let added = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
    #expect(added !== template)
    #expect(added.keyPath == "opacity")
    #expect(added.fromValue as? Float == 1)
    #expect(added.toValue as? Float == 0.25)
    #expect(added.duration == 1)
    #expect(template.fromValue == nil && template.keyPath == nil, "the action itself is unchanged")
  }

  @Test func animationActionWithValuesKeepsThem() throws {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    let template = CABasicAnimation(keyPath: "opacity")
    template.byValue = Float(-0.5)
    layer.actions = ["opacity": template]
    layer.opacity = 0.25
    let added = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
    #expect(added.fromValue == nil && added.toValue == nil)
    #expect(added.byValue as? Float == -0.5)
  }

  @Test func actionThatThrowsAwayItsLayerIsHarmless() {
    let scene = ActionScene()
    var layer: CALayer? = scene.attachedLayer()
    let action = RecordingAction("drop")
    action.onRun = { _, l in
      l.removeFromSuperlayer()
      l.removeAllAnimations()
    }
    layer?.actions = ["opacity": action]
    layer?.opacity = 0
    #expect(layer?.superlayer == nil)
    layer = nil
    scene.context.advance(by: 0.5)
    #expect(scene.root.sublayers == nil)
  }

  @Test func actionChangingItsOwnPropertyDoesNotRecurse() {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    let action = RecordingAction("again")
    action.onRun = { _, l in l.opacity = 0.75 }
    layer.actions = ["opacity": action]
    layer.opacity = 0.5
    #expect(action.runs.count == 1)
    #expect(layer.opacity == 0.75)
    #expect(CADiagnostics.drain().map(\.key) == ["opacity"])
  }
}
