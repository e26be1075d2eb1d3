import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// `CAEmitterLayer`: particles as closed-form functions of the emitter's local time.
@Suite struct CAEmitterLayerTests {
  typealias F = RenderFixtures

  static let dot: CGImage = {
    var px = [UInt8](repeating: 0, count: 4 * 4 * 4)
    for i in stride(from: 0, to: px.count, by: 4) {
      px[i] = 255
      px[i + 1] = 255
      px[i + 2] = 255
      px[i + 3] = 255
    }
    return CGImage(width: 4, height: 4, premultipliedRGBA: px)!
  }()

  static func emitter(rate: Float = 10, lifetime: Float = 1, seed: UInt32 = 7) -> CAEmitterLayer {
    let e = CAEmitterLayer()
    e.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
    e.emitterPosition = CGPoint(x: 100, y: 20)
    e.emitterShape = .line
    e.emitterSize = CGSize(width: 160, height: 0)
    e.seed = seed
    let cell = CAEmitterCell()
    cell.birthRate = rate
    cell.lifetime = lifetime
    cell.lifetimeRange = 0.2
    cell.velocity = 50
    cell.velocityRange = 10
    cell.emissionLongitude = .pi / 2
    cell.emissionRange = 0.5
    cell.yAcceleration = 40
    cell.spin = 1
    cell.spinRange = 2
    cell.scale = 2
    cell.scaleRange = 0.5
    cell.color = CGColor(red: 0.9, green: 0.4, blue: 0.2, alpha: 1)
    cell.redRange = 0.1
    cell.alphaSpeed = -0.5
    cell.contents = dot
    e.emitterCells = [cell]
    return e
  }

  @Test func particlesFollowTheClosedForm() {
    let e = Self.emitter(rate: 4, lifetime: 10)
    e.emitterCells![0].lifetimeRange = 0
    e.emitterCells![0].velocityRange = 0
    e.emitterCells![0].emissionRange = 0
    e.emitterShape = .point
    let ps = e.particles(at: 1.1)
    // Born at 0, 0.25, 0.5, 0.75, 1.0.
    #expect(ps.map(\.birth).sorted() == [0, 0.25, 0.5, 0.75, 1.0])
    let oldest = ps.first { $0.birth == 0 }!
    // Straight down at 50 pt/s with 40 pt/s² gravity: y = 20 + 50·1.1 + 20·1.21.
    #expect(abs(oldest.position.x - 100) < 1e-9)
    #expect(abs(oldest.position.y - (20 + 55 + 24.2)) < 1e-9)
    #expect(abs(oldest.color.w - (1 - 0.55)) < 1e-6)
  }

  @Test func theSameSeedAndTimeGiveTheSameParticlesWhateverCameBefore() {
    let a = Self.emitter()
    let b = Self.emitter()
    _ = a.particles(at: 3)
    _ = a.particles(at: 0.5)
    #expect(a.particles(at: 2.25) == b.particles(at: 2.25))
    let other = Self.emitter(seed: 8)
    #expect(other.particles(at: 2.25) != b.particles(at: 2.25))
  }

  @Test func multipliersScaleTheCells() {
    let e = Self.emitter(rate: 10, lifetime: 1)
    let base = e.particles(at: 5).count
    e.birthRate = 2
    #expect(abs(e.particles(at: 5).count - 2 * base) <= 2)
    e.birthRate = 1
    e.lifetime = 0
    #expect(e.particles(at: 5).isEmpty)
  }

  @Test func badRatesEmitNothingAndAbsurdRatesAreCapped() {
    CADiagnostics.drain()
    for rate in [Float(0), -5, .nan, .infinity] {
      #expect(Self.emitter(rate: rate).particles(at: 2).isEmpty)
    }
    let flood = Self.emitter(rate: 1e12, lifetime: 1e6)
    let ps = flood.particles(at: 1e5)
    #expect(ps.count <= CAEmitterLayer.maximumParticleCount)
    #expect(CADiagnostics.drain().contains { $0.key == "CAEmitterLayer" })
    let e = Self.emitter()
    e.emitterSize = CGSize(width: CGFloat.nan, height: -4)
    #expect(e.particles(at: 2).allSatisfy { $0.position.x.isFinite })
    #expect(e.particles(at: .nan).isEmpty)
  }

  @Test func nestedCellsEmitFromTheirParents() {
    let e = Self.emitter(rate: 1, lifetime: 10)
    let spark = CAEmitterCell()
    spark.birthRate = 5
    spark.lifetime = 0.5
    spark.contents = Self.dot
    e.emitterCells![0].emitterCells = [spark]
    e.emitterCells![0].contents = nil
    let ps = e.particles(at: 2.05)
    // Parents born at 0, 1, 2 (no contents); sparks only from their parents' births on.
    #expect(!ps.isEmpty)
    #expect(ps.allSatisfy { $0.birth >= 0 && 2.05 - $0.birth < 0.5 + 1e-9 })
  }

  @Test func renderModesOrderTheParticles() {
    let e = Self.emitter()
    e.renderMode = .oldestFirst
    let first = e.particles(at: 2).map(\.birth)
    #expect(first == first.sorted())
    e.renderMode = .oldestLast
    let last = e.particles(at: 2).map(\.birth)
    #expect(last == first.reversed() || last == last.sorted(by: >))
  }

  @Test func framesAreGoldenAndScrubbingIsExact() {
    func frame(at t: Double, after steps: [Double]) -> CGImage {
      let clock = CAManualClock()
      let context = CAContext(clock: clock)
      let root = F.root(200, 200)
      root.backgroundColor = F.ink
      root.addSublayer(Self.emitter(rate: 30, lifetime: 2))
      context.layer = root
      context.commit()
      for s in steps { context.advance(by: s) }
      context.advance(by: t - clock.time)
      return CARenderer(context: context).render(width: 200, height: 200, scale: 1)
    }
    let direct = frame(at: 1.5, after: [])
    #expect(direct == frame(at: 1.5, after: [0.7, 1.9, -1.2]))
    assertMatchesGolden(direct, named: "emitter-line-1.5s")
  }
}
