import Foundation
import LayerKit
import Testing

@testable import LayerKitLottie

/// Stars and polygons (`sr`) built as lottie-ios builds them: roundness as cubic control
/// points along each vertex's circle, a fractional point count as a partial last point.
@Suite struct LottieStarTests {
  static func shape(
    polygon: Bool, points: Keyframed<Double>, outer: Double = 100, inner: Double = 50,
    outerRoundness: Double = 0, innerRoundness: Double = 0, rotation: Double = 0
  ) -> StarShape {
    StarShape(
      isPolygon: polygon, position: Keyframed(constant: [0, 0]),
      outerRadius: Keyframed(constant: outer), innerRadius: Keyframed(constant: inner),
      outerRoundness: Keyframed(constant: outerRoundness),
      innerRoundness: Keyframed(constant: innerRoundness), rotation: Keyframed(constant: rotation),
      points: points, reversed: false)
  }

  static func near(_ p: CGPoint, _ x: Double, _ y: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(p.x - x) <= tolerance && abs(p.y - y) <= tolerance
  }

  @Test func sharpStarAlternatesOuterAndInnerVerticesFromStraightUp() {
    let s = Geometry.star(Self.shape(polygon: false, points: Keyframed(constant: 5)), at: 0)
    #expect(s.vertices.count == 10 && s.closed)
    #expect(Self.near(s.vertices[0], 0, -100))
    // The first inner vertex is half a point (36°) clockwise of the top.
    let a = (-90.0 + 36) * .pi / 180
    #expect(Self.near(s.vertices[1], 50 * cos(a), 50 * sin(a)))
    #expect(s.inTangents.allSatisfy { $0 == .zero } && s.outTangents.allSatisfy { $0 == .zero })
  }

  @Test func starRoundnessIsRadiusTimesRoundnessTimesPolystarConstant() {
    let star = Self.shape(
      polygon: false, points: Keyframed(constant: 5), outerRoundness: 100, innerRoundness: 50)
    let s = Geometry.star(star, at: 0)
    #expect(s.vertices.count == 10)
    // The top vertex leaves to the right and is reached from the left (clockwise),
    // 100 × 1.0 × 0.47829 long.
    #expect(Self.near(s.outTangents[0], 47.829, 0, 1e-9))
    #expect(Self.near(s.inTangents[0], -47.829, 0, 1e-9))
    // An inner vertex: 50 × 0.5 × 0.47829.
    let length = hypot(s.outTangents[1].x, s.outTangents[1].y)
    #expect(abs(length - 50 * 0.5 * 0.47829) < 1e-9)
  }

  @Test func polygonRoundnessIsOuterRadiusTimesRoundnessTimesAQuarter() {
    let p = Geometry.star(
      Self.shape(polygon: true, points: Keyframed(constant: 4), outerRoundness: 40), at: 0)
    #expect(p.vertices.count == 4)
    #expect(Self.near(p.vertices[0], 0, -100) && Self.near(p.vertices[1], 100, 0))
    #expect(Self.near(p.outTangents[0], 10, 0) && Self.near(p.inTangents[0], -10, 0))
    #expect(Self.near(p.inTangents[1], 0, -10) && Self.near(p.outTangents[1], 0, 10))
  }

  @Test func fractionalStarGrowsAPartialLastPoint() {
    let s = Geometry.star(Self.shape(polygon: false, points: Keyframed(constant: 4.5)), at: 0)
    // ceil(4.5) = 5 points: 10 vertices, the start not repeated.
    #expect(s.vertices.count == 10)
    // The partial point: radius 50 + 0.5 × (100 − 50), a quarter point (22.5°) before the
    // top (half a point × (1 − 0.5)), the next vertex a quarter point after it.
    let a0 = (-90.0 + 40 * 0.5) * .pi / 180
    #expect(Self.near(s.vertices[0], 75 * cos(a0), 75 * sin(a0)))
    let a1 = a0 + 20 * .pi / 180
    #expect(Self.near(s.vertices[1], 50 * cos(a1), 50 * sin(a1)))
  }

  @Test func fractionalPolygonOvershootsItsLastSide() {
    let p = Geometry.star(Self.shape(polygon: true, points: Keyframed(constant: 2.5)), at: 0)
    // 1 + ceil(2.5) vertices 144° apart; the last (432°) is not the first, so it stays.
    #expect(p.vertices.count == 4)
    let a = (-90.0 + 3 * 144) * .pi / 180
    #expect(Self.near(p.vertices[3], 100 * cos(a), 100 * sin(a)))
  }

  @Test func animatedPointCountPassesThroughFractions() {
    let points = Keyframed<Double>(keyframes: [
      Keyframe(time: 0, value: 3), Keyframe(time: 10, value: 4),
    ])
    let shape = Self.shape(polygon: true, points: points)
    #expect(Geometry.star(shape, at: 0).vertices.count == 3)
    #expect(Geometry.star(shape, at: 5).vertices.count == 5)  // 3.5: 1 + 4
    #expect(Geometry.star(shape, at: 10).vertices.count == 4)
  }

  @Test func countsThatAreNotPositiveDrawNothing() {
    for n in [0.0, -3, .nan, -.infinity] {
      let s = Geometry.star(Self.shape(polygon: false, points: Keyframed(constant: n)), at: 0)
      #expect(s.vertices.isEmpty)
    }
    let huge = Geometry.star(Self.shape(polygon: true, points: Keyframed(constant: 1e19)), at: 0)
    #expect(huge.vertices.count == LottieLimits.maxStarPoints)
  }

  /// A square polygon (`sy` 2, 4 points turned 45°, outer radius 20√2 around (30, 30)):
  /// its corners at (10, 10) … (50, 50). Roundness 100 bows each side out through
  /// control points 0.25 × 20√2 along the circle: the top side's middle reaches y = 6.25.
  static func squareFile(roundness: Double) -> Data {
    Data(
      #"""
      {"fr":10,"ip":0,"op":10,"w":60,"h":60,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,
       "ks":{"a":{"k":[0,0]}},
       "shapes":[{"ty":"sr","sy":2,"d":1,"p":{"k":[30,30]},"pt":{"k":4},"r":{"k":45},
                  "or":{"k":28.284271247},"os":{"k":\#(roundness)}},
                 {"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}]}]}
      """#.utf8)
  }

  @Test func roundedPolygonBowsItsSidesByTheQuarterRule() throws {
    let sharp = LottieSnapshot.render(
      try LottieAnimation(data: Self.squareFile(roundness: 0)), progress: 0, pixelSize: (60, 60))
    #expect(sharp.pixel(x: 30, y: 7).a == 0)
    #expect(sharp.pixel(x: 30, y: 11).a == 255)
    #expect(sharp.pixel(x: 11, y: 11).a == 255)
    let round = LottieSnapshot.render(
      try LottieAnimation(data: Self.squareFile(roundness: 100)), progress: 0, pixelSize: (60, 60))
    // Rows 7 and 8 lie inside the bow (top at 6.25), row 5 outside it; the corner stays.
    #expect(round.pixel(x: 30, y: 7).a == 255)
    #expect(round.pixel(x: 30, y: 5).a == 0)
    #expect(round.pixel(x: 52, y: 30).a == 255)
    #expect(round.pixel(x: 55, y: 30).a == 0)
    #expect(round.pixel(x: 11, y: 11).a == 255)
  }
}
