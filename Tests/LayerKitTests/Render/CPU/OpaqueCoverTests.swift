import Foundation
import Testing

@testable import LayerKit

/// An opaque background replaces the pixels it covers completely (`ShadowOccluder`), so
/// the compositor skips clearing them first: only whole pixels count, not the rounded
/// corners, and only when the colour, the opacity and the map leave every one of them
/// exactly the colour and the fill reaches them (inside the clip).
@Suite struct OpaqueCoverTests {
  func state(_ bounds: CGRect, color: CGColor? = nil, radius: CGFloat = 0) -> LayerState {
    var st = LayerState()
    st.bounds = bounds
    st.backgroundColor = color ?? opaque
    st.cornerRadius = radius
    return st
  }
  let opaque = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
  let everywhere = PixelRect(x0: -1000, y0: -1000, x1: 1000, y1: 1000)

  func replaces(
    _ st: LayerState, _ pending: PixelRect, map: CGAffineTransform = .identity, alpha: Float = 1
  )
    -> Bool
  {
    withUnsafePointer(to: st) {
      LayerCompositor.background($0, map: map, alpha: alpha, replaces: pending, clip: everywhere)
    }
  }

  @Test func wholePixelsInsideTheBounds() {
    let st = state(CGRect(x: 0, y: 0, width: 100, height: 50))
    let map = CGAffineTransform(a: 1.5, b: 0, c: 0, d: 1.5, tx: 10.25, ty: 4)
    // 10.25…160.25 × 4…79: the whole pixels are 11..<160 × 4..<79, and no more.
    #expect(replaces(st, PixelRect(x0: 11, y0: 4, x1: 160, y1: 79), map: map))
    #expect(!replaces(st, PixelRect(x0: 10, y0: 4, x1: 160, y1: 79), map: map))
    #expect(!replaces(st, PixelRect(x0: 11, y0: 3, x1: 160, y1: 79), map: map))
    #expect(!replaces(st, PixelRect(x0: 11, y0: 4, x1: 161, y1: 79), map: map))
    #expect(!replaces(st, PixelRect(x0: 11, y0: 4, x1: 160, y1: 80), map: map))
    // Pixels the fill does not reach keep their clear.
    let inBand = withUnsafePointer(to: st) {
      LayerCompositor.background(
        $0, map: map, alpha: 1, replaces: PixelRect(x0: 11, y0: 4, x1: 160, y1: 79),
        clip: PixelRect(x0: 0, y0: 0, x1: 100, y1: 100))
    }
    #expect(!inBand)
  }

  @Test func nothingWhenAnyPixelCouldKeepWhatWasUnder() {
    let bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
    let inside = PixelRect(x0: 0, y0: 0, x1: 100, y1: 50)
    let st = state(bounds)
    #expect(replaces(st, inside))
    let clear = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.99)
    #expect(!replaces(state(bounds, color: clear), inside))
    #expect(!replaces(st, inside, alpha: 0.99))
    #expect(!replaces(st, inside, map: CGAffineTransform(rotationAngle: 0.1)))
    #expect(
      !replaces(
        state(CGRect(x: 0.2, y: 0, width: 0.6, height: 10)), PixelRect(x0: 0, y0: 0, x1: 1, y1: 10))
    )
    let nan = CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    #expect(!replaces(st, inside, map: nan))
    var none = st
    none.backgroundColor = nil
    #expect(!replaces(none, inside))
  }

  /// Rounded corners: the rows and columns between the corners are covered, the corner
  /// squares (radius plus a pixel) are not.
  @Test func roundedCornersLeaveTheirSquaresToTheClear() {
    let st = state(CGRect(x: 0, y: 0, width: 100, height: 50), radius: 4)
    #expect(!replaces(st, PixelRect(x0: 0, y0: 0, x1: 100, y1: 50)))
    #expect(replaces(st, PixelRect(x0: 0, y0: 5, x1: 100, y1: 45)))
    #expect(replaces(st, PixelRect(x0: 5, y0: 0, x1: 95, y1: 50)))
    #expect(!replaces(st, PixelRect(x0: 0, y0: 4, x1: 100, y1: 45)))
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
