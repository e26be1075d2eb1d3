import Foundation
import LayerKit

/// Headless frames of a Lottie animation, framed like lottie-ios's snapshot tests.
///
/// The view is the composition's size with its larger side shrunk to at most 500 points
/// (aspect kept), drawn at 2 pixels per point into `ceil(2·width) × ceil(2·height)`
/// pixels, transparent where nothing draws; progress `p` shows frame
/// `ip + p · (op − ip)` unrounded, so `p = 1` shows frame `op`. Like those snapshots, the
/// frame is the presentation tree drawn by `render(in:)`, which draws layers rotated
/// about x or y flat (see `CALayer.render(in:)`).
public enum LottieSnapshot {
  /// The snapshot view size in points for a composition of `size`.
  public static func viewSize(for size: CGSize, maxSide: CGFloat = 500) -> CGSize {
    let w = size.width
    let h = size.height
    if w > h {
      let width = min(w, maxSide)
      return CGSize(width: width, height: width * h / w)
    }
    let height = min(h, maxSide)
    return CGSize(width: height * w / h, height: height)
  }

  /// Renders `animation` at `progress`.
  /// - Parameters:
  ///   - animation: the parsed file.
  ///   - progress: 0…1 of the composition, as lottie-ios's `.progress(p)` (frame
  ///     `ip + p·(op − ip)`, not rounded).
  ///   - pixelSize: the image size in pixels; nil uses the snapshot rule. The content is
  ///     scaled by `min(W / w, H / h)` from the top-left corner.
  ///   - imageDecoder: decodes embedded images.
  public static func render(
    _ animation: LottieAnimation, progress: Double, pixelSize: (width: Int, height: Int)? = nil,
    imageDecoder: LottieImageDecoder? = nil
  ) -> CGImage {
    LottieStage(animation, pixelSize: pixelSize, imageDecoder: imageDecoder)
      .render(progress: progress)
  }

  /// Reads the file at `fileURL` and renders it at `progress` (see `render(_:progress:…)`).
  public static func render(
    fileURL: URL, progress: Double, pixelSize: (width: Int, height: Int)? = nil,
    imageDecoder: LottieImageDecoder? = nil
  ) throws(LottieError) -> CGImage {
    let animation = try LottieAnimation(contentsOf: fileURL)
    return render(animation, progress: progress, pixelSize: pixelSize, imageDecoder: imageDecoder)
  }
}
