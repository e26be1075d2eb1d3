import Foundation

/// An array of interpolatable values that animates element by element.
///
/// Arrays of the same length interpolate, add, subtract and scale each element; arrays of
/// different lengths switch at fraction 0.5, as Core Animation does for `colors`,
/// `locations` and `lineDashPattern` whose counts change.
package struct InterpolatableArray<Element: Interpolatable & Equatable>: Interpolatable, Equatable,
  PublicValueBox
{
  /// The elements.
  package var elements: [Element]

  /// What key-value coding returns: the elements as an array, nil when there are none
  /// (as the typed `colors`, `locations` and `lineDashPattern` read).
  package var publicValue: Any? { elements.isEmpty ? nil : elements }

  package init(_ elements: [Element]) { self.elements = elements }

  package static func interpolate(_ a: Self, _ b: Self, fraction: Double) -> Self {
    guard a.elements.count == b.elements.count else { return fraction < 0.5 ? a : b }
    return Self(zip(a.elements, b.elements).map { Element.interpolate($0, $1, fraction: fraction) })
  }

  package static func adding(_ a: Self, _ b: Self) -> Self {
    guard a.elements.count == b.elements.count else { return b }
    return Self(zip(a.elements, b.elements).map { Element.adding($0, $1) })
  }

  package static func subtracting(_ a: Self, _ b: Self) -> Self {
    guard a.elements.count == b.elements.count else { return a }
    return Self(zip(a.elements, b.elements).map { Element.subtracting($0, $1) })
  }

  package static func scaled(_ a: Self, by k: Double) -> Self {
    Self(a.elements.map { Element.scaled($0, by: k) })
  }

  /// The Euclidean norm of the element distances; 0 for arrays of different lengths.
  package static func distance(_ a: Self, _ b: Self) -> Double {
    guard a.elements.count == b.elements.count else { return 0 }
    return zip(a.elements, b.elements).reduce(0) { $0 + pow(Element.distance($1.0, $1.1), 2) }
      .squareRoot()
  }

  /// Accepts `[Element]`, `InterpolatableArray`, or an `[Any]` whose every element
  /// converts (`[NSNumber]` for numbers, `[CGColor]` for colours).
  package init?(animationValue: Any) {
    // The usual exact types first, by their metadata (see `animationScalar`): a failed
    // cast of an array from `Any` tries every element, through the runtime's bridging.
    let type = ObjectIdentifier(Swift.type(of: animationValue))
    if type == ObjectIdentifier([Element].self), let v = animationValue as? [Element] {
      self.init(v)
      return
    }
    if type == ObjectIdentifier([NSNumber].self), let list = animationValue as? [NSNumber] {
      var out: [Element] = []
      out.reserveCapacity(list.count)
      for item in list {
        guard let e = Element(animationValue: item) else { break }
        out.append(e)
      }
      if out.count == list.count {
        self.init(out)
        return
      }
    }
    if let v = animationValue as? Self {
      self = v
      return
    }
    if let v = animationValue as? [Element] {
      self.init(v)
      return
    }
    guard let list = animationValue as? [Any] else { return nil }
    var out: [Element] = []
    out.reserveCapacity(list.count)
    for item in list {
      guard let e = Element(animationValue: item) else { return nil }
      out.append(e)
    }
    self.init(out)
  }

  // A closure, not the key path `\.isValidAnimationValue`: in this generic context the key
  // path is applied through the runtime, thousands of instructions per array.
  package var isValidAnimationValue: Bool { elements.allSatisfy { $0.isValidAnimationValue } }
  /// Paced keyframes of arrays keep even spacing.
  package static var pacesWithEvenSpacing: Bool { true }
}
