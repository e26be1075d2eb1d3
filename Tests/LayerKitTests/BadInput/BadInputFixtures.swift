import Foundation

@testable import LayerKit

/// Small scenes for the bad-input suites. The suites are organised by input class
/// (non-finite, huge, tiny, empty, cyclic, deep, wide; hostile files live with the
/// codecs in LayerKitSDLTests); a case that used to crash runs in its own process
/// (`#expect(processExitsWith:)`), so a regression fails one test instead of taking the
/// runner down, and checks its answer with `precondition`s inside that process.
enum BadInput {
  /// A committed context whose root is a `w` × `h` white layer.
  static func scene(_ w: CGFloat = 64, _ h: CGFloat = 64) -> (CAContext, CALayer) {
    let context = CAContext(clock: CAManualClock())
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: w, height: h)
    root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    context.layer = root
    context.commit()
    return (context, root)
  }

  /// Renders the context's tree at 1 pixel per point.
  static func render(_ context: CAContext, _ w: Int = 64, _ h: Int = 64) -> CGImage {
    context.commit()
    return CARenderer(context: context).render(width: w, height: h, scale: 1)
  }

  /// An opaque `color` layer with `frame`.
  static func box(_ frame: CGRect, _ color: CGColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1))
    -> CALayer
  {
    let l = CALayer()
    l.frame = frame
    l.backgroundColor = color
    return l
  }

  /// A chain of `depth` nested layers under `root` (each 0.001 point in from its
  /// superlayer's origin, 10 × 10), built from the deepest up so each insertion is at
  /// the top of a detached tree, then attached at once; returns the deepest.
  static func chain(_ depth: Int, under root: CALayer) -> CALayer {
    let tip = CALayer()
    tip.frame = CGRect(x: 0.001, y: 0.001, width: 10, height: 10)
    var top = tip
    for k in 1..<depth {
      let l = CALayer()
      l.frame =
        k == depth - 1
        ? CGRect(x: 0, y: 0, width: 10, height: 10)
        : CGRect(x: 0.001, y: 0.001, width: 10, height: 10)
      l.addSublayer(top)
      top = l
    }
    root.addSublayer(top)
    return tip
  }
}

/// Draws a solid red rectangle over its bounds: a `draw(in:)` delegate.
final class FillingDelegate: CALayerDelegate {
  /// The bitmap size of every backing store drawn, in pixels.
  var drawnSizes: [CGSize] = []
  func draw(_ layer: CALayer, in ctx: CGContext) {
    drawnSizes.append(CGSize(width: ctx.width, height: ctx.height))
    ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
    ctx.fill(layer.bounds)
  }
}
