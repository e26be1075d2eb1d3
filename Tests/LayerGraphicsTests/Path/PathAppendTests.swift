import Foundation
import Testing

@testable import LayerGraphics

/// `addPath` and the bulk append behind it: the current path ends up with exactly the
/// elements and points an element-by-element append gives, whether the `CGPath`'s arrays
/// are copied in bulk, shared, or repaired one element at a time.
@Suite struct PathAppendTests {
  /// A closed rounded corner followed by an open polyline: lines, a quad, a cubic, two
  /// subpaths.
  static func sample() -> PathStorage {
    var s = PathStorage()
    s.move(to: CGPoint(x: 3, y: 4))
    s.line(to: CGPoint(x: 20, y: 4))
    s.curve(
      to: CGPoint(x: 24, y: 8), control1: CGPoint(x: 22.2, y: 4), control2: CGPoint(x: 24, y: 5.8))
    s.quad(to: CGPoint(x: 3, y: 12), control: CGPoint(x: 10, y: 20))
    s.close()
    s.move(to: CGPoint(x: 30, y: 1))
    s.line(to: CGPoint(x: 31.5, y: 9.25))
    return s
  }

  /// Storages that need repair when appended: no leading move, a segment after a close,
  /// a doubled close, a leading close.
  static func unrepaired() -> [PathStorage] {
    func raw(_ verbs: [CGPathElementType], _ points: [CGPoint]) -> PathStorage {
      var s = PathStorage()
      s.verbs = verbs
      s.points = points
      return s
    }
    let a = CGPoint(x: 1, y: 2)
    let b = CGPoint(x: 7, y: 3)
    let c = CGPoint(x: 5, y: 9)
    return [
      raw([.addLineToPoint, .addLineToPoint, .closeSubpath], [a, b]),
      raw([.moveToPoint, .addLineToPoint, .closeSubpath, .addLineToPoint], [a, b, c]),
      raw([.moveToPoint, .addLineToPoint, .closeSubpath, .closeSubpath], [a, b]),
      raw([.closeSubpath, .moveToPoint, .addQuadCurveToPoint], [a, b, c]),
    ]
  }

  static let transforms: [CGAffineTransform] = [
    .identity,
    CGAffineTransform(translationX: 0.5, y: -3),
    CGAffineTransform(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 11, ty: 2.25),
  ]

  /// Every field the element-by-element append sets, compared exactly.
  static func same(_ a: PathStorage, _ b: PathStorage) -> Bool {
    a.verbs == b.verbs && a.points.map(\.x.bitPattern) == b.points.map(\.x.bitPattern)
      && a.points.map(\.y.bitPattern) == b.points.map(\.y.bitPattern)
      && a.subpathStart == b.subpathStart && a.hasCurrentPoint == b.hasCurrentPoint
  }

  @Test(arguments: transforms)
  func bulkAppendMatchesElementByElementAppend(t: CGAffineTransform) {
    let sources = [Self.sample()] + Self.unrepaired()
    var prefixes = [PathStorage()]
    var open = PathStorage()
    open.move(to: CGPoint(x: -2, y: -2))
    open.line(to: CGPoint(x: 6, y: 0))
    var closed = open
    closed.close()
    prefixes += [open, closed]
    for prefix in prefixes {
      for source in sources {
        var expected = prefix
        expected.append(source, t)
        var actual = prefix
        actual.appendPath(source, t)
        #expect(Self.same(actual, expected))
      }
    }
  }

  @Test func onlyPathsThatNeedNoRepairAreVerbatim() {
    #expect(Self.sample().verbatimLastMoveIndex == 7)
    #expect(PathStorage().verbatimLastMoveIndex == nil)
    for s in Self.unrepaired() { #expect(s.verbatimLastMoveIndex == nil) }
  }

  @Test(arguments: [
    (CGPoint(x: 1, y: 2), true), (CGPoint(x: 0, y: 0), true), (CGPoint(x: -0.0, y: 3), false),
    (CGPoint(x: 4, y: -0.0), false), (CGPoint(x: CGFloat.infinity, y: 3), false),
    (CGPoint(x: 1, y: CGFloat.nan), false),
    (CGPoint(x: -CGFloat.greatestFiniteMagnitude, y: CGFloat.leastNonzeroMagnitude), true),
  ])
  func identityFixedPointsAreFiniteWithoutMinusZero(point: CGPoint, fixed: Bool) {
    var s = Self.sample()
    s.points[3] = point
    #expect(s.pointsAreIdentityFixed == fixed)
    // The property's promise: the identity maps such points to themselves, bit for bit.
    if fixed {
      let q = point.applying(.identity)
      #expect(q.x.bitPattern == point.x.bitPattern && q.y.bitPattern == point.y.bitPattern)
    }
  }

  /// A context's current path after `addPath` holds what an element-by-element append to
  /// an empty path holds, whatever the CTM, including a path whose points the identity
  /// changes (−0 becomes +0).
  @Test(arguments: transforms)
  func addPathGivesTheAppendedElements(t: CGAffineTransform) throws {
    var minusZero = Self.sample()
    minusZero.points[1] = CGPoint(x: -0.0, y: 4)
    for source in [Self.sample(), minusZero] + Self.unrepaired() {
      let ctx = try #require(CGContext(width: 8, height: 8))
      ctx.concatenate(t)
      ctx.addPath(CGPath(storage: source))
      var expected = PathStorage()
      expected.append(source, t)
      #expect(Self.same(ctx.currentPath, expected))
    }
  }

  /// Changing the current path after `addPath` (which may share the `CGPath`'s arrays)
  /// changes only the context's path, and drawing leaves the `CGPath` as it was.
  @Test func editingAfterAddPathLeavesTheSourceAlone() throws {
    let source = CGMutablePath()
    source.move(to: CGPoint(x: 2, y: 2))
    source.addLine(to: CGPoint(x: 12, y: 2))
    source.addLine(to: CGPoint(x: 12, y: 9))
    let before = source.storage
    let ctx = try #require(CGContext(width: 16, height: 16))
    ctx.addPath(source)
    ctx.addLine(to: CGPoint(x: 2, y: 9))
    ctx.closePath()
    ctx.addPath(source)
    #expect(source.storage == before)
    var expected = before
    expected.line(to: CGPoint(x: 2, y: 9))
    expected.close()
    expected.append(before, .identity)
    #expect(Self.same(ctx.currentPath, expected))
    ctx.fillPath()
    #expect(ctx.isPathEmpty)
    ctx.addPath(source)
    ctx.strokePath()
    #expect(source.storage == before)
    #expect(ctx.isPathEmpty)
    // The context's own arrays come back after a shared path is drawn.
    ctx.move(to: CGPoint(x: 1, y: 1))
    #expect(ctx.currentPath.verbs == [.moveToPoint])
  }

  /// A path drawn, then extended and added again, is checked again: the context
  /// recognises only the very arrays it drew last.
  @Test func aPathChangedAfterDrawingIsAddedAsItIsNow() throws {
    let source = CGMutablePath()
    source.move(to: CGPoint(x: 2, y: 2))
    source.addLine(to: CGPoint(x: 12, y: 2))
    source.addLine(to: CGPoint(x: 12, y: 9))
    let ctx = try #require(CGContext(width: 16, height: 16))
    ctx.addPath(source)
    ctx.fillPath()
    ctx.addPath(source)
    #expect(ctx.currentPath.subpathStart == CGPoint(x: 2, y: 2))
    ctx.strokePath()
    source.closeSubpath()
    source.move(to: CGPoint(x: 5, y: 6))
    source.addLine(to: CGPoint(x: 7, y: -0.0))
    ctx.addPath(source)
    var expected = PathStorage()
    expected.append(source.storage, .identity)
    #expect(Self.same(ctx.currentPath, expected))
    #expect(ctx.currentPath.subpathStart == CGPoint(x: 5, y: 6))
    ctx.fillPath()
    source.addLine(to: CGPoint(x: 9, y: 9))
    ctx.addPath(source)
    #expect(ctx.currentPath.verbs.count == 7)
    #expect(ctx.currentPath.subpathStart == CGPoint(x: 5, y: 6))
  }

  /// A shared path draws the same pixels as the same path built in place.
  @Test func sharedAndBuiltPathsDrawAlike() {
    let source = CGMutablePath()
    source.move(to: CGPoint(x: 3.3, y: 2.1))
    source.addCurve(
      to: CGPoint(x: 28, y: 20.5), control1: CGPoint(x: 30, y: 0), control2: CGPoint(x: 4, y: 31))
    source.addLine(to: CGPoint(x: 6, y: 27))
    source.closeSubpath()
    let shared = render(32, 32) { ctx in
      ctx.setFillColor(CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.8))
      ctx.addPath(source)
      ctx.fillPath()
      ctx.addPath(source)
      ctx.strokePath()
    }
    let built = render(32, 32) { ctx in
      ctx.setFillColor(CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.8))
      func build() {
        ctx.move(to: CGPoint(x: 3.3, y: 2.1))
        ctx.addCurve(
          to: CGPoint(x: 28, y: 20.5), control1: CGPoint(x: 30, y: 0),
          control2: CGPoint(x: 4, y: 31))
        ctx.addLine(to: CGPoint(x: 6, y: 27))
        ctx.closePath()
      }
      build()
      ctx.fillPath()
      build()
      ctx.strokePath()
    }
    #expect(shared.pixels == built.pixels)
  }
}
