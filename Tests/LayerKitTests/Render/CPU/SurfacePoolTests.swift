import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// Group and mask offscreens come back from the compositor's pool on later frames, and
/// the frames they draw are the frames new bitmaps draw.
@Suite struct SurfacePoolTests {
  /// A half-opaque group of two overlapping squares under a circular mask, moved to `x`.
  static func scene(x: CGFloat) -> CALayer {
    let root = CALayer()
    root.anchorPoint = .zero
    root.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
    let group = CALayer()
    group.frame = CGRect(x: x, y: 10, width: 60, height: 60)
    group.opacity = 0.5
    for (i, color) in [
      CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1),
    ]
    .enumerated() {
      let square = CALayer()
      square.frame = CGRect(x: CGFloat(i) * 20, y: CGFloat(i) * 20, width: 40, height: 40)
      square.backgroundColor = color
      group.addSublayer(square)
    }
    let mask = CAShapeLayer()
    mask.path = CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 50, height: 50), transform: nil)
    group.mask = mask
    root.addSublayer(group)
    return root
  }

  @Test func laterFramesReuseOffscreensAndDrawTheSamePixels() {
    let context = CAContext(clock: CAManualClock())
    let root = Self.scene(x: 10)
    context.layer = root
    context.commit()
    let renderer = CARenderer(context: context)
    let pool = renderer.compositor.surfaces
    #expect(pool.count == 0)
    _ = renderer.render(width: 120, height: 80, scale: 1)
    // The group went back to the pool (its plain shape mask is painted through, with no
    // offscreen of its own).
    #expect(pool.count == 1)
    for x in [10.0, 30, 50, 30] {
      CATransaction.begin()
      CATransaction.setDisableActions(true)
      root.sublayers?[0].frame.origin.x = x
      CATransaction.commit()
      context.commit()
      let reused = renderer.render(width: 120, height: 80, scale: 1)
      #expect(pool.count == 1, "taken and given back, not grown")
      let fresh = Self.scene(x: x)
      let freshContext = CAContext(clock: CAManualClock())
      freshContext.layer = fresh
      freshContext.commit()
      let expected = CARenderer(context: freshContext).render(width: 120, height: 80, scale: 1)
      #expect(reused.pixels == expected.pixels, "x = \(x)")
      // Inside the mask: red and blue at half opacity over transparent.
      #expect(reused.pixel(x: Int(x) + 30, y: 40).a > 100)
      #expect(reused.pixel(x: Int(x) + 2, y: 12).a == 0, "outside the circle")
    }
  }

  /// A clip to rotated bounds draws through an offscreen and its coverage, both pooled.
  @Test func boundsClipOffscreensAreReused() {
    func scene(angle: CGFloat) -> CALayer {
      let root = CALayer()
      root.anchorPoint = .zero
      root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
      let clip = CALayer()
      clip.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
      clip.masksToBounds = true
      clip.setAffineTransform(CGAffineTransform(rotationAngle: angle))
      let inner = CALayer()
      inner.frame = CGRect(x: -20, y: -20, width: 100, height: 50)
      inner.backgroundColor = CGColor(red: 0, green: 0.5, blue: 0, alpha: 1)
      clip.addSublayer(inner)
      root.addSublayer(clip)
      return root
    }
    func render(_ root: CALayer, _ renderer: CARenderer? = nil) -> (CGImage, CARenderer) {
      let r =
        renderer
        ?? {
          let context = CAContext(clock: CAManualClock())
          context.layer = root
          context.commit()
          return CARenderer(context: context)
        }()
      r.context?.commit()
      return (r.render(width: 100, height: 100, scale: 1), r)
    }
    let root = scene(angle: 0.3)
    let (_, renderer) = render(root)
    #expect(renderer.compositor.surfaces.count == 2)
    for angle in [0.3, 0.2, 0.3] {
      CATransaction.begin()
      CATransaction.setDisableActions(true)
      root.sublayers?[0].setAffineTransform(CGAffineTransform(rotationAngle: angle))
      CATransaction.commit()
      let (image, _) = render(root, renderer)
      #expect(image.pixels == render(scene(angle: angle)).0.pixels, "angle \(angle)")
      #expect(renderer.compositor.surfaces.count >= 2)
    }
  }

  @Test func thePoolIsBounded() {
    let pool = SurfacePool()
    var surfaces: [RenderSurface] = []
    for i in 0..<(SurfacePool.maxKept + 4) {
      surfaces.append(pool.surface(rect: PixelRect(x0: 0, y0: 0, x1: 10 + i, y1: 10))!)
    }
    for s in surfaces { pool.recycle(s) }
    #expect(pool.count == SurfacePool.maxKept)
    // A kept bitmap comes back transparent, placed where asked.
    let last = surfaces.last!
    last.pixels.update(repeating: 0xFFFF_FFFF, count: last.stride * last.height)
    let again = pool.surface(rect: PixelRect(x0: 5, y0: 7, x1: 5 + last.width, y1: 17))!
    #expect(again.context === last.context)
    #expect(again.originX == 5 && again.originY == 7)
    #expect((0..<(again.stride * again.height)).allSatisfy { again.pixels[$0] == 0 })
    #expect(pool.surface(rect: PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)) == nil)
  }

  /// A kept bitmap handed out for a caller that uses only part of it is cleared only
  /// there; a new bitmap is transparent everywhere.
  @Test func aKeptBitmapIsClearedOnlyWhereItIsUsed() {
    let pool = SurfacePool()
    let rect = PixelRect(x0: 10, y0: 20, x1: 30, y1: 30)
    let used = PixelRect(x0: 12, y0: 22, x1: 18, y1: 25)
    let fresh = pool.surface(rect: rect, used: used)!
    #expect((0..<(fresh.stride * fresh.height)).allSatisfy { fresh.pixels[$0] == 0 })
    fresh.pixels.update(repeating: 0xFF00_00FF, count: fresh.stride * fresh.height)
    pool.recycle(fresh)
    #expect(pool.reused == 0)
    let again = pool.surface(rect: rect, used: used)!
    #expect(pool.reused == 1)
    #expect(again.context === fresh.context)
    for y in rect.y0..<rect.y1 {
      for x in rect.x0..<rect.x1 {
        let inside = x >= used.x0 && x < used.x1 && y >= used.y0 && y < used.y1
        #expect(again.pixel(x: x, y: y).pointee == (inside ? 0 : 0xFF00_00FF), "(\(x), \(y))")
      }
    }
  }

  /// A smaller offscreen uses the top-left part of a larger kept bitmap (up to four times
  /// its area), and draws there the pixels a bitmap of its own size draws.
  @Test func aSmallerSurfaceUsesPartOfALargerKeptBitmap() {
    let pool = SurfacePool()
    let big = pool.surface(rect: PixelRect(x0: 0, y0: 0, x1: 40, y1: 30))!
    big.pixels.update(repeating: 0xFF00_FF00, count: big.stride * big.height)
    pool.recycle(big)
    let rect = PixelRect(x0: 100, y0: 50, x1: 125, y1: 70)
    let part = pool.surface(rect: rect)!
    #expect(part.context === big.context)
    #expect(part.rect == rect && part.width == 25 && part.height == 20 && part.stride == 40)
    #expect(
      (rect.y0..<rect.y1).allSatisfy { y in
        (rect.x0..<rect.x1).allSatisfy { part.pixel(x: $0, y: y).pointee == 0 }
      })
    // The same drawing as into a bitmap of the rect's own size.
    let own = RenderSurface(rect: rect)!
    for s in [part, own] {
      s.beginDrawing(transform: .identity, clip: PixelRect(x0: 0, y0: 0, x1: 1000, y1: 1000))
      s.context.setFillColor(CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1))
      s.context.fillEllipse(in: CGRect(x: 95.3, y: 45.6, width: 31.7, height: 20.9))
      s.endDrawing()
    }
    for y in rect.y0..<rect.y1 {
      for x in rect.x0..<rect.x1 {
        #expect(part.pixel(x: x, y: y).pointee == own.pixel(x: x, y: y).pointee, "(\(x), \(y))")
      }
    }
    #expect(part.pixels[25] == 0xFF00_FF00, "right of the rect, untouched")
    pool.recycle(part)
    // A bitmap more than four times the area is not taken for a small surface.
    let small = pool.surface(rect: PixelRect(x0: 0, y0: 0, x1: 10, y1: 10))!
    #expect(small.context !== big.context)
    #expect(pool.count == 1)
  }
}
