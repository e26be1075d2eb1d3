import Foundation

// `style`: default property values (and, for the action search, default actions).
//
// A property never set explicitly on the layer (through its setter, key-value coding or
// `init(layer:)`) takes its value from `style[key]`, else from the nested
// `style["style"]` dictionary, recursively, else from `defaultValue(forKey:)`. The value
// is written into the model when `style` is assigned, without reporting a change (no
// action, no animation: the seed's way to set an initial value quietly), so typed
// properties, key-value coding and the renderer all see it. Custom keys read from
// `style` on demand. A style value of the wrong type records a diagnostic and the
// property keeps its default.
extension CALayer {
  /// The value `style` supplies for `key`, looking through nested `style["style"]`
  /// dictionaries, or nil.
  package func styleValue(forKey key: String) -> Any? {
    var dictionary = style
    var depth = 0
    while let d = dictionary, depth < 64 {
      if let v = d[key] { return v }
      dictionary = d["style"] as? [AnyHashable: Any]
      depth += 1
    }
    return nil
  }

  /// Rewrites every property not set explicitly from `style` or the class default.
  func applyStyle() {
    let registry = type(of: self).propertyRegistry
    let defaults = Self.classDefaultState
    for key in registry.rootKeys where !explicitlySetKeys.contains(key) {
      guard let property = registry.property(forKeyPath: key) else { continue }
      if let v = styleValue(forKey: key) {
        if property.setValue(v, in: &state) { continue }
        CADiagnostics.report(key: key, "style value \(v) is not a \(property.valueType); ignored")
      }
      _ = property.setValue(property.value(in: defaults), in: &state)
    }
  }

  /// A layer of this class's initial model: `LayerState()` with every key the class's
  /// `defaultValue(forKey:)` overrides applied. Computed once per class.
  package static var classDefaultState: LayerState { LayerClassDefaults.shared.state(for: self) }
}

/// The initial `LayerState` of each layer class, cached: `defaultValue(forKey:)` is
/// asked once per class and key, not per layer.
final class LayerClassDefaults: @unchecked Sendable {
  static let shared = LayerClassDefaults()

  private let lock = NSLock()
  private var states: [ObjectIdentifier: LayerState] = [:]

  func state(for cls: CALayer.Type) -> LayerState {
    let id = ObjectIdentifier(cls)
    lock.lock()
    let cached = states[id]
    lock.unlock()
    if let cached { return cached }

    var state = LayerState()
    if cls != CALayer.self {
      let registry = cls.propertyRegistry
      for key in registry.rootKeys {
        guard let property = registry.property(forKeyPath: key),
          let value = cls.defaultValue(forKey: key)
        else { continue }
        if !property.setValue(value, in: &state) {
          CADiagnostics.report(
            key: key, "\(cls).defaultValue(forKey:) returned \(value), not a \(property.valueType)")
        }
      }
    }
    lock.lock()
    states[id] = state
    lock.unlock()
    return state
  }
}
