import Foundation
import Testing

@testable import LayerGraphics

/// The shapes the seed articles draw, built with LayerKit's CGPath.
enum SeedShapes {
  /// Seed 000: three ellipses across a rectangle, joined with `union`.
  static func cloud(in rect: CGRect) -> (parts: [CGPath], union: CGPath) {
    let inset = rect.width / 2
    let left = CGPath(
      ellipseIn: CGRect(x: rect.minX, y: rect.minY, width: rect.width - inset, height: rect.height),
      transform: nil)
    let center = CGPath(
      ellipseIn: CGRect(
        x: rect.minX + inset / 2, y: rect.minY, width: rect.width - inset, height: rect.height),
      transform: nil)
    let right = CGPath(
      ellipseIn: CGRect(
        x: rect.minX + inset, y: rect.minY, width: rect.width - inset, height: rect.height),
      transform: nil)
    return ([left, center, right], left.union(center).union(right))
  }

  /// Seed 000: MapOnboardingBubbleShape — a rounded rectangle with an arrow below it.
  static func mapBubble(in rect: CGRect, arrowOffsetFraction: CGFloat = 0.5) -> (
    parts: [CGPath], union: CGPath
  ) {
    let cornerRadius: CGFloat = 12
    let arrowRectSize: CGFloat = 20
    let arcLength: CGFloat = 12
    let baseX =
      (rect.maxX - cornerRadius - cornerRadius - arrowRectSize) * arrowOffsetFraction + cornerRadius
    let roundedRect = CGPath(
      roundedRect: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius, transform: nil)
    let arrow = CGMutablePath()
    arrow.move(to: CGPoint(x: baseX, y: rect.maxY))
    arrow.addLine(
      to: CGPoint(x: baseX + arrowRectSize - arcLength, y: rect.maxY + arrowRectSize - arcLength))
    arrow.addQuadCurve(
      to: CGPoint(x: baseX + arrowRectSize, y: rect.maxY + arrowRectSize - arcLength),
      control: CGPoint(x: baseX + arrowRectSize, y: rect.maxY + arrowRectSize))
    arrow.addLine(to: CGPoint(x: baseX + arrowRectSize, y: rect.maxY))
    arrow.closeSubpath()
    return ([roundedRect, arrow], roundedRect.union(arrow))
  }

  /// Seed 001: the message-style ChatBubble drawn with lines and cubics.
  static func chatBubble(
    width: CGFloat, height: CGFloat, radius: CGFloat = 30, arrowWidth: CGFloat = 20,
    arrowHeight: CGFloat = 40
  ) -> CGMutablePath {
    let left = arrowWidth
    let right = width
    let top: CGFloat = 0
    let bottom = height
    let path = CGMutablePath()
    path.move(to: CGPoint(x: left, y: top + radius))
    path.addCurve(
      to: CGPoint(x: left + radius, y: top), control1: CGPoint(x: left, y: top),
      control2: CGPoint(x: left, y: top))
    path.addLine(to: CGPoint(x: right - radius, y: top))
    path.addCurve(
      to: CGPoint(x: right, y: top + radius), control1: CGPoint(x: right, y: top),
      control2: CGPoint(x: right, y: top))
    path.addLine(to: CGPoint(x: right, y: bottom - radius))
    path.addCurve(
      to: CGPoint(x: right - radius, y: bottom), control1: CGPoint(x: right, y: bottom),
      control2: CGPoint(x: right, y: bottom))
    path.addLine(to: CGPoint(x: left + radius, y: bottom))
    path.addCurve(
      to: CGPoint(
        x: left + radius - radius / 2.0.squareRoot(), y: bottom - radius + radius / 2.0.squareRoot()
      ),
      control1: CGPoint(x: left + radius * 0.9, y: bottom),
      control2: CGPoint(x: left + radius * 0.2, y: bottom))
    path.addCurve(
      to: CGPoint(x: 0, y: bottom), control1: CGPoint(x: left + radius * 0.15, y: bottom),
      control2: CGPoint(x: left, y: bottom))
    path.addCurve(
      to: CGPoint(x: left, y: bottom - arrowHeight),
      control1: CGPoint(x: left, y: bottom - radius * 0.1),
      control2: CGPoint(x: left, y: bottom - arrowHeight + radius * 0.8))
    path.closeSubpath()
    return path
  }

  /// Seed 003: the white and purple title background quadrilaterals.
  static let whitePath: CGPath = {
    let p = CGMutablePath()
    p.move(to: CGPoint(x: 247, y: 15.79))
    p.addLine(to: CGPoint(x: 8.72, y: 21))
    p.addLine(to: CGPoint(x: 2, y: -2.08))
    p.addLine(to: CGPoint(x: 245.12, y: -3))
    p.closeSubpath()
    return p
  }()

  static let purplePath: CGPath = {
    let p = CGMutablePath()
    p.move(to: CGPoint(x: 245, y: 18.79))
    p.addLine(to: CGPoint(x: 6.72, y: 24))
    p.addLine(to: CGPoint(x: 0, y: 0.92))
    p.addLine(to: CGPoint(x: 243.12, y: 0))
    p.closeSubpath()
    return p
  }()
}

@Suite struct SeedShapeTests {
  /// Whether `p` is at least `margin` away from every part's outline (so inside/outside
  /// is unambiguous): its classification agrees at eight points around it.
  private func awayFromEdges(_ p: CGPoint, _ parts: [CGPath], margin: CGFloat) -> Bool {
    for part in parts {
      let here = part.contains(p)
      for (dx, dy) in [
        (1.0, 0.0), (-1, 0), (0, 1), (0, -1), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7), (-0.7, -0.7),
      ]
      where part.contains(CGPoint(x: p.x + margin * dx, y: p.y + margin * dy)) != here {
        return false
      }
    }
    return true
  }

  @Test func bannerIsATriangleWithinItsRect() {
    let rect = CGRect(x: 0, y: 0, width: 200, height: 150)
    let p = CGMutablePath()
    p.move(to: CGPoint(x: rect.minX, y: rect.maxY))
    p.addLine(to: CGPoint(x: rect.minX, y: rect.minY))
    p.addLine(to: CGPoint(x: rect.maxX, y: rect.midY))
    p.closeSubpath()
    #expect(p.boundingBoxOfPath == rect)
    #expect(p.contains(CGPoint(x: 50, y: 75)))
    #expect(!p.contains(CGPoint(x: 190, y: 10)))
    #expect(abs(p.length - (150 + 2 * hypot(200, 75))) < 1e-9)
  }

  @Test func cloudUnionIsOneSeamlessOutline() {
    let rect = CGRect(x: 0, y: 0, width: 200, height: 150)
    let (parts, cloud) = SeedShapes.cloud(in: rect)
    #expect(cloud.storage.subpaths.count == 1)
    #expect(cloud.storage.subpaths[0].isClosed)
    #expect(close(cloud.boundingBoxOfPath, rect, 1e-6))
    // No outline vertex lies inside any of the ellipses: nothing is left of inner seams.
    for p in cloud.elementEndPoints {
      for part in parts {
        #expect(!part.contains(p) || !awayFromEdges(p, [part], margin: 0.01))
      }
    }
    // Containment agrees with "in any ellipse" on a grid, away from the outlines.
    var checked = 0
    for i in 0..<40 {
      for j in 0..<30 {
        let p = CGPoint(x: 2.5 + CGFloat(i) * 5, y: 2.5 + CGFloat(j) * 5)
        guard awayFromEdges(p, parts, margin: 0.05) else { continue }
        checked += 1
        #expect(cloud.contains(p) == parts.contains { $0.contains(p) })
      }
    }
    #expect(checked > 1000)
  }

  @Test func cloudOutlineIsShorterThanTheThreeEllipses() {
    let (parts, cloud) = SeedShapes.cloud(in: CGRect(x: 0, y: 0, width: 200, height: 100))
    let sum = parts.reduce(0) { $0 + $1.length }
    #expect(cloud.length < sum * 0.75)
    #expect(cloud.length > parts[0].length)
  }

  @Test(arguments: [0.0, 0.5, 1.0])
  func mapBubbleUnionIsOneOutlineWithItsArrow(fraction: Double) {
    let rect = CGRect(x: 0, y: 0, width: 150, height: 100)
    let (parts, bubble) = SeedShapes.mapBubble(in: rect, arrowOffsetFraction: CGFloat(fraction))
    #expect(bubble.storage.subpaths.count == 1)
    let box = bubble.boundingBoxOfPath
    #expect(abs(box.minY) < 1e-9 && abs(box.minX) < 1e-9 && abs(box.maxX - 150) < 1e-9)
    #expect(box.maxY > 100 + 20 - 12 && box.maxY < 120)
    // The old bottom edge under the arrow is gone: the point just above and below it
    // are both inside.
    let baseX = (rect.maxX - 12 - 12 - 20) * CGFloat(fraction) + 12
    #expect(bubble.contains(CGPoint(x: baseX + 15, y: 99.5)))
    #expect(bubble.contains(CGPoint(x: baseX + 15, y: 100.5)))
    for p in bubble.elementEndPoints {
      #expect(!(p.y > 100.001 && p.y < 99.999))
      #expect(!(p.y == 100 && p.x > baseX + 0.001 && p.x < baseX + 19.999))
    }
    #expect(
      abs(signedArea(bubble) - (abs(signedArea(parts[0])) + abs(signedArea(parts[1])))) < 1e-6)
  }

  @Test func chatBubbleFromSeed001BuildsWithItsTail() {
    let p = SeedShapes.chatBubble(width: 300, height: 100)
    #expect(close(p.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 300, height: 100), 1e-9))
    #expect(p.contains(CGPoint(x: 150, y: 50)))
    #expect(p.contains(CGPoint(x: 10, y: 98)))  // inside the tail
    #expect(!p.contains(CGPoint(x: 5, y: 50)))  // left of the tail, above it
    #expect(p.normalized().storage.subpaths.count == 1)
    // Trimming for a draw-on animation keeps the start fixed.
    #expect(p.trimmed(from: 0, to: 0.5).elementEndPoints.first == CGPoint(x: 20, y: 30))
  }

  @Test func titleBackgroundsScaleToTheirRect() {
    // Seed 003: scale each path by rect size / path bounding size.
    let rect = CGRect(x: 0, y: 0, width: 320, height: 40)
    for path in [SeedShapes.whitePath, SeedShapes.purplePath] {
      let box = path.boundingBoxOfPath
      var t = CGAffineTransform(scaleX: rect.width / box.width, y: rect.height / box.height)
      let scaled = path.copy(using: &t)!
      #expect(abs(scaled.boundingBoxOfPath.width - rect.width) < 1e-9)
      #expect(abs(scaled.boundingBoxOfPath.height - rect.height) < 1e-9)
      #expect(
        scaled.contains(
          CGPoint(x: box.midX * rect.width / box.width, y: box.midY * rect.height / box.height)))
    }
    #expect(SeedShapes.whitePath.boundingBoxOfPath == CGRect(x: 2, y: -3, width: 245, height: 24))
    // The two overlap almost entirely; their union is one quadrilateral-ish outline.
    let both = SeedShapes.whitePath.union(SeedShapes.purplePath)
    #expect(both.storage.subpaths.count == 1)
    #expect(signedArea(both) > abs(signedArea(SeedShapes.whitePath)))
  }

  @Test func seedIconBooleanWithItsHead() throws {
    // Seed 002's icon: a head circle and a body path; subtracting the head from a tile.
    let body = try CGPath(svgPath: seedIconPathData)
    let head = CGPath(ellipseIn: CGRect(x: 24, y: 4, width: 16, height: 16), transform: nil)
    let icon = body.union(head)
    #expect(icon.storage.subpaths.count == 2)
    let tile = CGPath(rect: CGRect(x: 0, y: 0, width: 64, height: 64), transform: nil)
    let cutout = tile.subtracting(icon)
    #expect(!cutout.contains(CGPoint(x: 32, y: 12)))
    #expect(cutout.contains(CGPoint(x: 2, y: 2)))
    #expect(abs(abs(signedArea(cutout)) - (4096 - abs(signedArea(icon)))) < 1e-6)
  }
}
