import Foundation
import Testing

@testable import LayerKit

/// An opaque square-cornered background replaces the pixels it covers completely, so the
/// compositor skips clearing them first: only whole pixels count, and only when the
/// colour, the opacity and the map leave every one of them exactly the colour.
@Suite struct OpaqueCoverTests {
  func state(_ bounds: CGRect, radius: CGFloat = 0) -> LayerState {
    var st = LayerState()
    st.bounds = bounds
    st.cornerRadius = radius
    return st
  }
  let opaque = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)

  @Test func wholePixelsInsideTheBounds() {
    let st = state(CGRect(x: 0, y: 0, width: 100, height: 50))
    let map = CGAffineTransform(a: 1.5, b: 0, c: 0, d: 1.5, tx: 10.25, ty: 4)
    // 10.25…160.25 × 4…79: the whole pixels are 11..<160 × 4..<79.
    #expect(
      LayerCompositor.opaqueCover(st, color: opaque, map: map, alpha: 1)
        == PixelRect(x0: 11, y0: 4, x1: 160, y1: 79))
  }

  @Test func nothingWhenAnyPixelCouldKeepWhatWasUnder() {
    let st = state(CGRect(x: 0, y: 0, width: 100, height: 50))
    let clear = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.99)
    #expect(LayerCompositor.opaqueCover(st, color: clear, map: .identity, alpha: 1) == nil)
    #expect(LayerCompositor.opaqueCover(st, color: opaque, map: .identity, alpha: 0.99) == nil)
    #expect(
      LayerCompositor.opaqueCover(
        st, color: opaque, map: CGAffineTransform(rotationAngle: 0.1), alpha: 1) == nil)
    #expect(
      LayerCompositor.opaqueCover(
        state(st.bounds, radius: 4), color: opaque, map: .identity, alpha: 1) == nil)
    #expect(
      LayerCompositor.opaqueCover(
        state(CGRect(x: 0.2, y: 0, width: 0.6, height: 10)), color: opaque, map: .identity, alpha: 1
      )
        == nil)
    let nan = CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    #expect(LayerCompositor.opaqueCover(st, color: opaque, map: nan, alpha: 1) == nil)
  }

  /// A frame whose opaque background covers the damage is the frame drawn onto cleared
  /// pixels: the same bytes with the clear skipped.
  @Test func theFrameIsTheSameAsOnClearedPixels() throws {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 64, height: 48)
    root.position = CGPoint(x: 32, y: 24)
    root.backgroundColor = opaque
    let dot = CALayer()
    dot.frame = CGRect(x: 10, y: 10, width: 20, height: 12)
    dot.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
    root.addSublayer(dot)
    let context = CAContext(clock: CAManualClock())
    context.layer = root
    context.commit()
    let renderer = CARenderer(context: context)
    // Pixels that a clear would have zeroed: the skipped clear must not let them show.
    let ctx = try #require(CGContext(width: 64, height: 48))
    ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
    ctx.fill(CGRect(x: 0, y: 0, width: 64, height: 48))
    renderer.render(in: ctx, scale: 1)
    let expected = renderer.render(width: 64, height: 48, scale: 1)
    #expect(ctx.makeImage()?.pixels == expected.pixels)
  }
}
