import Foundation
import LayerKit

/// The layers that carry one Lottie transform.
///
/// Lottie's matrix is `T(position) · R(rotation) · Skew · S(scale) · T(−anchor)`. Each
/// factor whose keyframes Core Animation must interpolate on its own gets its own layer,
/// outermost first:
///
/// ```
/// outer   position (or position.x / position.y), transform.rotation.x/y/z, opacity
///  skew   transform (only when the skew is not zero)
///  scale  transform.scale.x / transform.scale.y (a layer per axis when a scale is negative)
///  inner  position = −anchor          ← the Lottie layer's own coordinates
/// ```
///
/// Scale sits on its own layer so a scale of zero never meets a rotation in one
/// decomposition.
struct TransformLayers {
  let outer: CALayer
  let inner: CALayer

  init(_ t: LottieTransform, timing: LayerTiming, opacity: Bool, name: String?) {
    outer = CALayer.lottieGroup(name: name)
    if let x = t.positionX, let y = t.positionY {
      outer.lottieAnimate("position.x", x, timing) { CGFloat($0) }
      outer.lottieAnimate("position.y", y, timing) { CGFloat($0) }
    } else {
      let point: ([Double]) -> CGPoint = { CGPoint(x: $0.at(0), y: $0.at(1)) }
      outer.position = point(t.position.initial)
      if let a = KeyframeAnimationFactory.positionAnimation(
        t.position, keyPath: "position", timing: timing, convert: point)
      {
        outer.add(a, forKey: "position")
      }
    }
    outer.lottieAnimate("transform.rotation.z", t.rotation, timing) { CGFloat($0 * .pi / 180) }
    // 3D rotations sit with position and z rotation on one layer, as in lottie-ios. An
    // animated one leaves the model transform alone: a model rotation past 90° about y
    // reads back as half turns about x and z, which the z animation would then keep.
    for (axis, r) in [("x", t.rotationX), ("y", t.rotationY)] {
      guard let r, r.keyframes.contains(where: { $0.value != 0 }) else { continue }
      let keyPath = "transform.rotation.\(axis)"
      let radians = { (v: Double) -> Any in CGFloat(v * .pi / 180) }
      if let a = KeyframeAnimationFactory.animation(
        r, keyPath: keyPath, timing: timing, convert: radians)
      {
        outer.add(a, forKey: keyPath)
      } else {
        outer.setValue(radians(r.initial), forKeyPath: keyPath)
      }
    }
    if opacity {
      outer.lottieAnimate("opacity", t.opacity, timing) { Float(min(1, max(0, $0 / 100))) }
    }
    var parent = outer
    let skew = t.skew.initial
    let axis = t.skewAxis.initial
    if skew != 0 {
      let s = CALayer.lottieGroup()
      s.transform = CATransform3DMakeAffineTransform(Self.skewMatrix(skew: skew, axis: axis))
      parent.addSublayer(s)
      parent = s
    }
    let scale = CALayer.lottieGroup()
    scale.lottieAnimate("transform.scale.x", t.scale.map { $0.at(0, 100) }, timing) {
      CGFloat($0 / 100)
    }
    parent.addSublayer(scale)
    // A mirrored scale gets a layer per axis: writing `scale.y` over a transform whose x
    // scale is negative would read that mirror back as a half-turn and keep it.
    let mirrored = t.scale.keyframes.contains { $0.value.at(0, 100) < 0 || $0.value.at(1, 100) < 0 }
    let scaleY = mirrored ? CALayer.lottieGroup() : scale
    if mirrored { scale.addSublayer(scaleY) }
    scaleY.lottieAnimate("transform.scale.y", t.scale.map { $0.at(1, 100) }, timing) {
      CGFloat($0 / 100)
    }
    inner = CALayer.lottieGroup()
    inner.position = CGPoint(x: -t.anchor.initial.at(0), y: -t.anchor.initial.at(1))
    if let a = KeyframeAnimationFactory.positionAnimation(
      t.anchor, keyPath: "position", timing: timing,
      convert: { CGPoint(x: -$0.at(0), y: -$0.at(1)) })
    {
      inner.add(a, forKey: "position")
    }
    scaleY.addSublayer(inner)
  }

  /// After Effects' skew: a shear by `−skew` degrees along the direction `axis` degrees
  /// from the x axis (rotate by the axis, shear, rotate back).
  static func skewMatrix(skew: Double, axis: Double) -> CGAffineTransform {
    let a = axis * .pi / 180
    let k = tan(-skew * .pi / 180)
    let r = CGAffineTransform(rotationAngle: a)
    let shear = CGAffineTransform(a: 1, b: 0, c: k, d: 1, tx: 0, ty: 0)
    return r.inverted().concatenating(shear).concatenating(r)
  }
}
