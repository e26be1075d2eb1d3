import Foundation

/// The settings one transaction scope carries.
///
/// A nested scope starts with a copy of its enclosing scope's values; a setting made in
/// the nested scope lasts until that scope commits. Outside any scope the defaults apply.
package struct TransactionValues {
  /// The duration implicit animations get when no scope sets one: 0.25 s.
  package static let defaultAnimationDuration: CFTimeInterval = 0.25

  /// The duration, in seconds, of animations added in the scope: implicit animations
  /// and explicit ones whose own duration is ≤ 0. Default 0.25 s.
  package var animationDuration: CFTimeInterval = TransactionValues.defaultAnimationDuration
  /// Whether property changes skip the action lookup. Default false.
  package var disableActions = false
  /// The timing function of implicit animations; nil means `.default`. Default nil.
  package var animationTimingFunction: CAMediaTimingFunction?
  /// The completion group that animations added from now on register with, besides the
  /// groups of enclosing scopes. nil when the scope has no completion block.
  package var completionGroup: TransactionCompletionGroup?
  /// Values stored under keys other than the four standard ones.
  package var custom: [String: Any] = [:]

  package init() {}
}
