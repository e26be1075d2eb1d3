import Foundation

/// Which edges of a layer are antialiased when `allowsEdgeAntialiasing` is set.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
  public var rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
  public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
  public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
  public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)

  /// All four edges (the layer's default).
  package static let all: CAEdgeAntialiasingMask = [
    .layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge,
  ]
}
