import Foundation
import LayerKit
import LayerKitLottie

/// Lottie files played as layer trees: each card is a `LottieLayer` whose keyframes
/// became `CAKeyframeAnimation`s (per-segment timing functions from the Lottie tangents,
/// a spatial position path, trim paths as `strokeStart`/`strokeEnd`, a gradient fill, a
/// time-stretched precomposition). The stage's time runs each file's timeline; click a
/// card's shapes to inspect the generated layers and their animations.
public final class LottieGalleryScene: DemoScene {
  public static let name = "lottie-gallery"
  public static let title = "Lottie gallery: files as layer trees"
  public static let duration = 4.0

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "Three Lottie files translated into CALayers with CAKeyframeAnimations; "
        + "LayerKit's timing engine plays them, nothing steps keyframes per frame.")
    let files = [
      ("spinner: trim paths", LottieGallerySamples.spinner),
      ("ball: spatial path, easing", LottieGallerySamples.ball),
      ("gradient + precomp stretch", LottieGallerySamples.pulse),
    ]
    for (i, (title, json)) in files.enumerated() {
      let x = 40 + CGFloat(i) * 300
      let card = DemoStyle.card(CGRect(x: x, y: 110, width: 280, height: 330))
      card.name = title
      canvas.addSublayer(card)
      if let animation = try? LottieAnimation(data: Data(json.utf8)) {
        let layer = LottieLayer(animation: animation)
        layer.name = title
        layer.position = CGPoint(x: 20, y: 20)
        layer.bounds = CGRect(x: 0, y: 0, width: 240, height: 240)
        layer.fitContent()
        layer.runInSuperlayerTime(from: 0)
        card.addSublayer(layer)
      }
      canvas.addSublayer(
        DemoStyle.label(
          title, frame: CGRect(x: x, y: 400, width: 280, height: 24), size: 15, bold: true,
          alignment: .center))
    }
  }
}
