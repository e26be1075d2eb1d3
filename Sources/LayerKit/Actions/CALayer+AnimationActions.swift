import Foundation

// Default actions, and what running a `CAAnimation` action does.
//
// A bare layer's default action for an animatable property is a `CABasicAnimation` on
// that property with the transaction's timing function (`.default` when nil) and no
// values; for `hidden` and `contents` it is a fade `CATransition` (a cross-dissolve of
// the outgoing and incoming renderings). Running an animation action adds a copy of it
// to the layer under the event key, filled in as follows:
//
// - a `CABasicAnimation` (or `CASpringAnimation`) with none of `fromValue`, `toValue`,
//   `byValue` set gets `fromValue` = the value on screen (the old model value, or, when
//   the property is animating, its current presentation value, so retargeting never
//   jumps) and `toValue` = the new model value;
// - a `CAPropertyAnimation` with no `keyPath` gets the event key;
// - a `CATransition` captures the outgoing state and goes under `kCATransition`.
//
// The duration is the animation's own, or the transaction's `animationDuration` when it
// is ≤ 0 (`add(_:forKey:)` resolves it).
extension CALayer {
  /// Core Animation's implicit actions, the last step of the action search (after
  /// `defaultAction(forKey:)`, which returns nil for Core Animation's own classes).
  package class func builtInDefaultAction(forKey event: String) -> (any CAAction)? {
    switch event {
    case "hidden", "contents":
      let fade = CATransition()
      fade.type = .fade
      fade.timingFunction =
        CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
      return fade
    default:
      guard let property = propertyRegistry.property(forKeyPath: event),
        property.isAnimatable, property.rootKey == event
      else { return nil }
      let animation = CABasicAnimation(keyPath: event)
      animation.timingFunction =
        CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
      return animation
    }
  }

  /// What `CAAnimation.run(forKey:object:arguments:)` does on a layer.
  package func runAnimationAction(_ animation: CAAnimation, forKey event: String) {
    let invocation = currentInvocation(forKey: event)
    if animation is CATransition {
      add(animation, forKey: kCATransition, previousValue: invocation)
      return
    }
    guard let property = animation as? CAPropertyAnimation else {
      add(animation, forKey: event)
      return
    }
    let copy = property.copy() as! CAPropertyAnimation
    if copy.keyPath == nil { copy.keyPath = event }
    if let basic = copy as? CABasicAnimation, let invocation,
      let previous = invocation.previousValue,
      basic.keyPath == event, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil
    {
      basic.fromValue = valueOnScreen(forKey: event, previousValue: previous)
      basic.toValue = value(forKey: event)
    }
    add(copy, forKey: event)
  }

  /// Adds a transition under `kCATransition` with the outgoing state captured now.
  private func add(
    _ animation: CAAnimation, forKey key: String, previousValue invocation: ActionInvocation?
  ) {
    guard let transition = animation.copy() as? CATransition else { return }
    transition.outgoingSnapshot = transitionSnapshot(for: invocation)
    add(transition, forKey: key)
  }

  /// The value of the top-level property `key` shown now, given that its model value
  /// was `previousValue` until this change.
  ///
  /// Without running animations that is `previousValue`. With some, it is the
  /// presentation value at the current time evaluated over the old model state; and when
  /// an earlier change in the same, not yet committed, transaction already queued an
  /// animation for `key`, it is that animation's start, which is still what shows.
  package func valueOnScreen(forKey key: String, previousValue: Any) -> Any {
    let storage = animationStorage
    if let queued = storage.entry(forKey: key), !queued.isCommitted,
      let basic = queued.animation as? CABasicAnimation, basic.keyPath == key,
      let from = basic.fromValue
    {
      return from
    }
    guard storage.entries.contains(where: { $0.isCommitted && $0.track != nil }),
      let property = type(of: self).propertyRegistry.property(forKeyPath: key),
      let context = hostingContextInTree
    else { return previousValue }
    var base = state
    guard property.setValue(previousValue, in: &base) else { return previousValue }
    let local = convertTime(context.time, from: nil)
    var shown = base
    for entry in storage.entries {
      if let e = entry.showingState(atLocalTime: local) {
        entry.track?.apply(e, to: &shown, model: base)
      }
    }
    return property.value(in: shown)
  }

  /// The outgoing state for a transition starting now: the last presented state (the
  /// model when never presented) with the event's property put back to its previous
  /// value, and the sublayers before the change.
  package func transitionSnapshot(for invocation: ActionInvocation?) -> TransitionSnapshot {
    var outgoing = hostingContextInTree?.presentationState(of: self) ?? state
    if let invocation, let previous = invocation.previousValue,
      let property = type(of: self).propertyRegistry.property(forKeyPath: invocation.event)
    {
      _ = property.setValue(previous, in: &outgoing)
    }
    return TransitionSnapshot(state: outgoing, sublayers: invocation?.previousSublayers ?? children)
  }

  /// The transition running on this layer at the presentation time, laid out for the
  /// compositor, or nil: ``presentationTransition(in:)`` with the context whose tree
  /// holds the (model) layer.
  package var presentationTransition: TransitionPresentation? {
    presentationTransition(in: (animationStorage.modelLayer ?? self).hostingContextInTree)
  }

  /// The transition running on this layer at the last evaluation of `context` (the
  /// context whose tree holds it), laid out for the compositor, or nil. Ask a
  /// presentation layer or its model layer.
  package func presentationTransition(in context: CAContext?) -> TransitionPresentation? {
    let model = animationStorage.modelLayer ?? self
    guard let entry = model.animationStorage.entry(forKey: kCATransition), let context,
      context.isTimeApplied(of: model),
      let transition = entry.animation as? CATransition, let outgoing = transition.outgoingSnapshot,
      let e = entry.showingState(atLocalTime: context.localTime(of: model))
    else { return nil }
    return TransitionPresentation(
      type: transition.type, subtype: transition.subtype,
      progress: transition.progress(atPassFraction: e.progress),
      bounds: (context.presentationState(of: model) ?? state).bounds, outgoing: outgoing)
  }
}
