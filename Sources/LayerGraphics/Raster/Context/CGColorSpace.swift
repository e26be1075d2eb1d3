/// A colour space. LayerKit draws in sRGB only; this type exists so that Core Graphics
/// code that names a colour space compiles and means the same thing.
public final class CGColorSpace: Equatable, @unchecked Sendable {
  // Sendable: immutable (its one stored property, `name`, is a `let`).
  /// The name of the sRGB colour space.
  public static let sRGB = "kCGColorSpaceSRGB"
  /// The name of the generic RGB colour space (treated as sRGB).
  public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"

  /// The colour space's name.
  public let name: String?

  /// The number of colour components (3: red, green, blue).
  public var numberOfComponents: Int { 3 }

  /// Creates the named colour space; every RGB name gives sRGB. Returns nil for an
  /// unknown name.
  public init?(name: String) {
    guard name == Self.sRGB || name == Self.genericRGBLinear || name == "kCGColorSpaceDeviceRGB"
    else { return nil }
    self.name = Self.sRGB
  }

  public static func == (a: CGColorSpace, b: CGColorSpace) -> Bool { a.name == b.name }
}

/// The device RGB colour space, which LayerKit treats as sRGB.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace {
  CGColorSpace(name: CGColorSpace.sRGB)!
}
