import Foundation
import LayerKit

/// One animation built once and drawn headlessly at a fixed pixel size, frame after frame,
/// framed like lottie-ios's snapshot tests (see ``LottieSnapshot``).
///
/// The layer tree is built when the stage is made; each frame then only seeks the
/// ``LottieLayer`` (its timeline's `timeOffset`), commits, evaluates and renders: the cost
/// of a playing animation, and of a scrub to any frame. `LottieSnapshot.render` draws
/// through a stage of its own; benchmarks and exporters keep one.
///
/// ```swift
/// let stage = LottieStage(animation, pixelSize: nil)
/// let first = stage.render(progress: 0)
/// let last = stage.render(progress: 1)
/// ```
///
/// A stage belongs to the thread that made it, like its `CAContext`.
public final class LottieStage {
  /// The layer playing the animation (paused; the stage seeks it).
  public let layer: LottieLayer
  /// The context holding the stage's root layer; its clock stands still at 0.
  public let context: CAContext
  /// The image width in pixels.
  public let width: Int
  /// The image height in pixels.
  public let height: Int
  private let renderer: CARenderer

  /// Builds the layer tree of `animation` for images of `pixelSize`.
  /// - Parameters:
  ///   - animation: the parsed file.
  ///   - pixelSize: the image size in pixels; nil uses the snapshot rule (the larger side
  ///     of the composition shrunk to at most 500 points, 2 pixels per point, rounded up).
  ///     The content is scaled by `min(W / w, H / h)` from the top-left corner.
  ///   - imageDecoder: decodes embedded images.
  public init(
    _ animation: LottieAnimation, pixelSize: (width: Int, height: Int)?,
    imageDecoder: LottieImageDecoder? = nil
  ) {
    let view = LottieSnapshot.viewSize(for: animation.size)
    width = pixelSize?.width ?? Int(geometric: view.width * 2, .up)
    height = pixelSize?.height ?? Int(geometric: view.height * 2, .up)
    let scale = min(Double(width) / animation.size.width, Double(height) / animation.size.height)
    context = CAContext(clock: CAManualClock())
    let root = CALayer()
    root.anchorPoint = .zero
    root.bounds = CGRect(x: 0, y: 0, width: Double(width), height: Double(height))
    layer = LottieLayer(animation: animation, imageDecoder: imageDecoder)
    layer.bounds = CGRect(
      x: 0, y: 0, width: animation.size.width * scale, height: animation.size.height * scale)
    layer.fitContent()
    root.addSublayer(layer)
    context.layer = root
    renderer = CARenderer(context: context)
  }

  /// Pauses the layer at `frame` (the composition's frames, not rounded) and commits.
  public func seek(toFrame frame: Double) {
    layer.currentFrame = frame
    context.commit()
  }

  /// Renders the frame shown at `progress` (0…1: frame `ip + progress · (op − ip)`, not
  /// rounded) into a new image, as Apple's snapshots do: the presentation tree drawn with
  /// `render(in:)` (Core Animation's CPU renderer, which draws 3D-transformed layers flat),
  /// not the compositor that ``render(frame:into:)`` uses.
  public func render(progress: Double) -> CGImage {
    seek(toFrame: layer.animation?.frame(atProgress: progress) ?? 0)
    if let ctx = CGContext(width: width, height: height),
      let presented = context.layer?.presentation()
    {
      presented.render(in: ctx)
      if let image = ctx.makeImage() { return image }
    }
    return renderer.render(width: width, height: height, scale: 1)
  }

  /// Renders `frame` into `bitmap` (a `width × height` bitmap kept between frames),
  /// redrawing only what changed since the previous call into the same bitmap, as a
  /// playing host does.
  /// - Returns: the rectangles redrawn, in pixels from the top-left corner.
  @discardableResult
  public func render(frame: Double, into bitmap: CGContext) -> [CGRect] {
    seek(toFrame: frame)
    return renderer.render(in: bitmap, scale: 1)
  }

  /// Renders `frame` whole into a new transparent image: every pixel drawn, whatever the
  /// previous frame was (the work of a renderer that clears and redraws its canvas each
  /// frame; `Scripts/bench-lottie` times it beside `render(frame:into:)`).
  public func renderWhole(frame: Double) -> CGImage {
    seek(toFrame: frame)
    return renderer.render(width: width, height: height, scale: 1)
  }
}
