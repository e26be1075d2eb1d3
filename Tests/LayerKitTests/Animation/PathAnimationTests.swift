import Foundation
import Testing

@testable import LayerKit

@Suite struct PathAnimationTests {
  static func lShape() -> CGPath {
    let p = CGMutablePath()
    p.move(to: CGPoint(x: 0, y: 0))
    p.addLine(to: CGPoint(x: 30, y: 0))
    p.addLine(to: CGPoint(x: 30, y: 10))
    return p
  }

  static func sampler(
    _ path: CGPath, mode: CAAnimationCalculationMode, rotation: CAAnimationRotationMode? = nil
  )
    -> PathSampler?
  {
    let a = CAKeyframeAnimation(keyPath: "position")
    a.path = path
    a.calculationMode = mode
    a.rotationMode = rotation
    return PathSampler(a, path: path, keyPath: "position")
  }

  @Test(arguments: [
    (0.0, 0.0, 0.0), (0.25, 15.0, 0.0), (0.5, 30.0, 0.0), (0.75, 30.0, 5.0), (1.0, 30.0, 10.0),
  ])
  func linearSpendsEqualTimePerSegment(f: Double, x: Double, y: Double) throws {
    let s = try #require(Self.sampler(Self.lShape(), mode: .linear))
    let p = s.sample(at: f).point
    #expect(abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9)
  }

  @Test(arguments: [(0.25, 10.0, 0.0), (0.5, 20.0, 0.0), (0.875, 30.0, 5.0)])
  func pacedMovesAtConstantSpeed(f: Double, x: Double, y: Double) throws {
    let s = try #require(Self.sampler(Self.lShape(), mode: .paced))
    let p = s.sample(at: f).point
    #expect(abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9)
  }

  /// Linear mode moves along a curved segment by the curve's parameter: with both
  /// control points at the end, the cubic `y = 100·(1 − (1 − t)³)` is at 87.5 halfway.
  @Test func linearFollowsTheCurveParameterWithinASegment() throws {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addCurve(
      to: CGPoint(x: 0, y: 100), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 0, y: 100))
    let s = try #require(Self.sampler(path, mode: .linear))
    #expect(abs(s.sample(at: 0.5).point.y - 87.5) < 1e-9)
    let paced = try #require(Self.sampler(path, mode: .paced))
    #expect(abs(paced.sample(at: 0.5).point.y - 50) < 1e-3)
  }

  @Test func pacedMotionAlongACurveHasEvenSteps() throws {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addCurve(
      to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
    let s = try #require(Self.sampler(path, mode: .paced))
    var steps: [Double] = []
    var last = s.sample(at: 0).point
    for i in 1...20 {
      let p = s.sample(at: Double(i) / 20).point
      steps.append(hypot(p.x - last.x, p.y - last.y))
      last = p
    }
    #expect(steps.max()! - steps.min()! < 0.02 * steps.max()!)
  }

  @Test func rotationModesFollowTheTangent() throws {
    let auto = try #require(Self.sampler(Self.lShape(), mode: .paced, rotation: .rotateAuto))
    let reverse = try #require(
      Self.sampler(Self.lShape(), mode: .paced, rotation: .rotateAutoReverse))
    #expect(auto.rotationOffset == 0 && reverse.rotationOffset == .pi)
    #expect(abs(auto.sample(at: 0.5).angle) < 1e-9)
    #expect(abs(auto.sample(at: 0.9).angle - .pi / 2) < 1e-9)
  }

  @Test func discreteJumpsBetweenEndPoints() throws {
    let s = try #require(Self.sampler(Self.lShape(), mode: .discrete))
    #expect(s.sample(at: 0.1).point == .zero)
    #expect(s.sample(at: 0.5).point == CGPoint(x: 30, y: 0))
    #expect(s.sample(at: 0.9).point == CGPoint(x: 30, y: 10))
  }

  @Test func emptyOrNonFinitePathsAreRejected() {
    CADiagnostics.drain()
    let moveOnly = CGMutablePath()
    moveOnly.move(to: .zero)
    #expect(Self.sampler(moveOnly, mode: .linear) == nil)
    let bad = CGMutablePath()
    bad.move(to: .zero)
    bad.addLine(to: CGPoint(x: CGFloat.nan, y: 0))
    #expect(Self.sampler(bad, mode: .linear) == nil)
    #expect(CADiagnostics.drain().count == 2)
  }

  /// A line, then a cubic: two keyframe segments.
  static func lineThenCurve() -> CGPath {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addLine(to: CGPoint(x: 100, y: 0))
    path.addCurve(
      to: CGPoint(x: 200, y: 0), control1: CGPoint(x: 100, y: 100),
      control2: CGPoint(x: 200, y: 100))
    return path
  }

  @Test(arguments: [(0.25, 50.0, 0.0), (0.625, 115.625, 56.25), (0.75, 150.0, 75.0)])
  func linearUsesTheCurveParameterInsideEachElement(f: Double, x: Double, y: Double) throws {
    // Apple: "Each point in the path, except for moveto points, defines a single keyframe
    // segment" (issue 12 §4): half the time per element, and inside the cubic the time
    // fraction is the Bézier parameter (B(0.25) = (15.625, 56.25) from its start). It
    // used to move by arc length.
    for mode in [CAAnimationCalculationMode.linear, .cubic] {
      let s = try #require(Self.sampler(Self.lineThenCurve(), mode: mode))
      let p = s.sample(at: f).point
      #expect(abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9, "\(mode.rawValue)")
    }
  }

  @Test func pathDrivesSizeKeys() throws {
    // Issue 16 item 7: a path on any CGPoint or CGSize key, as Apple accepts.
    let (clock, context, root) = PresentationTests.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    context.commit()
    for key in ["shadowOffset", "bounds.size", "transform.translation", "anchorPoint"] {
      let a = CAKeyframeAnimation(keyPath: key)
      let path = CGMutablePath()
      path.move(to: CGPoint(x: 0, y: 0))
      path.addLine(to: CGPoint(x: 4, y: 8))
      a.path = path
      a.duration = 1
      layer.add(a, forKey: key)
    }
    context.commit()
    clock.time = 0.25
    let p = try #require(layer.presentation())
    #expect(p.shadowOffset == CGSize(width: 1, height: 2))
    #expect(p.bounds.size == CGSize(width: 1, height: 2))
    #expect(abs(p.transform.m41 - 1) < 1e-12 && abs(p.transform.m42 - 2) < 1e-12)
    #expect(p.anchorPoint == CGPoint(x: 1, y: 2))
  }

  @Test func pathOnAKeyThatIsNotPointLikeIsIgnoredWithADiagnostic() {
    CADiagnostics.drain()
    let a = CAKeyframeAnimation(keyPath: "opacity")
    a.path = Self.lShape()
    #expect(AnimationCompiler.compile(a, registry: CALayer.propertyRegistry) == nil)
    #expect(CADiagnostics.drain().contains { $0.key == "opacity" })
  }
}
