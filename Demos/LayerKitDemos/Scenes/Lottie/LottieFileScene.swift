import Foundation
import LayerKit
import LayerKitLottie
import LayerKitSDL

/// One Lottie file played as a demo scene: its `LottieLayer` fitted (aspect kept) into the
/// canvas, its timeline run by the stage's time, so the viewer's scrub bar, frame steps,
/// slow motion and inspector work on it as on any demo. One run of the scene is the
/// file's duration (`(op − ip) / fr` seconds); the viewer loops it.
///
/// Made from a loaded file with ``init(animation:fileName:)``; the catalog entry for a file
/// is ``demo(animation:fileName:)``.
public final class LottieFileScene: DemoScene {
  public static let name = "lottie-file"
  public static let title = "Lottie file"
  /// Unused: a file's scene takes its duration from the file (see ``demo(animation:fileName:)``).
  public static let duration = 1.0

  /// Decodes a Lottie file's embedded images (PNG, JPEG) with the SDL host's codecs.
  public static let imageDecoder: LottieImageDecoder = { try? CGImage(encodedData: $0) }

  private let animation: LottieAnimation?
  private let fileName: String

  /// A scene with no file: the canvas says so.
  public required init() {
    animation = nil
    fileName = "no file"
  }

  /// A scene playing `animation`, titled with `fileName`.
  public init(animation: LottieAnimation, fileName: String) {
    self.animation = animation
    self.fileName = fileName
  }

  /// The catalog entry playing `animation`, named `fileName` without its extension.
  public static func demo(animation: LottieAnimation, fileName: String) -> DemoInfo {
    let name = (fileName as NSString).deletingPathExtension
    let duration = animation.duration > 0 && animation.duration.isFinite ? animation.duration : 1
    let make: @Sendable (CALayer, CAContext) -> SceneDriver = { container, context in
      SceneDriver(duration: duration, in: container, context: context) {
        LottieFileScene(animation: animation, fileName: fileName)
      }
    }
    return DemoInfo(
      name: name, title: "Lottie: \(fileName)", duration: duration, makeDriver: make
    ) { request in
      SceneRenderer.render(request) { root, context in make(root, context) }
    }
  }

  /// The file's markers in stage seconds (frame `ip` is time 0): the viewer marks them on
  /// its scrub bar and `M` plays the section of each in a loop.
  public var markers: [SceneMarker] {
    guard let a = animation else { return [] }
    return a.markers.map {
      SceneMarker(
        at: ($0.frameTime - a.startFrame) / a.frameRate,
        duration: $0.durationFrameTime / a.frameRate,
        $0.name)
    }
  }

  public func build(in stage: CALayer) {
    var caption = "No Lottie file loaded."
    if let a = animation {
      caption = String(
        format: "%g × %g points, %g fps, frames %g to %g: one LottieLayer, its keyframes "
          + "CAKeyframeAnimations on the stage's timeline.",
        a.size.width, a.size.height, a.frameRate, a.startFrame, a.endFrame)
    }
    let canvas = DemoStyle.canvas(in: stage, title: fileName, caption: caption)
    guard let animation, animation.size.width > 0, animation.size.height > 0 else { return }
    let area = CGRect(x: 40, y: 110, width: 880, height: 410)
    let s = min(area.width / animation.size.width, area.height / animation.size.height)
    let size = CGSize(width: animation.size.width * s, height: animation.size.height * s)
    let layer = LottieLayer(animation: animation, imageDecoder: Self.imageDecoder)
    layer.name = fileName
    layer.position = CGPoint(
      x: area.midX - size.width / 2, y: area.midY - size.height / 2)
    layer.bounds = CGRect(origin: .zero, size: size)
    layer.fitContent()
    layer.runInSuperlayerTime(from: 0)
    canvas.addSublayer(layer)
  }
}
