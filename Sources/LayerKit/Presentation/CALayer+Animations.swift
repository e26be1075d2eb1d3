import Foundation

/// Attaching and removing animations.
///
/// `add(_:forKey:)` copies the animation, gives a duration ≤ 0 the default 0.25 s, and
/// compiles it for this layer's properties (values are converted once, here). The copy
/// starts at the next commit of the layer's context: a `beginTime` of 0 is then stamped
/// with the layer's local time.
extension CALayer {
  /// Attaches a copy of `anim` under `key`, replacing (and stopping, with
  /// `finished == false`) any animation under the same key. A nil key gives the copy a
  /// unique internal key that `animationKeys()` does not list.
  public func add(_ anim: CAAnimation, forKey key: String?) {
    let copy = anim.copy() as! CAAnimation
    AnimationCompiler.resolveDurations(copy, fallback: CATransaction.animationDuration())
    // A transition always goes under kCATransition and captures the outgoing state.
    let key = copy is CATransition ? kCATransition : key
    if let transition = copy as? CATransition, transition.outgoingSnapshot == nil {
      transition.outgoingSnapshot = transitionSnapshot(for: nil)
    }
    let track = AnimationCompiler.compile(copy, registry: type(of: self).propertyRegistry)
    let storage = animationStorage
    let entryKey: String
    if let key {
      entryKey = key
      if let i = storage.entries.firstIndex(where: { $0.key == key }) {
        let old = storage.entries.remove(at: i)
        animationDidDetach(old)
      }
    } else {
      storage.anonymousCounter &+= 1
      entryKey = "\u{1}anonymous-\(storage.anonymousCounter)"
    }
    let entry = LayerAnimationEntry(
      key: entryKey, isAnonymous: key == nil, animation: copy, track: track)
    let context = hostingContextInTree
    entry.sequence = context?.nextSequence() ?? 0
    entry.completionToken = TransactionThread.current.registerAddedAnimation()
    storage.entries.append(entry)
    animationEntryDidChange(entry, attached: true)
    context?.invalidate()
  }

  /// Detaches the animation under `key`; its delegate hears `finished == false` at the
  /// next frame (at once when the layer is in no context).
  public func removeAnimation(forKey key: String) {
    guard let i = animationStorage.entries.firstIndex(where: { $0.key == key }) else { return }
    let old = animationStorage.entries.remove(at: i)
    animationDidDetach(old)
    hostingContextInTree?.invalidate()
  }

  /// Detaches every animation, as `removeAnimation(forKey:)` does, in add order.
  public func removeAllAnimations() {
    let all = animationStorage.entries
    animationStorage.entries.removeAll()
    for e in all { animationDidDetach(e) }
    hostingContextInTree?.invalidate()
  }

  /// The animation attached under `key`: the copy made when it was added (treat it as
  /// read-only; changing it changes nothing on screen).
  public func animation(forKey key: String) -> CAAnimation? {
    animationStorage.entry(forKey: key)?.animation
  }

  /// The keys of the attached animations in add order, or nil when there are none.
  public func animationKeys() -> [String]? {
    let keys = animationStorage.entries.filter { !$0.isAnonymous }.map(\.key)
    return keys.isEmpty ? nil : keys
  }

  /// Sends (now or at the next frame) the stop of an entry that leaves early.
  func animationDidDetach(_ entry: LayerAnimationEntry) {
    animationEntryDidChange(entry, attached: false)
    guard !entry.didStop else { return }
    if let context = hostingContextInTree {
      context.enqueueStop(entry)
    } else {
      entry.didStop = true
      entry.completionToken?.animationDidEnd()
      entry.animation.delegate?.animationDidStop(entry.animation, finished: false)
    }
  }

  /// The context whose tree holds this layer (through superlayers, or as a mask), or nil.
  package var hostingContextInTree: CAContext? {
    var l: CALayer = self
    while true {
      if let c = l.animationStorage.hostingContext, c.layer === l { return c }
      guard let next = l.parentLayer ?? l.maskedLayer else { return nil }
      l = next
    }
  }
}

extension CAAnimation: CAAction {
  /// Adds a copy of the animation to `anObject` (a layer) under `event`: a basic
  /// animation with no values animates from the value on screen to the new model
  /// value, and a transition goes under `kCATransition` (see `CALayer+AnimationActions`).
  public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
    guard let layer = anObject as? CALayer else {
      CADiagnostics.report(
        key: event, "an animation action ran on \(type(of: anObject)), not a layer; ignored")
      return
    }
    layer.runAnimationAction(self, forKey: event)
  }
}

extension CAAnimation: CAMediaTiming {}
