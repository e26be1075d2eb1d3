import Foundation

/// Presentation copies, the model link and time conversion.
extension CALayer {
  /// A copy of the layer as it appears now: its model state with every active animation
  /// applied at the context's current time, of the layer's own class (made with
  /// `init(layer:)`). Its superlayer, sublayers and mask are presentation layers too.
  ///
  /// Nil until the layer is in the tree of a context that has committed. Called on a
  /// presentation layer, returns itself. Copies are made once per frame time and
  /// generation, so repeated calls in one frame return the same object.
  public func presentation() -> Self? {
    if animationStorage.modelLayer != nil { return self }
    guard let context = hostingContextInTree else { return nil }
    return context.presentationLayer(for: self) as? Self
  }

  /// The model layer: `self` for a model layer, the layer it presents for a
  /// presentation layer.
  public func model() -> Self {
    (animationStorage.modelLayer as? Self) ?? self
  }

  /// Converts `t` from `l`'s local time (absolute time when `l` is nil) to this
  /// layer's local time, through their common ancestor.
  ///
  /// Going down, each layer maps its superlayer's time `tp` to
  /// `(tp − beginTime)·speed + timeOffset` from its `beginTime` on and to 0 before it
  /// (Core Animation's answer, measured: the layer has not begun yet). Going up, a layer
  /// maps its time `t` to `(t − timeOffset)/speed + beginTime`, and a paused layer
  /// (speed 0) to 0. The root's parent time is the absolute time
  /// (`CACurrentMediaTime()`). No fill mode or active window applies: a layer's timeline
  /// never ends. See <doc:TimingModel>.
  public func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
    let ancestor = l.flatMap { commonTimeAncestor(self, $0) }
    let mid = l.map { $0.timeUp(t, to: ancestor) } ?? t
    return timeDown(mid, from: ancestor)
  }

  /// Converts `t` from this layer's local time to `l`'s (absolute time when `l` is nil).
  public func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
    guard let l else { return timeUp(t, to: nil) }
    return l.convertTime(t, from: self)
  }

  /// The layer's timing as a value.
  var layerTiming: MediaTiming {
    MediaTiming(
      beginTime: state.beginTime, speed: Double(state.speed), timeOffset: state.timeOffset,
      fillMode: state.fillMode)
  }

  /// The time above (superlayer or, for a mask, the masked layer).
  private var timeParent: CALayer? { parentLayer ?? maskedLayer }

  /// Maps local time `t` up to `ancestor`'s local time (absolute for nil).
  private func timeUp(_ t: Double, to ancestor: CALayer?) -> Double {
    var time = t
    var l: CALayer? = self
    while let layer = l, layer !== ancestor {
      time = layer.layerTiming.convertedUp(fromLocal: time)
      l = layer.timeParent
    }
    return time
  }

  /// Maps `ancestor`'s local time (absolute for nil) down to this layer's.
  private func timeDown(_ t: Double, from ancestor: CALayer?) -> Double {
    var chain: [CALayer] = []
    var l: CALayer? = self
    while let layer = l, layer !== ancestor {
      chain.append(layer)
      l = layer.timeParent
    }
    var time = t
    for layer in chain.reversed() { time = layer.layerTiming.convertedDown(fromParent: time) }
    return time
  }
}

/// The nearest layer that is `a` or an ancestor of `a` and also `b` or an ancestor of `b`.
private func commonTimeAncestor(_ a: CALayer, _ b: CALayer) -> CALayer? {
  var seen = Set<ObjectIdentifier>()
  var l: CALayer? = a
  while let x = l {
    seen.insert(ObjectIdentifier(x))
    l = x.parentLayer ?? x.maskedLayer
  }
  l = b
  while let x = l {
    if seen.contains(ObjectIdentifier(x)) { return x }
    l = x.parentLayer ?? x.maskedLayer
  }
  return nil
}

/// The current media time in seconds: the clock of the current thread's `CAContext`, or
/// the monotonic system time when the thread has no context.
public func CACurrentMediaTime() -> CFTimeInterval {
  CAContext.current?.clock.time ?? CASystemClock.now()
}
