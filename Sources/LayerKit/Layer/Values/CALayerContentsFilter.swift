import Foundation

/// The filter used when a layer's `contents` image is scaled.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Bilinear interpolation between the nearest pixels (the default).
  public static let linear = CALayerContentsFilter(rawValue: "linear")
  /// The nearest pixel, without interpolation.
  public static let nearest = CALayerContentsFilter(rawValue: "nearest")
  /// Linear interpolation between mipmap levels (minification only).
  public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}
