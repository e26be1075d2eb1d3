/// The key of ``CATransaction/value(forKey:)`` for the animation duration.
///
/// The value is a `CFTimeInterval` (any number type is accepted when setting) in seconds;
/// same as ``CATransaction/setAnimationDuration(_:)``.
public let kCATransactionAnimationDuration: String = "animationDuration"

/// The key of ``CATransaction/value(forKey:)`` for disabling actions.
///
/// The value is a `Bool` (an `NSNumber` is accepted when setting); same as
/// ``CATransaction/setDisableActions(_:)``.
public let kCATransactionDisableActions: String = "disableActions"

/// The key of ``CATransaction/value(forKey:)`` for the animation timing function.
///
/// The value is a `CAMediaTimingFunction` or nil; same as
/// ``CATransaction/setAnimationTimingFunction(_:)``.
public let kCATransactionAnimationTimingFunction: String = "animationTimingFunction"

/// The key of ``CATransaction/value(forKey:)`` for the completion block.
///
/// The value is a `() -> Void` closure or nil; same as
/// ``CATransaction/setCompletionBlock(_:)``.
public let kCATransactionCompletionBlock: String = "completionBlock"
