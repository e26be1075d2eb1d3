import Foundation
import Testing

@testable import LayerKit

/// Evaluation never presents NaN or an infinity: an overflowing value falls back to the
/// value below it (the model), with a diagnostic (issue 12 "Also"; TimingModel.md).
@Suite struct OverflowFallbackTests {
  static func scene() -> (CAManualClock, CAContext, CALayer) { PresentationTests.scene() }

  static func overflowNotes() -> [CADiagnostic] {
    CADiagnostics.recorded.filter { $0.message.contains("overflowed") }
  }

  @Test func overflowingSumShowsTheModelInEveryFrameAndReportsOnce() throws {
    let (_, context, root) = Self.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    layer.position = CGPoint(x: 1e308, y: 4)
    context.commit()
    _ = CADiagnostics.drain()
    let a = CABasicAnimation(keyPath: "position")
    a.fromValue = CGPoint(x: 1e308, y: 0)
    a.toValue = CGPoint(x: 1e308, y: 0)
    a.isAdditive = true
    a.duration = 10
    layer.add(a, forKey: "huge")
    // The first frames go through the track object, later ones through the flat records.
    for _ in 0..<6 {
      context.advance(by: 0.5)
      let p = try #require(layer.presentation()).position
      #expect(p == CGPoint(x: 1e308, y: 4))
    }
    let notes = Self.overflowNotes()
    #expect(!notes.isEmpty && notes.allSatisfy { $0.key == "position" })
    #expect(notes.count <= 2, "reported once per path, not per frame")
  }

  @Test func springWithHugeVelocityNeverPresentsAnInfinity() throws {
    let (_, context, root) = Self.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    context.commit()
    let s = CASpringAnimation(keyPath: "position.x")
    s.fromValue = 0
    s.toValue = 1e300
    s.initialVelocity = 1e300
    s.duration = 2
    #expect(s.settlingDuration.isFinite)
    layer.add(s, forKey: "spring")
    for _ in 0..<8 {
      context.advance(by: 0.2)
      #expect(try #require(layer.presentation()).position.x.isFinite)
    }
  }

  @Test func hugeDampingWithOverdampingAllowedSettlesInFiniteTime() {
    let s = CASpringAnimation()
    s.damping = 1e300
    s.allowsOverdamping = true
    #expect(s.settlingDuration.isFinite && s.settlingDuration > 0)
    let solver = s.solver
    for t in [0.0, 0.1, 1, 1e6] { #expect(solver.fraction(at: t).isFinite) }
    s.damping = .greatestFiniteMagnitude
    #expect(s.settlingDuration.isFinite)
    #expect(s.solver.fraction(at: 0) == 0 && s.solver.fraction(at: 1).isFinite)
  }

  @Test func beginTimeInfinityNeverStarts() throws {
    let (_, context, root) = Self.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    context.commit()
    let delegate = StartRecorder()
    let a = CABasicAnimation(keyPath: "opacity")
    a.fromValue = 0
    a.toValue = 0.5
    a.duration = 1
    a.beginTime = .infinity
    a.delegate = delegate
    layer.add(a, forKey: "never")
    for _ in 0..<4 {
      context.advance(by: 1e6)
      #expect(try #require(layer.presentation()).opacity == 1)
    }
    #expect(!delegate.started)
    #expect(layer.animation(forKey: "never") != nil)
  }
}

private final class StartRecorder: NSObject, CAAnimationDelegate {
  var started = false
  func animationDidStart(_ anim: CAAnimation) { started = true }
}
