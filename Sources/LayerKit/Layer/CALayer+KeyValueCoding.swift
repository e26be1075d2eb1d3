import Foundation

// Key-value coding through the property registry.
//
// - A registered key path (`"opacity"`, `"position.x"`, `"transform.rotation.z"`) reads
//   and writes the model through its descriptor; a write reports the change under the
//   descriptor's top-level key (`"position"`), like a property setter.
// - `"name"`, `"sublayers"`, `"mask"`, `"style"`, `"actions"` reach those properties.
// - A key path whose first component names a layer-valued key (`"mask.opacity"`, or a
//   custom key holding a `CALayer`) continues on that layer.
// - Any other key is a custom key: written values are stored and read back; a custom key
//   never written reads from `style`, then `defaultValue(forKey:)`.
// - A value of the wrong type for a registered key (or NaN geometry) records a
//   diagnostic and is ignored. Writing nil to a non-optional property resets it to its
//   default, as Core Animation does.
extension CALayer {
  /// The value of the property or custom key `key`; see `value(forKeyPath:)`.
  public func value(forKey key: String) -> Any? {
    if let property = type(of: self).propertyRegistry.property(forKeyPath: key) {
      return property.publicValue(in: state)
    }
    switch key {
    case "name": return name
    case "sublayers": return sublayers
    case "mask": return mask
    case "style": return style
    case "actions": return actions
    case "superlayer": return superlayer
    default:
      if let v = customValues[key] { return v }
      return styleValue(forKey: key) ?? type(of: self).defaultValue(forKey: key)
    }
  }

  /// Sets the property or custom key `key`; see `setValue(_:forKeyPath:)`.
  public func setValue(_ value: Any?, forKey key: String) {
    if let property = type(of: self).propertyRegistry.property(forKeyPath: key) {
      setModelValue(value, through: property)
      return
    }
    switch key {
    case "name": setTyped(value, key) { (v: String?) in self.name = v }
    case "sublayers": setTyped(value, key) { (v: [CALayer]?) in self.sublayers = v }
    case "mask": setTyped(value, key) { (v: CALayer?) in self.mask = v }
    case "style": setTyped(value, key) { (v: [AnyHashable: Any]?) in self.style = v }
    case "actions": setTyped(value, key) { (v: [String: any CAAction]?) in self.actions = v }
    default:
      let old = customValues[key] ?? NSNull()
      customValues[key] = value.flatMap(unboxOptional)
      modelValueDidChange(forKey: key, oldValue: old)
    }
  }

  /// The value at a dotted key path, e.g. `"transform.rotation.z"` or `"mask.opacity"`.
  ///
  /// - Returns: The value (nil for a nil optional property or a never-set custom key).
  public func value(forKeyPath keyPath: String) -> Any? {
    if let (layer, rest) = layerKeyPath(keyPath) { return layer.value(forKeyPath: rest) }
    return value(forKey: keyPath)
  }

  /// Sets the value at a dotted key path, e.g. `"position.x"` or `"transform.scale"`.
  public func setValue(_ value: Any?, forKeyPath keyPath: String) {
    if let (layer, rest) = layerKeyPath(keyPath) {
      layer.setValue(value, forKeyPath: rest)
      return
    }
    setValue(value, forKey: keyPath)
  }

  /// Converts, checks and stores `value` through `property`, then reports the change
  /// under its top-level key with the top-level key's previous value.
  package func setModelValue(_ value: Any?, through property: any AnyLayerProperty) {
    let registry = type(of: self).propertyRegistry
    let rootKey = property.rootKey
    let root = registry.property(forKeyPath: rootKey) ?? property
    var next = state
    let accepted: Bool
    if let value {
      accepted = property.setValue(value, in: &next)
    } else {
      // nil: an optional property becomes nil, any other resets to its default.
      accepted =
        property.setValue(Optional<Int>.none as Any, in: &next)
        || property.setValue(property.value(in: Self.classDefaultState), in: &next)
    }
    guard accepted else {
      let shown = value.map { "\($0) (\(type(of: $0)))" } ?? "nil"
      CADiagnostics.report(
        key: property.key, "expected \(property.valueType), got \(shown); ignored")
      return
    }
    let old = root.value(in: state)
    state = next
    explicitlySetKeys.insert(rootKey)
    modelValueDidChange(forKey: rootKey, oldValue: old)
  }

  /// The registered property's value in a default `LayerState` when Core Animation
  /// stores it (`StoredDefault.storedForLayer`: a Boolean flag, or a value that is not
  /// nil or zero), or nil for a zero default and for a key that is not registered:
  /// `CALayer.defaultValue(forKey:)`.
  package class func registeredDefaultValue(forKey key: String) -> Any? {
    guard let property = propertyRegistry.property(forKeyPath: key) else { return nil }
    return StoredDefault.storedForLayer(property.publicValue(in: LayerState()))
  }

  /// When the first component of `keyPath` names a layer (and there is more), that
  /// layer and the rest of the path.
  private func layerKeyPath(_ keyPath: String) -> (CALayer, String)? {
    guard type(of: self).propertyRegistry.property(forKeyPath: keyPath) == nil,
      let dot = keyPath.firstIndex(of: ".")
    else { return nil }
    let head = String(keyPath[..<dot])
    let rest = String(keyPath[keyPath.index(after: dot)...])
    guard !rest.isEmpty else { return nil }
    let target: CALayer? = head == "mask" ? mask : customValues[head] as? CALayer
    return target.map { ($0, rest) }
  }

  private func setTyped<T>(_ value: Any?, _ key: String, _ assign: (T?) -> Void) {
    guard let value else { return assign(nil) }
    guard let typed = value as? T else {
      CADiagnostics.report(key: key, "expected \(T.self), got \(type(of: value)); ignored")
      return
    }
    assign(typed)
  }
}

/// `value` with one level of `Optional` removed: nil for an empty optional, the wrapped
/// value for a full one, `value` itself otherwise.
package func unboxOptional(_ value: Any) -> Any? {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .optional else { return value }
  return mirror.children.first?.value
}
