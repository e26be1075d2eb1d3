import Foundation
import Testing

@testable import LayerKit

/// The part of a shadow that the layer's own background hides: every pixel the occluder
/// names must come out exactly the background colour when the background is filled as
/// the compositor fills it, whatever was under it, so skipping the shadow there changes
/// nothing.
@Suite struct ShadowOccluderTests {
  /// (bounds, corner radius, map scale, map translation).
  static let cases: [(CGRect, CGFloat, CGFloat, CGPoint)] = [
    (CGRect(x: 0, y: 0, width: 100, height: 50), 12, 1, CGPoint(x: 20, y: 20)),
    (CGRect(x: 0, y: 0, width: 57.3, height: 41.6), 9.5, 1, CGPoint(x: 10.4, y: 7.7)),
    (CGRect(x: -5, y: 3, width: 30, height: 30), 6, 2, CGPoint(x: 12.25, y: 9.5)),
    (CGRect(x: 0, y: 0, width: 40, height: 20), 0, 1.5, CGPoint(x: 3.5, y: 4.25)),
    (CGRect(x: 0, y: 0, width: 8, height: 60), 30, 1, CGPoint(x: 30, y: 2)),
  ]

  @Test(arguments: 0..<cases.count)
  func occludedPixelsComeOutAsTheOpaqueBackground(index: Int) throws {
    let (bounds, radius, scale, t) = Self.cases[index]
    var st = LayerState()
    st.bounds = bounds
    st.cornerRadius = radius
    st.backgroundColor = CGColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1)
    let map = CGAffineTransform(a: scale, b: 0, c: 0, d: scale, tx: t.x, ty: t.y)
    let hidden = ShadowOccluder(state: st, map: map, alpha: 1)
    #expect(!hidden.wide.isEmpty || !hidden.tall.isEmpty)

    let w = 128
    let h = 128
    let ctx = try #require(CGContext(width: w, height: h))
    let px = ctx.data!.assumingMemoryBound(to: UInt32.self)
    for k in 0..<(w * h) { px[k] = UInt32(truncatingIfNeeded: k &* 2_654_435_761) }
    ctx.concatenate(map)
    ctx.setFillColor(st.backgroundColor!)
    ctx.addPath(RoundedRectPath.bounds(of: st))
    ctx.fillPath()
    let bg = PixelMath.premultiplied(st.backgroundColor!)
    var checked = 0
    for y in 0..<h {
      let c = hidden.columns(row: y)
      guard c.lo < c.hi else { continue }
      #expect(c.lo >= 0 && c.hi <= w)
      for x in c.lo..<c.hi {
        #expect(px[y * w + x] == bg, "pixel (\(x), \(y))")
        checked += 1
      }
    }
    #expect(checked > 0)
  }

  @Test func translucentBackgroundRotationOrOpacityHideNothing() {
    var st = LayerState()
    st.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
    st.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.9)
    #expect(ShadowOccluder(state: st, map: .identity, alpha: 1).columns(row: 25).hi == 0)
    st.backgroundColor = .white
    #expect(ShadowOccluder(state: st, map: .identity, alpha: 1).columns(row: 25) == (0, 100))
    #expect(ShadowOccluder(state: st, map: .identity, alpha: 0.5).columns(row: 25).hi == 0)
    #expect(
      ShadowOccluder(state: st, map: CGAffineTransform(rotationAngle: 0.1), alpha: 1).columns(
        row: 25
      ).hi == 0)
    st.backgroundColor = nil
    #expect(ShadowOccluder(state: st, map: .identity, alpha: 1).columns(row: 25).hi == 0)
  }
}
