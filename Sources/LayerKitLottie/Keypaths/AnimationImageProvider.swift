import Foundation
import LayerKit

/// Supplies the images of a file's image layers (lottie-ios's `AnimationImageProvider`):
/// images kept apart from the JSON, replaced at run time, or decoded by the app.
///
/// `LottieLayer` asks it once per image asset when it builds the tree; nil falls back to
/// the asset's embedded (or packaged) bytes through the layer's image decoder.
public protocol AnimationImageProvider {
  /// The image for `asset`, nil to keep the file's own.
  func imageForAsset(asset: LottieImageAsset) -> CGImage?
}

/// An image asset of a Lottie file (`assets[i]` with `p`), as an image provider sees it.
public struct LottieImageAsset: Sendable {
  /// The asset's `id`, which image layers refer to (`refId`).
  public var id: String
  /// The file name (`p`), empty when the image is embedded as a `data:` URL.
  public var name: String
  /// The folder (`u`), often `images/`.
  public var directory: String
  /// The size the image is drawn at, in points (`w`, `h`).
  public var width: Double
  public var height: Double
  /// The bytes embedded in the file or packaged beside it, nil when neither.
  public var data: Data?
}
