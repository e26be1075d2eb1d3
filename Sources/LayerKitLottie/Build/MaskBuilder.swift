import Foundation
import LayerKit

/// Builds a layer's `mask` from its Lottie masks.
///
/// Added masks are filled shape layers in one container (their union); an inverted
/// mask fills a large rectangle around its path with the even-odd rule; subtracting is
/// intersecting with the inverted path and intersecting is masking the masks so far
/// with the next one (a mask layer with its own `mask`). Mask opacity is the shape
/// layer's opacity. Difference and the other modes are drawn as added; expansion is
/// not applied.
struct MaskBuilder {
  let timing: LayerTiming
  /// The rectangle an inverted mask fills, in the layer's points.
  static let outside = CGRect(x: -20_000, y: -20_000, width: 40_000, height: 40_000)

  func mask(for masks: [LottieMask]) -> CALayer? {
    var result: CALayer?
    for m in masks where m.mode != .none {
      let inverted = m.inverted != (m.mode == .subtract)
      let shape = shapeLayer(m, inverted: inverted)
      switch (m.mode, result) {
      case (_, nil):
        let container = CALayer.lottieGroup(name: "masks")
        container.appendBuiltSublayer(shape)
        result = container
      case (.subtract, let r?), (.intersect, let r?):
        let container = CALayer.lottieGroup(name: "masks")
        container.appendBuiltSublayer(r)
        let clip = CALayer.lottieGroup(name: "mask")
        clip.appendBuiltSublayer(shape)
        r.mask = clip
        result = container
      case (_, let r?):
        r.appendBuiltSublayer(shape)
      }
    }
    return result
  }

  private func shapeLayer(_ m: LottieMask, inverted: Bool) -> CAShapeLayer {
    let layer = CAShapeLayer()
    layer.anchorPoint = .zero
    layer.bounds = .zero
    layer.fillColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    layer.fillRule = inverted ? .evenOdd : .nonZero
    layer.lottieAnimate(
      "path", m.path, timing, store: { (s, v: CGPath) in s.shapeState.path = v },
      convert: { shape in
        let path = CGMutablePath()
        if inverted { path.addRect(MaskBuilder.outside) }
        shape.append(to: path)
        return path as CGPath
      })
    layer.lottieAnimateOpacity(m.opacity, timing)
    return layer
  }
}
