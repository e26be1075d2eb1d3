import Foundation
import LayerGraphics
import Testing

/// The edge shapes the rasterizer deposits without its general row loop (edges inside one
/// row) and the stroker's outline, which continues each join from where the previous
/// offset segment ended.
@Suite struct EdgeFastPathTests {
  /// Triangles lying inside one pixel row (every edge is a single piece) cover their
  /// geometric area, with both windings.
  @Test(arguments: [
    (a: CGPoint(x: 2.2, y: 5.1), b: CGPoint(x: 9.7, y: 5.4), c: CGPoint(x: 4.3, y: 5.9)),
    (a: CGPoint(x: 4.3, y: 7.9), b: CGPoint(x: 9.7, y: 7.4), c: CGPoint(x: 2.2, y: 7.1)),
    (a: CGPoint(x: 20.5, y: 3.0), b: CGPoint(x: 21.0, y: 4.0), c: CGPoint(x: 20.0, y: 4.0)),
  ])
  func trianglesInsideOneRowCoverTheirArea(a: CGPoint, b: CGPoint, c: CGPoint) {
    let img = render(32, 16, background: nil) { ctx in
      ctx.move(to: a)
      ctx.addLine(to: b)
      ctx.addLine(to: c)
      ctx.closePath()
      ctx.fillPath()
    }
    let area = abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2
    // Each touched pixel rounds its coverage to 1/255.
    #expect(abs(coveredArea(img) - area) < 0.03)
  }

  /// A stroked polyline's outline has no zero-length segments: every join starts where
  /// the previous offset segment ended instead of drawing a line to that same point.
  @Test(arguments: [CGLineJoin.miter, .round, .bevel])
  func strokeOutlineHasNoZeroLengthSegments(join: CGLineJoin) {
    let p = CGMutablePath()
    p.move(to: CGPoint(x: 10, y: 10))
    p.addLine(to: CGPoint(x: 50, y: 10))
    p.addLine(to: CGPoint(x: 50, y: 40))
    p.addCurve(
      to: CGPoint(x: 10, y: 40), control1: CGPoint(x: 40, y: 60), control2: CGPoint(x: 20, y: 20))
    p.closeSubpath()
    let outline = p.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: join, miterLimit: 10)
    var current = CGPoint.zero
    var lines = 0
    var zeroLength = 0
    for element in outline.elements {
      switch element {
      case .moveTo(let q): current = q
      case .lineTo(let q):
        lines += 1
        if q == current { zeroLength += 1 }
        current = q
      default: break
      }
    }
    #expect(lines > 20)
    #expect(zeroLength == 0)
  }
}
