import Foundation
import LayerKitDemos
import LayerKitExport
import LayerKitLottie

/// Lottie files rendered without a display, framed like Apple's Core Animation snapshots of
/// them: scaled uniformly by `min(W / w, H / h)` from the top-left corner, clipped to the
/// composition, transparent where nothing draws.
extension HeadlessRenderer {
  /// Loads the Lottie file at `path`; a failure names the file and the JSON path.
  static func loadLottie(_ path: String) throws(ViewerError) -> LottieAnimation {
    do {
      return try LottieAnimation(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .lottie(file: path, error)
    }
  }

  /// The layer tree of `animation` built once for images of `size` in pixels, or, without
  /// one, of the snapshot rule's size (the composition with its larger side at most 500
  /// points, at 2 pixels per point).
  static func lottieStage(_ animation: LottieAnimation, _ size: ViewerAction.PixelSize?)
    -> LottieStage
  {
    LottieStage(
      animation, pixelSize: size.map { ($0.pixelWidth, $0.pixelHeight) },
      imageDecoder: LottieFileScene.imageDecoder)
  }

  /// Renders the frame at `progress` (0…1: frame `ip + progress · (op − ip)`, unrounded)
  /// of the Lottie file at `file` and writes it to `path` as a PNG.
  static func renderLottie(
    file: String, progress: Double, size: ViewerAction.PixelSize?, out path: String
  ) throws(ViewerError) {
    let animation = try loadLottie(file)
    let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    try checkFile(path, example: "\(name).png")
    let image = lottieStage(animation, size).render(progress: progress)
    try writePNG(image, to: URL(fileURLWithPath: path))
    print(
      "\(name) at progress \(formatted(progress)) (frame "
        + "\(formatted(animation.frame(atProgress: progress)))), \(image.width)×\(image.height) → "
        + URL(fileURLWithPath: path).path)
  }

  /// Writes `duration` seconds (default: the file's) of a Lottie file at `fps` as an
  /// animation from its first frame; frame `i` shows the file at `i / fps` seconds.
  static func exportLottie(
    file: String, duration: Double?, fps: Double, size: ViewerAction.PixelSize?, out path: String
  ) throws(ViewerError) {
    let animation = try loadLottie(file)
    let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    try checkFile(path, example: "\(name).\(AnimationFormat(path: path)?.rawValue ?? "gif")")
    try makeDirectory(URL(fileURLWithPath: path).deletingLastPathComponent())
    let stage = lottieStage(animation, size)
    let pixels = (width: stage.width, height: stage.height)
    let length = duration ?? (animation.duration > 0 ? animation.duration : 1 / fps)
    let timeline = FrameTimeline(duration: length, fps: fps)
    do {
      try AnimationExporter.export(
        to: path, width: pixels.width, height: pixels.height, timeline: timeline
      ) { _, time in
        let frame = min(animation.endFrame, animation.startFrame + time * animation.frameRate)
        return stage.render(progress: animation.progress(atFrame: frame))
      }
    } catch {
      throw .export(error)
    }
    print(
      "\(name): \(timeline.count) frames at \(formatted(timeline.fps)) fps, "
        + "\(pixels.width)×\(pixels.height) → \(URL(fileURLWithPath: path).path)")
  }
}
