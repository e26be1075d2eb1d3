import Foundation

/// A layer's `contents`: any object, as Core Animation's `Any?` holds it.
///
/// A `CGImage` is drawn; any other object (a string, a custom class, a value) is kept,
/// returned by the model and presentation layers and animated, but never drawn.
/// Animations switch between contents discretely (`DiscretelyInterpolatable`): a basic,
/// linear or cubic animation shows the next value from each segment's midpoint on, a
/// discrete one the last value reached.
///
/// Two contents are equal when they hold the same object (identity for class
/// instances, `==` for hashable values), which is how the renderer tells whether
/// `display()` replaced the contents.
///
/// `@unchecked Sendable`: the object is only read on the layer's thread (the public
/// `contents` getter and key-value coding); the renderer, which may run elsewhere,
/// reads only `image`, and `CGImage` is immutable.
///
/// A final class of constants rather than a struct: the object is an existential, and
/// the renderer reads `image` for every layer of every frame, where copying a struct
/// holding an `Any` goes through the runtime; reading through a reference does not.
package final class LayerContents:
  // `object` is read on the layer's thread only; other threads read the immutable `image`.
  DiscretelyInterpolatable, Equatable, PublicValueBox, @unchecked Sendable
{
  /// The object as it was set.
  package let object: Any
  /// The object when it is an image, which is what is drawn.
  package let image: CGImage?

  package var publicValue: Any? { object }

  /// Contents holding `object`.
  package init(_ object: Any) {
    self.object = object
    image = object as? CGImage
  }

  /// Any object except `NSNull` and an empty optional (which mean no contents).
  package convenience init?(animationValue: Any) {
    guard let object = unboxOptional(animationValue), !(object is NSNull) else { return nil }
    // Contents holding contents hold what those hold.
    self.init((object as? LayerContents)?.object ?? object)
  }

  package static func == (a: LayerContents, b: LayerContents) -> Bool {
    if let x = a.image, let y = b.image { return x === y }
    if type(of: a.object) is AnyClass || type(of: b.object) is AnyClass {
      return type(of: a.object) is AnyClass && type(of: b.object) is AnyClass
        && (a.object as AnyObject) === (b.object as AnyObject)
    }
    if let x = a.object as? AnyHashable, let y = b.object as? AnyHashable { return x == y }
    return false
  }
}
