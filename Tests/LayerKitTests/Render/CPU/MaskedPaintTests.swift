import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// A gradient layer masked by one plain shape (how Lottie's gradient fills and strokes
/// arrive) is painted straight through the shape, with no offscreen, and looks like the
/// grouped drawing (offscreen gradient image × mask coverage) up to the ramp's sampling.
@Suite struct MaskedPaintTests {
  /// An 80 × 80 scene: a 60 × 60 gradient of `type` from red to blue at (10, 10), masked
  /// by `mask` directly, or (`grouped`) by a transform layer holding it, which is not a
  /// plain shape and so goes through a gradient and a mask offscreen.
  static func scene(_ type: CAGradientLayerType = .axial, mask: CALayer, grouped: Bool = false)
    -> CALayer
  {
    let root = CALayer()
    root.anchorPoint = .zero
    root.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
    let gradient = CAGradientLayer()
    gradient.frame = CGRect(x: 10, y: 10, width: 60, height: 60)
    gradient.type = type
    gradient.colors = [
      CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1),
    ]
    gradient.startPoint = type == .axial ? CGPoint(x: 0, y: 0.2) : CGPoint(x: 0.5, y: 0.5)
    gradient.endPoint = CGPoint(x: 1, y: 0.8)
    if grouped {
      let holder = CATransformLayer()
      holder.frame = gradient.bounds
      holder.addSublayer(mask)
      gradient.mask = holder
    } else {
      gradient.mask = mask
    }
    root.addSublayer(gradient)
    return root
  }

  /// A shape filling (or, with `stroke`, stroking 6 points wide) an ellipse inside the
  /// gradient's bounds.
  static func ellipse(stroke: Bool = false, opacity: Float = 1, rect: CGRect? = nil) -> CAShapeLayer
  {
    let shape = CAShapeLayer()
    shape.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
    shape.path = CGPath(
      ellipseIn: rect ?? CGRect(x: 8, y: 12, width: 44, height: 36), transform: nil)
    shape.fillColor = stroke ? nil : CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    shape.strokeColor = stroke ? CGColor(red: 1, green: 1, blue: 1, alpha: 1) : nil
    shape.lineWidth = 6
    shape.opacity = opacity
    return shape
  }

  /// The scene rendered at `scale`, and its renderer.
  static func render(_ root: CALayer, scale: CGFloat = 1) -> (CGImage, CARenderer) {
    let context = CAContext(clock: CAManualClock())
    context.layer = root
    context.commit()
    let renderer = CARenderer(context: context)
    let n = Int(80 * scale)
    return (renderer.render(width: n, height: n, scale: scale), renderer)
  }

  /// The largest difference of any channel of any pixel, and how many bytes differ by
  /// more than `tolerance`.
  static func difference(_ a: CGImage, _ b: CGImage, tolerance: Int) -> (largest: Int, over: Int) {
    var largest = 0
    var over = 0
    for (x, y) in zip(a.pixels, b.pixels) {
      let d = abs(Int(x) - Int(y))
      largest = max(largest, d)
      if d > tolerance { over += 1 }
    }
    return (largest, over)
  }

  @Test(arguments: [1.0, 2.0, 1.5])
  func aFilledShapeMaskPaintsTheGradientThroughItsPathWithoutOffscreens(scale: Double) {
    let (direct, renderer) = Self.render(Self.scene(mask: Self.ellipse()), scale: scale)
    let (grouped, reference) = Self.render(
      Self.scene(mask: Self.ellipse(), grouped: true), scale: scale)
    #expect(renderer.compositor.maskedPaints == 1)
    #expect(renderer.compositor.surfaces.count == 0, "no offscreen was drawn")
    #expect(reference.compositor.maskedPaints == 0)
    #expect(reference.compositor.surfaces.count == 2, "gradient and mask offscreens")
    // A red → blue ramp changes by at most one level per table step: the image's bilinear
    // samples and the device pixel's own sample differ by that and by one rounding.
    let d = Self.difference(direct, grouped, tolerance: 2)
    #expect(d.largest <= 2)
    // Inside the ellipse the gradient shows; outside nothing.
    let s = Int(scale.rounded(.down))
    #expect(F.pixel(direct, 40 * s, 40 * s).a == 255)
    #expect(F.pixel(direct, 12 * s, 12 * s).a == 0)
    #expect(F.pixel(direct, 40 * s, 40 * s).r > 50 && F.pixel(direct, 40 * s, 40 * s).b > 50)
  }

  @Test func aStrokedShapeMaskPaintsTheGradientAlongTheStroke() {
    let (direct, renderer) = Self.render(Self.scene(mask: Self.ellipse(stroke: true)))
    let (grouped, _) = Self.render(Self.scene(mask: Self.ellipse(stroke: true), grouped: true))
    #expect(renderer.compositor.maskedPaints == 1)
    #expect(Self.difference(direct, grouped, tolerance: 2).largest <= 2)
    #expect(F.pixel(direct, 40, 22).a == 255, "on the stroke (the ellipse's top at y 22)")
    #expect(F.pixel(direct, 40, 40).a == 0, "inside the ring")
  }

  @Test(arguments: [CAGradientLayerType.radial, .conic])
  func radialAndConicRampsMatchTheGradientImage(type: CAGradientLayerType) {
    let (direct, renderer) = Self.render(Self.scene(type, mask: Self.ellipse()), scale: 2)
    let (grouped, _) = Self.render(Self.scene(type, mask: Self.ellipse(), grouped: true), scale: 2)
    #expect(renderer.compositor.maskedPaints == 1)
    // Away from the centre, where a conic ramp turns a whole circle within a pixel, and its
    // seam, the device samples agree with the image's.
    let d = Self.difference(direct, grouped, tolerance: 3)
    #expect(d.over <= direct.pixels.count / 500, "\(d)")
  }

  @Test func otherMasksAndShapesBeyondTheBoundsGoThroughOffscreens() {
    // Half-transparent mask: its coverage is scaled.
    let (half, renderer) = Self.render(Self.scene(mask: Self.ellipse(opacity: 0.5)))
    #expect(renderer.compositor.maskedPaints == 0)
    #expect(abs(F.pixel(half, 40, 40).a - 128) <= 1)
    // A path reaching outside the gradient's bounds: the gradient's image is drawn into an
    // offscreen, whose edge cuts the drawing, and composited through the path; no mask
    // offscreen.
    let wide = Self.ellipse(rect: CGRect(x: -20, y: 12, width: 100, height: 36))
    let (cut, wideRenderer) = Self.render(Self.scene(mask: wide))
    #expect(wideRenderer.compositor.maskedPaints == 1)
    #expect(wideRenderer.compositor.surfaces.count == 1, "the gradient's offscreen only")
    #expect(F.pixel(cut, 5, 40).a == 0, "outside the gradient's bounds")
    #expect(F.pixel(cut, 12, 40).a == 255)
    // A plain layer holding the shape (a Lottie mask group) is masking by the shape.
    let holder = CALayer()
    holder.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
    holder.addSublayer(Self.ellipse())
    let (held, heldRenderer) = Self.render(Self.scene(mask: holder))
    #expect(heldRenderer.compositor.maskedPaints == 1)
    #expect(heldRenderer.compositor.surfaces.count == 0)
    #expect(held.pixels == Self.render(Self.scene(mask: Self.ellipse())).0.pixels)
  }

  typealias F = RenderFixtures
}
