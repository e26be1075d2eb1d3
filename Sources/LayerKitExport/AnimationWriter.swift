import LayerGraphics

/// Writes the frames of an animation to a file, one at a time, in timeline order.
public protocol AnimationWriter: AnyObject {
  /// Adds frame `index` of the timeline; `image` has the size the writer was made with.
  func append(_ image: CGImage, index: Int) throws(AnimationExportError)
  /// Ends the file. Nothing may be appended afterwards.
  func finish() throws(AnimationExportError)
}

extension AnimationWriter {
  /// Throws unless `image` is `width` × `height` pixels.
  func checkSize(_ image: CGImage, width: Int, height: Int) throws(AnimationExportError) {
    guard image.width == width, image.height == height else {
      throw .frameSizeMismatch(
        expected: "\(width)×\(height)", got: "\(image.width)×\(image.height)")
    }
  }
}
