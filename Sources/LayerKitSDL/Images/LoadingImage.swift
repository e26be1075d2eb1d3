import Foundation

/// The answer of ``ImageLoader/loadImage(from:)``: an image at once, or a task to await.
///
/// A memory-cache hit is answered synchronously so that a layer can show it in the same
/// frame; anything else is a task that the caller may cancel when the image is no longer
/// wanted (a reused cell, a scene that closed).
public enum LoadingImage: Sendable {
  /// The decoded image was in the memory cache.
  case cached(CGImage)
  /// The image is being read (through the disk cache) and decoded off the calling thread.
  /// The task throws `CancellationError` when cancelled and ``ImageLoadingError`` when the
  /// source is missing, unreachable or not an image.
  case inProgress(Task<CGImage, any Error>)
}
