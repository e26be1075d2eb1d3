import Foundation

/// The abstract base of every animation: media timing, a timing function, a delegate.
///
/// An animation is a description; adding it to a layer with `add(_:forKey:)` copies it,
/// so changing the object afterwards changes nothing on screen.
///
/// Timing properties follow `CAMediaTiming`: `beginTime` is in the parent's time space
/// (the layer's, or the group's for a group child), `duration`, `timeOffset` and
/// `repeatDuration` are seconds of local time.
open class CAAnimation: CAObjectEquality {
  /// When the animation starts, in its parent's time space; 0 (the default) on a
  /// top-level animation means "at the commit that adds it".
  open var beginTime: CFTimeInterval = 0
  /// The length of one pass in seconds; 0 (the default) means the transaction's
  /// animation duration (0.25 s) once added.
  open var duration: CFTimeInterval = 0
  /// How fast local time runs relative to the parent's (default 1; 0 freezes, negative
  /// runs backwards).
  open var speed: Float = 1
  /// An offset added to local time, in seconds (default 0).
  open var timeOffset: CFTimeInterval = 0
  /// How many passes to play; fractional values allowed, `.infinity` or
  /// `.greatestFiniteMagnitude` play forever (default 0: one pass).
  open var repeatCount: Float = 0
  /// How long to repeat, in seconds; preferred over `repeatCount` when both are set.
  open var repeatDuration: CFTimeInterval = 0
  /// Whether each pass plays forwards then backwards (default false).
  open var autoreverses = false
  /// What shows outside the active interval (default `.removed`).
  open var fillMode: CAMediaTimingFillMode = .removed
  /// The pacing of each pass; nil is linear.
  open var timingFunction: CAMediaTimingFunction?
  /// Told when the animation starts and stops; held strongly.
  open var delegate: CAAnimationDelegate?
  /// Whether the layer removes the animation when its active interval ends (default
  /// true). A forward fill shows only when this is false.
  open var isRemovedOnCompletion = true

  public required init() {}

  /// Creates a copy of `other`'s properties. Subclasses copy their own and call super.
  public required init(copying other: CAAnimation) {
    beginTime = other.beginTime
    duration = other.duration
    speed = other.speed
    timeOffset = other.timeOffset
    repeatCount = other.repeatCount
    repeatDuration = other.repeatDuration
    autoreverses = other.autoreverses
    fillMode = other.fillMode
    timingFunction = other.timingFunction
    delegate = other.delegate
    isRemovedOnCompletion = other.isRemovedOnCompletion
  }

  /// Whether `object` is this very animation (`NSObject` identity); see `CAObjectEquality`.
  open func isEqual(_ object: Any?) -> Bool { isIdentical(to: object) }

  /// The identity hash, consistent with `isEqual(_:)`.
  open var hash: Int { identityHash }

  /// A copy of the same class with the same properties; a group's children are copied
  /// too. Timing functions, values and the delegate are shared (they are immutable or
  /// identities).
  open func copy() -> Any { type(of: self).init(copying: self) }

  /// The default value of the property `key` for animations of this class, or nil when
  /// Core Animation stores none.
  ///
  /// Only defaults that are not zero are stored (`StoredDefault`): `speed` 1, `fillMode`
  /// `.removed` and `removedOnCompletion` true on every animation; `calculationMode`
  /// `.linear` on keyframe animations; `mass` 1, `stiffness` 100, `damping` 10 and
  /// `allowsOverdamping` false (stored although false) on springs; `type` `.fade` and
  /// `endProgress` 1 on transitions. `duration`, `beginTime`, `autoreverses`, any other
  /// zero default, Swift-only spellings such as `"isRemovedOnCompletion"` and unknown
  /// keys give nil. The values are read from a new animation of the class, so they are
  /// the stored properties' own initial values.
  open class func defaultValue(forKey key: String) -> Any? {
    guard let property = AnimationPropertyKeys.property(forKey: key, of: self) else { return nil }
    let value = property.read(self.init())
    return property.storesZero ? unboxOptional(value as Any) : StoredDefault.stored(value)
  }

  /// The animation's media timing as a value, sanitised.
  package var mediaTiming: MediaTiming {
    MediaTiming(
      beginTime: beginTime, duration: duration, speed: Double(speed), timeOffset: timeOffset,
      repeatCount: Double(repeatCount), repeatDuration: repeatDuration,
      autoreverses: autoreverses, fillMode: fillMode)
  }
}
