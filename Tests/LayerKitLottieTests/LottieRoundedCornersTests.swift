import Foundation
import LayerKit
import Testing

@testable import LayerKitLottie

/// Rounded corners (`rd`) on free paths.
@Suite struct LottieRoundedCornersTests {
  static func square(closed: Bool) -> BezierShape {
    BezierShape(
      vertices: [
        CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 10),
      ], inTangents: Array(repeating: .zero, count: 4),
      outTangents: Array(repeating: .zero, count: 4), closed: closed)
  }

  @Test func closedPathSplitsEveryCornerStartingAtTheSecondVertex() {
    let r = Self.square(closed: true).roundingCorners(radius: 2)
    #expect(r.vertices.count == 8 && r.closed)
    // The corner (10, 0): one vertex 2 pt back toward (0, 0), one toward (10, 10).
    #expect(r.vertices[0] == CGPoint(x: 8, y: 0))
    #expect(r.vertices[1] == CGPoint(x: 10, y: 2))
    #expect(abs(r.outTangents[0].x - 2 * 0.5519) < 1e-12 && r.outTangents[0].y == 0)
    #expect(r.inTangents[1].x == 0 && abs(r.inTangents[1].y + 2 * 0.5519) < 1e-12)
    #expect(r.inTangents[0] == .zero && r.outTangents[1] == .zero)
  }

  @Test func openPathKeepsItsEndsAndRadiusIsCappedAtHalfAnEdge() {
    let r = Self.square(closed: false).roundingCorners(radius: 50)
    #expect(r.vertices.count == 6)
    #expect(r.vertices.first == CGPoint(x: 0, y: 0) && r.vertices.last == CGPoint(x: 0, y: 10))
    #expect(r.vertices[1] == CGPoint(x: 5, y: 0) && r.vertices[2] == CGPoint(x: 10, y: 5))
  }

  @Test func curvedVerticesAndZeroRadiusStay() {
    var s = Self.square(closed: true)
    #expect(s.roundingCorners(radius: 0).vertices == s.vertices)
    s.inTangents = Array(repeating: CGPoint(x: 1, y: 0), count: 4)
    #expect(s.roundingCorners(radius: 3).vertices == s.vertices)
  }

  @Test func roundedCornersItemRoundsAFreePath() throws {
    let json = #"""
      {"fr":10,"ip":0,"op":10,"w":40,"h":40,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,
       "ks":{"a":{"k":[0,0]}},
       "shapes":[{"ty":"sh","ks":{"k":{"v":[[0,0],[40,0],[40,40],[0,40]],
                  "i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"c":true}}},
                 {"ty":"rd","r":{"k":12}},
                 {"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}]}]}
      """#
    let a = try LottieAnimation(data: Data(json.utf8))
    let image = LottieSnapshot.render(a, progress: 0, pixelSize: (40, 40))
    #expect(image.pixel(x: 0, y: 0).a == 0)
    #expect(image.pixel(x: 39, y: 39).a == 0)
    #expect(image.pixel(x: 20, y: 20).a == 255)
    #expect(image.pixel(x: 20, y: 0).a == 255)
  }
}
