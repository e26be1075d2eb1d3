import Foundation
import Testing

@testable import LayerGraphics

/// Seed 002's person icon, as SVGO wrote it (flags without separators).
let seedIconPathData =
  "M52.7 50.941l-7.913-4.396-3.335-8.34-.642-8.994 3.257.723 1.517 6.826a3.504 3.504 0 004.176 2.658 3.5 3.5 0 002.658-4.176l-2-9a3.5 3.5 0 00-2.658-2.658l-9-2a3.416 3.416 0 00-1.276-.037c-.16-.022-.319-.047-.484-.047h-8c-.163 0-.32.031-.479.055a3.48 3.48 0 00-3.254 1.26l-7.163 8.953-4.679.781a3.501 3.501 0 001.15 6.904l6-1a3.513 3.513 0 002.158-1.266l4.18-5.225 1.346 6.279-6.126 8.752A3.503 3.503 0 0021.5 49v9a3.5 3.5 0 107 0v-7.896l5.322-7.604h1.808l3.12 7.801a3.51 3.51 0 001.55 1.76l9 5a3.5 3.5 0 004.759-1.36 3.5 3.5 0 00-1.359-4.76z"

@Suite struct SVGPathParserTests {
  /// (path data, expected element end points).
  @Test(arguments: [
    ("", [CGPoint]()),
    ("  \n\t ", []),
    ("M10 20", [CGPoint(x: 10, y: 20)]),
    ("M 10,20 L 30 40", [CGPoint(x: 10, y: 20), CGPoint(x: 30, y: 40)]),
    ("M0 0 10 10 20 0", [.zero, CGPoint(x: 10, y: 10), CGPoint(x: 20, y: 0)]),
    ("m10 10 5 5", [CGPoint(x: 10, y: 10), CGPoint(x: 15, y: 15)]),
    ("M1.5.5", [CGPoint(x: 1.5, y: 0.5)]),
    ("M-.3.5e1", [CGPoint(x: -0.3, y: 5)]),
    ("M1e-3-2E+1", [CGPoint(x: 0.001, y: -20)]),
    ("M5.,+6", [CGPoint(x: 5, y: 6)]),
    (
      "M0 0H10V10h-5v-5Z",
      [
        .zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 5, y: 10),
        CGPoint(x: 5, y: 5), .zero,
      ]
    ),
    (
      "M1 1 L2 2 Z l1 0",
      [
        CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2), CGPoint(x: 1, y: 1), CGPoint(x: 1, y: 1),
        CGPoint(x: 2, y: 1),
      ]
    ),
    ("M0 0 Q5 5 10 0 T20 0", [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 20, y: 0)]),
    ("M0 0 C0 5 10 5 10 0 S20 -5 20 0", [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 20, y: 0)]),
    ("M0 0a5 5 0 0 0 10 0", [.zero, CGPoint(x: 5, y: 5), CGPoint(x: 10, y: 0)]),
    ("M0 0A0 5 0 0 0 10 0", [.zero, CGPoint(x: 10, y: 0)]),
    ("M0 0A5 5 0 0 0 0 0", [.zero]),
  ])
  func parsesValidData(_ data: String, _ ends: [CGPoint]) throws {
    let p = try CGPath(svgPath: data)
    let got = p.elementEndPoints
    #expect(got.count == ends.count)
    for (a, b) in zip(got, ends) { #expect(close(a, b, 1e-12)) }
  }

  /// (path data, error kind, UTF-8 offset).
  @Test(arguments: [
    ("L10 10", SVGPathError.Kind.expectedMoveTo, 0),
    ("hello", .expectedMoveTo, 0),
    ("  #", .expectedCommand, 2),
    ("M", .unexpectedEnd, 1),
    ("M10", .unexpectedEnd, 3),
    ("M10,", .unexpectedEnd, 4),
    ("M10 20 L", .unexpectedEnd, 8),
    ("M1 2 3", .unexpectedEnd, 6),
    ("M0 0 C1 1 2 2", .unexpectedEnd, 13),
    ("M0 0 a1 1 0", .unexpectedEnd, 11),
    ("M10 20 #", .expectedCommand, 7),
    ("M0 0 a1 1 0 2 0 1 1", .invalidFlag, 12),
    ("M0 0a1 1 0 2 0 1 1", .invalidFlag, 11),
    ("M0 0a1 1 0 0-1 1 1", .invalidFlag, 12),
    ("M NaN 0", .expectedNumber, 2),
    ("M1e999 0", .numberOutOfRange, 1),
    ("M0 0 L1e999,0", .numberOutOfRange, 6),
    ("M1e308 0 l1e308 0", .numberOutOfRange, 10),
    ("M1e 0", .expectedNumber, 3),
    ("M0 0 Z 5", .expectedCommand, 7),
    ("M0 0 L 1 2,", .unexpectedEnd, 11),
    ("M0 0,L1 1", .expectedNumber, 5),
    ("M- 1 2", .expectedNumber, 2),
    ("M,0 0", .expectedNumber, 1),
    ("M0 0 L1 1 日", .expectedCommand, 10),
    ("M0 0 L1 1 日本", .expectedCommand, 10),
    ("M0 0 x", .expectedCommand, 5),
  ])
  func rejectsMalformedDataWithExactOffsets(
    _ data: String, _ kind: SVGPathError.Kind, _ offset: Int
  ) {
    do {
      _ = try CGPath(svgPath: data)
      Issue.record("parsed \(data) without error")
    } catch let error as SVGPathError {
      #expect(error.kind == kind)
      #expect(error.offset == offset)
      #expect(error.message.contains("\(offset)"))
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test func compactArcFlagsNeedNoSeparators() throws {
    // Seed 002: `a3.504 3.504 0 004.176 2.658` is flags 0 and 0, then x 4.176, y 2.658.
    let compact = try CGPath(svgPath: "M0 0a3.504 3.504 0 004.176 2.658")
    let spaced = try CGPath(svgPath: "M0 0a3.504 3.504 0 0 0 4.176 2.658")
    #expect(compact == spaced)
    #expect(close(compact.currentPoint, CGPoint(x: 4.176, y: 2.658), 1e-12))
    #expect(try CGPath(svgPath: "M0 0a1 1 0 112 0") == CGPath(svgPath: "M0 0a1 1 0 1 1 2 0"))
  }

  @Test func arcsAreExactCircles() throws {
    // A half circle of radius 5 from (0,0) to (10,0) with sweep 1 (towards +y first).
    let p = try CGPath(svgPath: "M0 0A5 5 0 0 1 10 0")
    let measure = PathMeasure(p.storage)
    for k in 1..<20 {
      let q = measure.pointAndTangent(atLength: measure.totalLength * CGFloat(k) / 20)!.point
      #expect(abs(q.distance(to: CGPoint(x: 5, y: 0)) - 5) < 5 * 3e-4)
      #expect(q.y <= 1e-9)
    }
    // Sweep 0 goes the other way round.
    let q = try CGPath(svgPath: "M0 0A5 5 0 0 0 10 0")
    #expect(q.boundingBoxOfPath.maxY > 4.99)
  }

  @Test func tooSmallRadiiAreScaledUp() throws {
    let p = try CGPath(svgPath: "M0 0A1 1 0 0 1 10 0")
    #expect(close(p.boundingBoxOfPath, CGRect(x: 0, y: -5, width: 10, height: 5), 1e-3))
  }

  @Test func rotatedEllipticalArcEndsExactly() throws {
    let p = try CGPath(svgPath: "M10 10 A20 10 30 1 0 40 25")
    #expect(p.currentPoint == CGPoint(x: 40, y: 25))
  }

  @Test func seedIconParsesIntoOneClosedOutline() throws {
    let p = try CGPath(svgPath: seedIconPathData)
    let subs = p.storage.subpaths
    #expect(subs.count == 1)
    #expect(subs[0].isClosed)
    #expect(p.elementEndPoints.first == CGPoint(x: 52.7, y: 50.941))
    let box = p.boundingBoxOfPath
    #expect(box.minX > 8 && box.maxX < 60 && box.minY > 20 && box.maxY < 64)
    #expect(p.contains(CGPoint(x: 32, y: 35)))  // the torso
    #expect(!p.contains(CGPoint(x: 32, y: 12)))  // the head is a separate circle
  }

  @Test func serializationRoundTripsTheSeedIcon() throws {
    let p = try CGPath(svgPath: seedIconPathData)
    let data = p.svgPathData
    #expect(data.hasPrefix("M52.7 50.941 L"))
    #expect(try CGPath(svgPath: data) == p)
  }

  @Test(arguments: [UInt64(21), 22, 23, 24, 25, 26, 27, 28])
  func serializationRoundTripsRandomPaths(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    let p = randomPath(&rng, elements: 12)
    p.addArc(
      center: CGPoint(x: 1e-7, y: -3e12), radius: 0.1, startAngle: 0.3, endAngle: 2, clockwise: true
    )
    #expect(try CGPath(svgPath: p.svgPathData) == p)
  }

  @Test func numbersAreWrittenShortest() {
    #expect(CGPath.svgNumber(1) == "1")
    #expect(CGPath.svgNumber(-0.5) == "-0.5")
    #expect(CGPath.svgNumber(0.1) == "0.1")
    #expect(CGPath.svgNumber(-0.0) == "0")
    #expect(CGPath.svgNumber(1e21) == "1e+21")
    let p = CGMutablePath()
    p.move(to: CGPoint(x: 1, y: 2))
    p.addQuadCurve(to: CGPoint(x: 5, y: 6), control: CGPoint(x: 3, y: 4))
    p.closeSubpath()
    #expect(p.svgPathData == "M1 2 Q3 4 5 6 Z")
    #expect(CGPath().svgPathData == "")
  }
}
