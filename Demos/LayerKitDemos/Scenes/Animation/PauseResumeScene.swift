import LayerKit

/// Seed 004's `pauseLayer` and `resumeLayer` on one of two identical spinners: it stops at
/// 1.5 s (speed 0, timeOffset = the paused time) and resumes at 3 s from where it stopped
/// (beginTime moved by the pause), while the other keeps turning.
public final class PauseResumeScene: DemoScene {
  public static let name = "pause-resume"
  public static let title = "Pausing and resuming a layer's time"
  public static let duration = 5.0

  private weak var paused: CALayer?
  private weak var state: CATextLayer?

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "Right: pauseLayer at 1.5 s, resumeLayer at 3 s. Left: never paused. Both run the "
        + "same 2 s rotation, repeating.")
    for (i, heading) in ["running", "paused at 1.5 s, resumed at 3 s"].enumerated() {
      // Cards wide enough for the longer heading with room on both sides.
      let x = 110 + CGFloat(i) * 380
      let card = DemoStyle.card(CGRect(x: x, y: 140, width: 360, height: 320))
      canvas.addSublayer(card)
      let spinner = DemoStyle.tile(
        CGRect(x: 120, y: 60, width: 120, height: 120),
        color: i == 0 ? DemoStyle.blue : DemoStyle.coral, radius: 20)
      spinner.name = i == 0 ? "running" : "paused"
      card.addSublayer(spinner)
      let dot = DemoStyle.tile(
        CGRect(x: 12, y: 12, width: 24, height: 24), color: DemoStyle.panel, radius: 12)
      spinner.addSublayer(dot)
      let spin = CABasicAnimation(keyPath: "transform.rotation.z")
      spin.fromValue = 0
      spin.toValue = Double.pi * 2
      spin.duration = 2
      spin.repeatCount = .infinity
      spinner.add(spin, forKey: "spin")
      card.addSublayer(
        DemoStyle.label(
          heading, frame: CGRect(x: 10, y: 230, width: 340, height: 24), size: 16, bold: true,
          alignment: .center))
      if i == 1 {
        paused = spinner
        let status = DemoStyle.label(
          "speed 1", frame: CGRect(x: 10, y: 262, width: 340, height: 22), size: 14,
          color: DemoStyle.muted, alignment: .center)
        card.addSublayer(status)
        state = status
      }
    }
  }

  public var cues: [SceneCue] {
    [
      SceneCue(at: 1.5, "pauseLayer") { [self] in
        guard let paused else { return }
        pauseLayer(paused)
        state?.string = String(format: "speed 0 · timeOffset %.2f", paused.timeOffset)
      },
      SceneCue(at: 3, "resumeLayer") { [self] in
        guard let paused else { return }
        resumeLayer(paused)
        state?.string = String(format: "speed 1 · beginTime %.2f", paused.beginTime)
      },
    ]
  }

  func pauseLayer(_ layer: CALayer) {
    let pausedTime: CFTimeInterval = layer.convertTime(CACurrentMediaTime(), from: nil)
    layer.speed = 0.0
    layer.timeOffset = pausedTime
  }

  func resumeLayer(_ layer: CALayer) {
    let pausedTime: CFTimeInterval = layer.timeOffset
    layer.speed = 1.0
    layer.timeOffset = 0.0
    layer.beginTime = 0.0
    let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
    layer.beginTime = timeSincePause
  }
}
