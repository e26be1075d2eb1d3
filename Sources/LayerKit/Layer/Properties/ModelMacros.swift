import Foundation

/// Declares a layer state struct's `@Model` fields as layer properties: the struct's
/// fields are the one declaration of each property, and this macro writes the rest.
///
/// Attached to a state struct nested in the layer class's extension, it adds, for every
/// field marked `@Model`:
/// - the layer's public accessor, a peer in the class (`CALayer.cornerRadius` reads
///   `state.cornerRadius` and writes through `setDeclaredValue(_:_:forKey:)`), with the
///   field's documentation;
/// - a registry row in the struct's `declaredProperties` (key, type, animatable; what
///   key-value coding accepts follows from the type, see ``DeclaredProperty``);
/// - the key in the struct's `needsDisplayKeys` when the field is marked `needsDisplay`.
///
/// The default is the field's initial value, and `defaultValue(forKey:)` reports it
/// through ``StoredDefault``. Fields of structs nested in the annotated struct are
/// declared the same way (``LayerState/Rare``'s).
///
/// - Parameter state: The path from `LayerState` to the struct (`"shapeState"`); nil for
///   `LayerState` itself.
@attached(peer, names: arbitrary)
@attached(member, names: named(declaredProperties), named(needsDisplayKeys))
package macro LayerModel(state: String? = nil) =
  #externalMacro(module: "LayerKitMacros", type: "LayerModelMacro")

/// Marks a layer state field as a layer property (see `@LayerModel`).
///
/// - Parameters:
///   - key: The key-value coding key, when it is not the field's name (`"hidden"` for
///     `isHidden`).
///   - animatable: Whether Core Animation animates the property.
///   - needsDisplay: Whether a change redraws the layer (`needsDisplay(forKey:)`).
///   - accessor: Whether the public accessor is made from the field; false when the
///     layer class writes it itself (a conversion or a check of its own).
///   - row: Whether the registry row is made from the field; false when the registry
///     holds a descriptor of its own for the key.
@attached(peer)
package macro Model(
  _ key: String? = nil, animatable: Bool = false, needsDisplay: Bool = false,
  accessor: Bool = true, row: Bool = true
) = #externalMacro(module: "LayerKitMacros", type: "ModelMacro")

/// Marks a layer state field as a layer property whose key-value coding conversion is
/// its own: `accepts` turns a boxed value into the field's value, or nil to refuse it.
@attached(peer)
package macro Model<Value>(
  _ key: String? = nil, needsDisplay: Bool = false, accessor: Bool = true,
  accepts: @escaping @Sendable (Any) -> Value?
) = #externalMacro(module: "LayerKitMacros", type: "ModelMacro")
