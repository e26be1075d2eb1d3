import LayerKit

/// What a view answers for a property change of its layer inside an animation block.
///
/// Running it adds one animation with the block's settings
/// (``UIViewBlockAnimation/makeAnimation(keyPath:on:)``), valued as UIKit values it:
///
/// - `position`, `bounds` and `transform` animate *additively* (UIKit since iOS 8): the
///   animation runs from (previous − new) to zero on top of the new model value, under a
///   key of its own (`position`, then `position-2`, …), so a block that takes over a
///   running one adds its motion to it: nothing jumps and the velocity carries over. For
///   `transform` the offset is previous·new⁻¹ (LayerKit concatenates an additive transform
///   before the model's); a transform that cannot be inverted animates as below.
/// - every other property replaces the animation under its key (the replaced one stops
///   with `finished == false`), from the previous model value, or with
///   `beginFromCurrentState` from the value on screen.
final class UIViewAnimationAction: CAAction {
  /// The block whose settings the animation carries.
  let block: UIViewBlockAnimation

  init(_ block: UIViewBlockAnimation) { self.block = block }

  /// The keys that animate additively.
  static let additiveKeys: Set<String> = ["position", "bounds", "transform"]

  func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
    guard let layer = anObject as? CALayer,
      let previous = layer.currentInvocation(forKey: event)?.previousValue,
      let new = layer.value(forKey: event)
    else { return }
    let animation = block.makeAnimation(keyPath: event, on: layer)
    if Self.additiveKeys.contains(event), let offset = Self.additiveOffset(from: previous, to: new)
    {
      animation.isAdditive = true
      animation.fromValue = offset.from
      animation.toValue = offset.zero
      layer.add(animation, forKey: Self.freeKey(event, on: layer))
      return
    }
    animation.fromValue =
      block.options.contains(.beginFromCurrentState)
      ? layer.valueOnScreen(forKey: event, previousValue: previous)
      : Self.queuedStart(forKey: event, on: layer) ?? previous
    animation.toValue = new
    layer.add(animation, forKey: event)
  }

  /// The start of an animation for `key` added earlier in the same, uncommitted
  /// transaction: a property set twice in one block animates from where the first
  /// change started.
  static func queuedStart(forKey key: String, on layer: CALayer) -> Any? {
    guard let queued = layer.animation(forKey: key) as? CABasicAnimation,
      !queued.isAdditive, layer.animationStorage.entry(forKey: key)?.isCommitted == false
    else { return nil }
    return queued.fromValue
  }

  /// `key` if no animation uses it, else the first free `key-2`, `key-3`, ….
  static func freeKey(_ key: String, on layer: CALayer) -> String {
    guard layer.animation(forKey: key) != nil else { return key }
    var n = 2
    while layer.animation(forKey: "\(key)-\(n)") != nil { n += 1 }
    return "\(key)-\(n)"
  }

  /// The additive start offset taking `new` back to `previous`, and the zero offset; nil
  /// for values that have none.
  static func additiveOffset(from previous: Any, to new: Any) -> (from: Any, zero: Any)? {
    switch (previous, new) {
    case (let a as CGPoint, let b as CGPoint):
      return (CGPoint(x: a.x - b.x, y: a.y - b.y), CGPoint.zero)
    case (let a as CGRect, let b as CGRect):
      let offset = CGRect(
        x: a.origin.x - b.origin.x, y: a.origin.y - b.origin.y,
        width: a.size.width - b.size.width, height: a.size.height - b.size.height)
      return (offset, CGRect.zero)
    case (let a as CATransform3D, let b as CATransform3D):
      guard let inverse = b.inverse else { return nil }
      return (CATransform3DConcat(a, inverse), CATransform3DIdentity)
    default:
      return nil
    }
  }
}

/// What a view answers inside a keyframe block or a property animator's animations: the
/// change is recorded (layer, key, value before and after) for the recorder to animate.
final class UIViewRecordingAction: CAAction {
  let recorder: UIViewAnimationRecorder

  init(_ recorder: UIViewAnimationRecorder) { self.recorder = recorder }

  func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
    guard let layer = anObject as? CALayer,
      let previous = layer.currentInvocation(forKey: event)?.previousValue,
      let new = layer.value(forKey: event)
    else { return }
    recorder.record(
      layer: layer, key: event, previous: previous,
      shown: layer.valueOnScreen(forKey: event, previousValue: previous), value: new)
  }
}
