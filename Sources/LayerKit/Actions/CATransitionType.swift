/// How a ``CATransition`` replaces a layer's outgoing state with its incoming state.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The outgoing state fades out while the incoming state fades in (a cross-dissolve).
  public static let fade = CATransitionType(rawValue: "fade")
  /// The incoming state slides in over the outgoing state, which stays put.
  public static let moveIn = CATransitionType(rawValue: "moveIn")
  /// The incoming state slides in and pushes the outgoing state out ahead of it.
  public static let push = CATransitionType(rawValue: "push")
  /// The outgoing state slides away and reveals the incoming state, which stays put.
  public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The direction of a moving ``CATransition`` (`moveIn`, `push`, `reveal`): the side the
/// motion starts from. `fade` ignores it.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Motion from the left edge towards the right.
  public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
  /// Motion from the right edge towards the left.
  public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
  /// Motion from the top edge downwards (y grows downwards in LayerKit's screen space).
  public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
  /// Motion from the bottom edge upwards.
  public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}
