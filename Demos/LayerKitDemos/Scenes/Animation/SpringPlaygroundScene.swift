import Foundation
import LayerKit

/// A spring playground: one ball driven by `CASpringAnimation(mass, stiffness, damping)`
/// and one by `init(perceptualDuration:bounce:)`, each with its settling duration, and
/// sliders for all five numbers.
public final class SpringPlaygroundScene: DemoScene {
  public static let name = "spring-playground"
  public static let title = "Spring playground"
  public static let duration = 3.0

  private var values: [String: Double] = [
    "mass": 1, "stiffness": 100, "damping": 10, "perceptual duration": 0.6, "bounce": 0.3,
  ]

  public init() {}

  public var parameters: [DemoParameter] {
    [
      DemoParameter("mass", range: 0.1...5, value: values["mass"]!, format: "%.2f"),
      DemoParameter("stiffness", range: 10...400, value: values["stiffness"]!, format: "%.0f"),
      DemoParameter("damping", range: 0.5...40, value: values["damping"]!, format: "%.1f"),
      DemoParameter(
        "perceptual duration", range: 0.1...2, value: values["perceptual duration"]!,
        format: "%.2f s"),
      DemoParameter("bounce", range: -0.5...0.9, value: values["bounce"]!, format: "%.2f"),
    ]
  }

  public func setParameter(_ name: String, to value: Double) {
    guard values[name] != nil else { return }
    values[name] = value
  }

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "Top: mass, stiffness and damping. Bottom: perceptual duration and bounce. Both "
        + "move 480 pt from a standstill; the viewer's sliders change the numbers.")
    let physical = CASpringAnimation(keyPath: "position.x")
    physical.mass = values["mass"]!
    physical.stiffness = values["stiffness"]!
    physical.damping = values["damping"]!
    let perceptual = CASpringAnimation(
      perceptualDuration: values["perceptual duration"]!, bounce: values["bounce"]!)
    perceptual.keyPath = "position.x"
    let rows: [(CASpringAnimation, String, CGColor)] = [
      (
        physical,
        String(
          format: "mass %.2f · stiffness %.0f · damping %.1f", values["mass"]!,
          values["stiffness"]!, values["damping"]!), DemoStyle.blue
      ),
      (
        perceptual,
        String(
          format: "perceptualDuration %.2f s · bounce %.2f", values["perceptual duration"]!,
          values["bounce"]!), DemoStyle.coral
      ),
    ]
    for (i, (spring, text, color)) in rows.enumerated() {
      let y = 170 + CGFloat(i) * 170
      let track = DemoStyle.card(CGRect(x: 80, y: y, width: 800, height: 110), radius: 55)
      canvas.addSublayer(track)
      for x in [160.0, 640.0] {
        track.addSublayer(
          DemoStyle.tile(
            CGRect(x: x - 1, y: 20, width: 2, height: 70), color: DemoStyle.hairline, radius: 0))
      }
      let ball = DemoStyle.tile(CGRect(x: 0, y: 0, width: 70, height: 70), color: color, radius: 35)
      ball.name = i == 0 ? "physical spring" : "perceptual spring"
      ball.position = CGPoint(x: 640, y: 55)
      track.addSublayer(ball)
      spring.fromValue = 160
      spring.toValue = 640
      spring.beginTime = 0.2
      spring.duration = spring.settlingDuration
      spring.fillMode = .backwards
      ball.add(spring, forKey: "spring")
      canvas.addSublayer(
        DemoStyle.label(
          text + String(format: " · settles in %.2f s", spring.settlingDuration),
          frame: CGRect(x: 80, y: y + 118, width: 800, height: 22), size: 15,
          color: DemoStyle.muted, alignment: .center))
    }
  }
}
