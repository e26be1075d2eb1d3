import Foundation
import Testing

@testable import LayerGraphics

/// `clip(to:)` with one rectangle takes a short way when the rectangle lands on whole
/// device pixels (only the clip box shrinks, no path is built). It must clip exactly as
/// the same rectangle clipped as a path does, on and off whole pixels, under scales,
/// rotations and flips, and for empty, inverted and non-finite rectangles.
@Suite struct RectClipTests {
  /// Fills the whole 48×40 context in a translucent colour after clipping with `clip`
  /// under `ctm`; returns the pixels and the clip's bounding box.
  static func draw(
    _ ctm: CGAffineTransform, _ clip: (CGContext) -> Void
  ) -> ([UInt32], CGRect) {
    let ctx = CGContext(width: 48, height: 40)!
    ctx.setFillColor(CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1))
    ctx.fill(CGRect(x: 0, y: 0, width: 48, height: 40))
    ctx.concatenate(ctm)
    clip(ctx)
    let box = ctx.boundingBoxOfClipPath
    ctx.concatenate(ctm.inverted())
    ctx.setFillColor(CGColor(red: 0.9, green: 0.5, blue: 0.2, alpha: 0.7))
    ctx.fill(CGRect(x: 0, y: 0, width: 48, height: 40))
    let px = ctx.data!.assumingMemoryBound(to: UInt32.self)
    return (Array(UnsafeBufferPointer(start: px, count: 48 * 40)), box)
  }

  static let transforms: [CGAffineTransform] = [
    .identity,
    CGAffineTransform(translationX: 3, y: 5),
    CGAffineTransform(scaleX: 2, y: 2),
    CGAffineTransform(scaleX: -1, y: 1).translatedBy(x: -40, y: 0),
    CGAffineTransform(scaleX: 1.5, y: 0.5),
    CGAffineTransform(rotationAngle: .pi / 2).translatedBy(x: 4, y: -30),
    CGAffineTransform(rotationAngle: 0.3),
  ]

  static let rects: [CGRect] = [
    CGRect(x: 4, y: 6, width: 20, height: 12),
    CGRect(x: 4.5, y: 6.25, width: 19.5, height: 12),
    CGRect(x: 30, y: 20, width: -10, height: -8),
    CGRect(x: 5, y: 5, width: 0, height: 10),
    CGRect(x: -100, y: -100, width: 400, height: 400),
    CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10),
    CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10),
  ]

  @Test(arguments: 0..<transforms.count)
  func oneRectangleClipsAsItsPath(_ t: Int) {
    let ctm = Self.transforms[t]
    for r in Self.rects {
      let short = Self.draw(ctm) { $0.clip(to: r) }
      let path = Self.draw(ctm) {
        $0.addRect(r)
        $0.clip()
      }
      #expect(short.0 == path.0, "pixels, rect \(r), transform \(t)")
      #expect(
        short.1 == path.1 || (short.1.isNull && path.1.isNull), "box, rect \(r), transform \(t)")
    }
  }

  @Test func alignedClipsNest() {
    let ctx = CGContext(width: 48, height: 40)!
    ctx.clip(to: CGRect(x: 4, y: 4, width: 30, height: 30))
    ctx.clip(to: CGRect(x: 10, y: 0, width: 30, height: 20))
    #expect(ctx.boundingBoxOfClipPath == CGRect(x: 10, y: 4, width: 24, height: 16))
    ctx.clip(to: CGRect(x: 40, y: 30, width: 5, height: 5))
    #expect(ctx.boundingBoxOfClipPath.width == 0)
  }
}
