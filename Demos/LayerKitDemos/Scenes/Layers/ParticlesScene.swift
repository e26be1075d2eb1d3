import LayerKit

/// `CAEmitterLayer`: snow on the left (a line emitter, slow, drifting, fading), confetti
/// on the right (a point emitter bursting upward with gravity, spin and colour ranges),
/// both deterministic for their seeds, so every frame of the scrub bar is the same. Every
/// two seconds the confetti cannon fires a burst: a keyframe animation of the key path
/// `emitterCells.burst.birthRate` from 0 up to 500 per second and back within 0.2 s;
/// the burst's particles live on after the rate drops back to 0.
public final class ParticlesScene: DemoScene {
  public static let name = "particles"
  public static let title = "CAEmitterLayer: snow and confetti"
  public static let duration = 6.0

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption:
        "Particles are closed-form functions of the emitter's time and seed. Left: a line emitter. "
        + "Right: a point emitter with nested sparks, and a burst every 2 s (an animation of "
        + "emitterCells.burst.birthRate)."
    )

    let night = DemoStyle.tile(
      CGRect(x: 40, y: 120, width: 430, height: 390), color: DemoStyle.ink, radius: 16)
    night.masksToBounds = true
    canvas.addSublayer(night)
    let snow = CAEmitterLayer()
    snow.name = "snow"
    snow.frame = night.bounds
    snow.emitterShape = .line
    snow.emitterPosition = CGPoint(x: 215, y: -10)
    snow.emitterSize = CGSize(width: 460, height: 0)
    snow.seed = 11
    // Local time runs 8 s ahead, so the snow has already filled the sky at the start.
    snow.timeOffset = 8
    let flake = CAEmitterCell()
    flake.name = "flake"
    flake.contents = Self.disc(size: 16)
    flake.birthRate = 40
    flake.lifetime = 9
    flake.velocity = 45
    flake.velocityRange = 15
    flake.emissionLongitude = .pi / 2
    flake.emissionRange = 0.6
    flake.xAcceleration = 4
    flake.scale = 0.5
    flake.scaleRange = 0.3
    flake.alphaRange = 0.3
    flake.alphaSpeed = -0.08
    snow.emitterCells = [flake]
    night.addSublayer(snow)

    let day = DemoStyle.tile(
      CGRect(x: 490, y: 120, width: 430, height: 390), color: DemoStyle.panel, radius: 16)
    day.masksToBounds = true
    canvas.addSublayer(day)
    let confetti = CAEmitterLayer()
    confetti.name = "confetti"
    confetti.frame = day.bounds
    confetti.emitterPosition = CGPoint(x: 215, y: 380)
    confetti.emitterShape = .point
    confetti.renderMode = .oldestFirst
    confetti.seed = 5
    let colors = [
      DemoStyle.coral, DemoStyle.teal, DemoStyle.amber, DemoStyle.violet, DemoStyle.blue,
    ]
    confetti.emitterCells = colors.enumerated().map { k, color in
      let piece = CAEmitterCell()
      piece.name = "piece \(k)"
      piece.contents = Self.strip()
      piece.color = color
      piece.redRange = 0.08
      piece.greenRange = 0.08
      piece.birthRate = 9
      piece.lifetime = 4.5
      piece.velocity = 330
      piece.velocityRange = 80
      piece.emissionLongitude = -.pi / 2
      piece.emissionRange = 0.9
      piece.yAcceleration = 160
      piece.spin = 2
      piece.spinRange = 6
      piece.scale = 0.8
      piece.scaleRange = 0.3
      piece.alphaSpeed = -0.15
      return piece
    }
    let rocket = CAEmitterCell()
    rocket.name = "rocket"
    rocket.birthRate = 0.5
    rocket.lifetime = 1.6
    rocket.velocity = 260
    rocket.emissionLongitude = -.pi / 2
    rocket.emissionRange = 0.3
    rocket.yAcceleration = 120
    let spark = CAEmitterCell()
    spark.name = "spark"
    spark.contents = Self.disc(size: 8)
    spark.color = DemoStyle.coral
    spark.birthRate = 40
    spark.lifetime = 0.6
    spark.velocity = 30
    spark.emissionRange = 2 * .pi
    spark.alphaSpeed = -1.5
    spark.scaleSpeed = -0.8
    rocket.emitterCells = [spark]
    confetti.emitterCells!.append(rocket)
    let burst = CAEmitterCell()
    burst.name = "burst"
    burst.contents = Self.disc(size: 10)
    burst.color = DemoStyle.amber
    burst.redRange = 0.1
    burst.greenRange = 0.3
    burst.blueRange = 0.3
    burst.birthRate = 0
    burst.lifetime = 2.2
    burst.velocity = 420
    burst.velocityRange = 120
    burst.emissionLongitude = -.pi / 2
    burst.emissionRange = 1.2
    burst.yAcceleration = 260
    burst.alphaSpeed = -0.4
    burst.scale = 0.9
    burst.scaleRange = 0.4
    confetti.emitterCells!.append(burst)
    let fire = CAKeyframeAnimation(keyPath: "emitterCells.burst.birthRate")
    fire.values = [0, 500, 0, 0]
    fire.keyTimes = [0, 0.05, 0.1, 1]
    fire.duration = 2
    fire.repeatCount = 3
    confetti.add(fire, forKey: "burst")
    day.addSublayer(confetti)
  }

  /// A soft white disc.
  static func disc(size: Int) -> CGImage {
    let ctx = CGContext(width: size, height: size)!
    ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
    ctx.fillEllipse(in: CGRect(x: 1, y: 1, width: size - 2, height: size - 2))
    return ctx.makeImage()!
  }

  /// A white confetti strip.
  static func strip() -> CGImage {
    let ctx = CGContext(width: 14, height: 8)!
    ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
    ctx.fill(CGRect(x: 0, y: 0, width: 14, height: 8))
    return ctx.makeImage()!
  }
}
