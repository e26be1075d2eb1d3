import Foundation

/// How a layer's `contents` image is placed in its bounds.
///
/// The nine positional gravities keep the image at its natural size (its pixel size
/// divided by `contentsScale`); `resize` stretches it to the bounds (the default),
/// `resizeAspect` fits it inside keeping its aspect ratio, `resizeAspectFill` fills the
/// bounds keeping the aspect ratio and clips the overflow when `masksToBounds` is set.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  public static let center = CALayerContentsGravity(rawValue: "center")
  public static let top = CALayerContentsGravity(rawValue: "top")
  public static let bottom = CALayerContentsGravity(rawValue: "bottom")
  public static let left = CALayerContentsGravity(rawValue: "left")
  public static let right = CALayerContentsGravity(rawValue: "right")
  public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
  public static let topRight = CALayerContentsGravity(rawValue: "topRight")
  public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
  public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
  /// Stretches the image to fill the bounds (the default).
  public static let resize = CALayerContentsGravity(rawValue: "resize")
  /// Scales the image to fit inside the bounds, keeping its aspect ratio.
  public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
  /// Scales the image to cover the bounds, keeping its aspect ratio.
  public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}
