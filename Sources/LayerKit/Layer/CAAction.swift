import Foundation

/// An object that responds to a layer event: a property change, the layer entering or
/// leaving a visible tree, or a transition.
///
/// `CAAnimation` is the usual action: running it adds a copy of it to the layer under
/// the event key. `NSNull` is the stop action: returned from the action search it ends
/// the search with no action.
public protocol CAAction: AnyObject {
  /// Performs the action for `event` on `anObject` (the layer).
  ///
  /// - Parameters:
  ///   - event: The event key: a property key path such as `"opacity"`, or an event
  ///     such as `kCAOnOrderIn`.
  ///   - anObject: The layer the event happened on.
  ///   - dict: Extra information about the event, or nil.
  func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// `NSNull` is Core Animation's stop action: an action search that finds it ends with
/// no action, and running it does nothing.
extension NSNull: CAAction {
  public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
  }
}
