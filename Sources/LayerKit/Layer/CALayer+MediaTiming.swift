import Foundation

/// A layer is a timed object with an infinite active duration: its `speed`,
/// `timeOffset` and `beginTime` map its superlayer's time to its own, and so to the
/// animations of it and every layer below. NaN is refused with a diagnostic.
extension CALayer: CAMediaTiming {
  public var beginTime: CFTimeInterval {
    get { state.beginTime }
    set { setLayerTime(\.beginTime, newValue, forKey: "beginTime") }
  }

  public var duration: CFTimeInterval {
    get { state.duration }
    set { setFiniteTime(\.duration, newValue, forKey: "duration") }
  }

  public var speed: Float {
    get { state.speed }
    set { setLayerTime(\.speed, newValue, forKey: "speed") }
  }

  public var timeOffset: CFTimeInterval {
    get { state.timeOffset }
    set { setLayerTime(\.timeOffset, newValue, forKey: "timeOffset") }
  }

  public var repeatCount: Float {
    get { state.repeatCount }
    set { setFiniteTime(\.repeatCount, newValue, forKey: "repeatCount") }
  }

  public var repeatDuration: CFTimeInterval {
    get { state.repeatDuration }
    set { setFiniteTime(\.repeatDuration, newValue, forKey: "repeatDuration") }
  }

  /// Stores one of the numbers that map the superlayer's time to this layer's
  /// (`beginTime`, `speed`, `timeOffset`) unless it is NaN, and records the change in the
  /// tree's change log as a retime (`LayerChangeLog.recordRetime`): the context takes the
  /// new timing into its frame plan in place, so that a frame after a scrub (`timeOffset`
  /// set on a paused root) replays the plan instead of walking a tree whose model changed.
  private func setLayerTime<V: BinaryFloatingPoint>(
    _ keyPath: WritableKeyPath<LayerState, V>, _ value: V, forKey key: String
  ) {
    guard !value.isNaN, !isPresentationCopy else {
      return setFiniteTime(keyPath, value, forKey: key)
    }
    let log = treeChangeLog
    guard log.canRecordRetime else { return setFiniteTime(keyPath, value, forKey: key) }
    writesTimingOnly = true
    setModelValue(keyPath, value, forKey: key)
    log.recordRetime(
      LayerChangeLog.Retime(
        layer: ObjectIdentifier(self), slot: animationStorage.evaluationSlot,
        beginTime: state.beginTime, speed: Double(state.speed), timeOffset: state.timeOffset))
  }

  /// Stores a timing number unless it is NaN (infinities are meaningful: repeat forever).
  private func setFiniteTime<V: BinaryFloatingPoint>(
    _ keyPath: WritableKeyPath<LayerState, V>, _ value: V, forKey key: String
  ) {
    guard !value.isNaN else {
      CADiagnostics.report(key: key, "ignored NaN; kept \(state[keyPath: keyPath])")
      return
    }
    setModelValue(keyPath, value, forKey: key)
  }
}
