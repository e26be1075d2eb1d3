import Foundation
import Testing

@testable import LayerGraphics

func near(_ a: CATransform3D, _ b: CATransform3D, _ tol: CGFloat = 1e-9) -> Bool {
  zip(a.entries, b.entries).allSatisfy { abs($0 - $1) <= tol }
}

@Suite struct CATransform3DTests {
  @Test func rotationAboutZHasSineInM12() {
    let t = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
    #expect(abs(t.m12 - 0.5) < 1e-12)
    #expect(abs(t.m21 + 0.5) < 1e-12)
  }

  @Test func translateAppliesTheNewStepFirst() {
    // Scale then translate-before: the point is translated, then scaled.
    let t = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 10, 0, 0)
    let p = t.apply(to: CGPoint(x: 1, y: 1))
    #expect(p == CGPoint(x: 22, y: 2))
  }

  @Test func concatIsAThenB() {
    let a = CATransform3DMakeTranslation(5, 0, 0)
    let b = CATransform3DMakeScale(3, 3, 1)
    #expect(CATransform3DConcat(a, b).apply(to: CGPoint(x: 1, y: 0)) == CGPoint(x: 18, y: 0))
  }

  @Test func invertTimesSelfIsIdentity() {
    var t = CATransform3DMakeRotation(0.7, 1, 2, 3)
    t = CATransform3DTranslate(t, 4, -5, 6)
    t = CATransform3DScale(t, 2, 3, 0.5)
    t.m34 = -1 / 500
    #expect(near(CATransform3DConcat(t, CATransform3DInvert(t)), .identity, 1e-9))
  }

  @Test func invertOfSingularReturnsTheInput() {
    let s = CATransform3DMakeScale(0, 1, 1)
    #expect(CATransform3DInvert(s) == s)
  }

  @Test func affineRoundTrip() {
    let a = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 4, y: 5)
    let t = CATransform3DMakeAffineTransform(a)
    #expect(CATransform3DIsAffine(t))
    #expect(CATransform3DGetAffineTransform(t) == a)
    var p = t
    p.m34 = -0.002
    #expect(!CATransform3DIsAffine(p))
  }

  @Test(arguments: [
    CATransform3DMakeRotation(0.5, 0, 0, 1),
    CATransform3DMakeRotation(-2.5, 0, 0, 1),
    CATransform3DMakeRotation(1.1, 1, 0, 0),
    CATransform3DMakeRotation(0.9, 0, 1, 0),
    CATransform3DMakeRotation(0.8, 1, 2, 3),
    CATransform3DTranslate(CATransform3DMakeScale(2, -3, 4), 10, 20, 30),
    CATransform3DConcat(
      CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 0.3, c: 0.2, d: 1, tx: 5, ty: 6)),
      .identity),
    { () -> CATransform3D in
      var t = CATransform3DRotate(CATransform3DMakeTranslation(3, 4, 5), 0.4, 0, 1, 0)
      t.m34 = -1 / 400
      return t
    }(),
  ])
  func decomposeThenRecomposeIsIdentity(t: CATransform3D) throws {
    let d = try #require(t.decomposed())
    #expect(near(CATransform3D(d), t, 1e-9), "\(CATransform3D(d)) vs \(t)")
  }

  @Test func decompositionReadsTheZRotation() throws {
    let d = try #require(CATransform3DMakeRotation(0.75, 0, 0, 1).decomposed())
    #expect(abs(d.rotationZ - 0.75) < 1e-12)
    let x = try #require(CATransform3DMakeRotation(0.5, 1, 0, 0).decomposed())
    #expect(abs(x.rotationX - 0.5) < 1e-12)
    let y = try #require(CATransform3DMakeRotation(0.5, 0, 1, 0).decomposed())
    #expect(abs(y.rotationY - 0.5) < 1e-12)
  }

  @Test func halfwayBetweenRotationsIsTheMiddleRotation() throws {
    let a = try #require(CATransform3D.identity.decomposed())
    let b = try #require(CATransform3DMakeRotation(1.0, 0, 0, 1).decomposed())
    let mid = CATransform3D(a.interpolated(to: b, fraction: 0.5))
    #expect(near(mid, CATransform3DMakeRotation(0.5, 0, 0, 1), 1e-12))
  }

  @Test func singularMatrixDoesNotDecompose() {
    #expect(CATransform3DMakeScale(0, 1, 1).decomposed() == nil)
    var n = CATransform3D.identity
    n.m11 = .nan
    #expect(n.decomposed() == nil)
  }
}
