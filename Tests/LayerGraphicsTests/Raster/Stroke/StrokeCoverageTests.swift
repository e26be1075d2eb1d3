import Foundation
import LayerGraphics
import Testing

/// Counts what a stroker or flattener emits.
private struct CountingSink: PathFlatteningSink {
  var moves = 0
  var lines = 0
  mutating func moveTo(_ p: CGPoint) { moves += 1 }
  mutating func lineTo(_ p: CGPoint) { lines += 1 }
  mutating func close() {}
}

/// Stroke areas against geometry, and the size of the outlines the stroker emits.
@Suite struct StrokeCoverageTests {
  /// A ring of width `w` around a circle of radius `r` covers `2π·r·w` pixels.
  @Test(arguments: [
    (radius: CGFloat(20), width: CGFloat(3), tolerance: 0.005),
    (radius: 8, width: 1, tolerance: 0.005),
    (radius: 25, width: 9, tolerance: 0.005),
  ])
  func strokedCircleCoversItsRing(radius: CGFloat, width: CGFloat, tolerance: Double) {
    let img = render(64, 64, background: nil) { ctx in
      ctx.setLineWidth(width)
      ctx.strokeEllipse(
        in: CGRect(x: 32.3 - radius, y: 31.6 - radius, width: 2 * radius, height: 2 * radius))
    }
    let expected = 2 * Double.pi * Double(radius) * Double(width)
    #expect(abs(coveredArea(img) - expected) <= tolerance * expected)
  }

  /// A circle narrower than the pen: the inner offset folds over the centre, and the
  /// stroke is the disc of radius `r + w/2` with no hole. Its rim is made of chords and
  /// arcs within the stroke tolerance (0.1 px) inside the circle of radius 8, so the area
  /// may fall short by up to ⅔ · 0.1 · 2π · 8 ≈ 3.4 px² (1.7 %).
  @Test func strokeWiderThanItsCircleFillsTheDisc() {
    let img = render(32, 32, background: nil) { ctx in
      ctx.setLineWidth(12)
      ctx.strokeEllipse(in: CGRect(x: 14, y: 14, width: 4, height: 4))
    }
    let expected = Double.pi * 8 * 8
    #expect(abs(coveredArea(img) - expected) <= 0.02 * expected)
    #expect(img.pixel(x: 16, y: 16).a == 255)
  }

  /// A rounded rectangle's border: lines and quarter circles meet without turning, so
  /// the border's area is its length times its width.
  @Test func roundedRectBorderCoversItsLengthTimesWidth() {
    let rect = CGRect(x: 6.5, y: 8.5, width: 50, height: 40)
    let img = render(64, 64, background: nil) { ctx in
      ctx.setLineWidth(1)
      ctx.addPath(CGPath(roundedRect: rect, cornerWidth: 8, cornerHeight: 8, transform: nil))
      ctx.strokePath()
    }
    let length = 2 * (50 - 16) + 2 * (40 - 16) + 2 * Double.pi * 8
    #expect(abs(coveredArea(img) - length) <= 0.005 * length)
  }

  /// Inside a flattened curve each side of the outline is one point per vertex, so a
  /// closed curve's outline has about twice as many points as its flattened polyline.
  @Test func curveOutlineHasTwoPointsPerFlattenedVertex() {
    let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
    var flat = CountingSink()
    var stroker = PathStroker()
    stroker.lineWidth = 3
    stroker.tolerance = 0.1
    var outline = CountingSink()
    stroker.stroke(circle.storage, into: &outline)
    PathFlattener.flatten(circle.storage, tolerance: 0.1, into: &flat)
    #expect(outline.moves == 2)
    #expect(outline.moves + outline.lines <= 2 * (flat.moves + flat.lines) + 2)
  }

  /// Real corners keep their joins: a square's outline has its four miters outside and
  /// its four inner corners through the vertices.
  @Test func pathCornersKeepTheirJoins() {
    let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
    var stroker = PathStroker()
    stroker.lineWidth = 2
    var outline = CountingSink()
    stroker.stroke(square.storage, into: &outline)
    // Outer ring: 4 × (offset end, miter point, next offset start); inner ring: 4 × (offset
    // end, vertex, next offset start). Each ring starts with a move.
    #expect(outline.moves == 2)
    #expect(outline.lines == 2 * (4 * 3 - 1))
  }
}
