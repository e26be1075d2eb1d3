import Foundation

// The action search.
//
// An event on a layer (a property key such as "opacity", or kCAOnOrderIn, kCAOnOrderOut,
// kCATransition) is answered by the first of these that gives a non-nil action:
//
//   1. delegate?.action(for: layer, forKey: event)
//   2. actions?[event]
//   3. style["actions"][event], then style["style"]["actions"][event], … (nested styles)
//   4. type(of: layer).defaultAction(forKey: event) (nil for Core Animation's classes)
//   5. the implicit action defined by Core Animation (`builtInDefaultAction(forKey:)`)
//
// `NSNull` at any step ends the search with no action. A subclass that overrides
// `action(forKey:)` and calls `super` keeps the whole chain.
extension CALayer {
  /// The deepest `style["style"]` nesting the search follows; deeper (or cyclic) styles
  /// record a diagnostic and end the search of styles.
  static let maximumStyleDepth = 64

  /// Runs the action search for `event`; `action(forKey:)` calls it.
  package func searchAction(forKey event: String) -> (any CAAction)? {
    if let delegate, let found = delegate.action(for: self, forKey: event) {
      return found is NSNull ? nil : found
    }
    if let found = actions?[event] {
      return found is NSNull ? nil : found
    }
    switch styleAction(forKey: event) {
    case .found(let found): return found
    case .stop: return nil
    case .none: break
    }
    if let found = type(of: self).defaultAction(forKey: event) {
      return found is NSNull ? nil : found
    }
    return type(of: self).builtInDefaultAction(forKey: event)
  }

  /// The outcome of searching `style` for an action.
  enum StyleActionResult {
    case found(any CAAction)
    case stop
    case none
  }

  /// Looks for `event` in `style["actions"]`, then in each nested `style["style"]`.
  func styleAction(forKey event: String) -> StyleActionResult {
    var dictionary = style
    var depth = 0
    while let current = dictionary {
      guard depth < Self.maximumStyleDepth else {
        CADiagnostics.report(
          key: event, "style nests deeper than \(Self.maximumStyleDepth) levels; stopped looking")
        return .none
      }
      if let table = current["actions"] {
        if let actionsTable = table as? [AnyHashable: Any] {
          if let value = actionsTable[AnyHashable(event)] {
            if value is NSNull { return .stop }
            if let action = value as? any CAAction { return .found(action) }
            CADiagnostics.report(
              key: event, "style action \(type(of: value)) is not a CAAction; ignored")
          }
        } else {
          CADiagnostics.report(
            key: "actions", "style[\"actions\"] is a \(type(of: table)), not a dictionary; ignored")
        }
      }
      dictionary = current["style"] as? [AnyHashable: Any]
      depth += 1
    }
    return .none
  }
}
