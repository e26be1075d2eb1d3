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
///
/// Factors that are not animated need no layer of their own: they are multiplied into
/// one matrix, as the layers would have multiplied them. When scale, skew and anchor are
/// constant, one `inner` layer carries `Skew · S` as its transform and `−(Skew · S)·anchor`
/// as its position; when position and rotation are constant too (and there is no 3D
/// rotation), `outer` is that layer, with `R · Skew · S` and `position − (R · Skew · S)·anchor`.
/// Most groups of a Lottie file are not animated, and every layer is per-frame work for
/// evaluation, the render tree, damage and compositing.
struct TransformLayers {
  let outer: CALayer
  let inner: CALayer

  init(_ t: LottieTransform, timing: LayerTiming, opacity: Bool, name: String?) {
    if let m = Self.constantMatrix(t) {
      outer = Self.group(m, name: name)
      if opacity { outer.lottieAnimateOpacity(t.opacity, timing) }
      inner = outer
      return
    }
    if Self.tailIsConstant(t) {
      outer = CALayer.lottieGroup(name: name)
      Self.addHead(t, to: outer, timing: timing, opacity: opacity)
      let tail = Self.placing(Self.constantTail(t), anchor: t.anchor.initial, at: .zero)
      if tail.isIdentity {
        inner = outer
        return
      }
      inner = Self.group(tail, name: nil)
      outer.appendBuiltSublayer(inner)
      return
    }
    outer = CALayer.lottieGroup(name: name)
    Self.addHead(t, to: outer, timing: timing, opacity: opacity)
    var parent = outer
    let skew = t.skew.initial
    let axis = t.skewAxis.initial
    if skew != 0 {
      let s = CALayer.lottieGroup()
      s.transform = CATransform3DMakeAffineTransform(Self.skewMatrix(skew: skew, axis: axis))
      parent.appendBuiltSublayer(s)
      parent = s
    }
    let scale = CALayer.lottieGroup()
    scale.lottieAnimate("transform.scale.x", t.scale.map { $0.at(0, 100) }, timing) {
      CGFloat($0 / 100)
    }
    parent.appendBuiltSublayer(scale)
    // A mirrored scale gets a layer per axis: writing `scale.y` over a transform whose x
    // scale is negative would read that mirror back as a half-turn and keep it.
    let mirrored = t.scale.keyframes.contains { $0.value.at(0, 100) < 0 || $0.value.at(1, 100) < 0 }
    let scaleY = mirrored ? CALayer.lottieGroup() : scale
    if mirrored { scale.appendBuiltSublayer(scaleY) }
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
    scaleY.appendBuiltSublayer(inner)
  }

  /// Whether `t` moves nothing: no factor animated, every one at its identity (and, when
  /// `opacity` counts, a constant opacity of 100 %). Such a transform needs no layer.
  static func isIdentity(_ t: LottieTransform, opacity: Bool) -> Bool {
    guard constantMatrix(t)?.isIdentity == true else { return false }
    return !opacity || LottieOpacity.isOpaque(t.opacity)
  }

  /// Whether scale, skew and anchor are constant.
  private static func tailIsConstant(_ t: LottieTransform) -> Bool {
    !t.scale.isAnimated && !t.skew.isAnimated && !t.skewAxis.isAnimated && !t.anchor.isAnimated
  }

  /// The whole transform as one matrix on the layer's points,
  /// `T(position) · R · Skew · S · T(−anchor)`, when nothing in it is animated and it has
  /// no 3D rotation; else nil.
  static func constantMatrix(_ t: LottieTransform) -> CGAffineTransform? {
    guard tailIsConstant(t), !t.position.isAnimated, !(t.positionX?.isAnimated ?? false),
      !(t.positionY?.isAnimated ?? false), !t.rotation.isAnimated,
      [t.rotationX, t.rotationY].allSatisfy({ r in
        !(r?.keyframes.contains { $0.value != 0 } ?? false)
      })
    else { return nil }
    let x = t.positionX?.initial ?? t.position.initial.at(0)
    let y = t.positionY?.initial ?? t.position.initial.at(1)
    let r = CATransform3DMakeRotation(CGFloat(t.rotation.initial * .pi / 180), 0, 0, 1)
    let linear = CATransform3DConcat(constantTail(t), r)
    return placing(linear, anchor: t.anchor.initial, at: CGPoint(x: x, y: y))
  }

  /// Moves the constant transform `t` of a group onto the group's content, when that is
  /// exact: `t` constant, every layer's position and transform constant and affine, and
  /// an opacity below 100 % only over a single layer whose opacity is constant (group
  /// opacity over several layers is not theirs to share). Each layer then places its
  /// points by its own placement followed by `t`'s matrix, as it did inside the group.
  /// - Returns: whether the content carries the transform (nothing changed when false).
  static func carry(_ t: LottieTransform, into layers: [CALayer]) -> Bool {
    guard let m = constantMatrix(t), !t.opacity.isAnimated else { return false }
    let opacity = LottieOpacity.fraction(t.opacity.initial)
    guard opacity == 1 || layers.count == 1 else { return false }
    for layer in layers {
      guard CATransform3DIsAffine(layer.transform) else { return false }
      let moving = (layer.animationKeys() ?? []).contains { key in
        guard let path = (layer.animation(forKey: key) as? CAPropertyAnimation)?.keyPath else {
          return true
        }
        return path.hasPrefix("position") || path.hasPrefix("transform")
          || (opacity != 1 && path == "opacity")
      }
      if moving { return false }
    }
    let linear = linearPart(of: m)
    for layer in layers {
      let position = layer.position.applying(m)
      let transform = CATransform3DConcat(layer.transform, linear)
      let alpha = layer.opacity * opacity
      guard position.isValidAnimationValue, transform.isValidAnimationValue else {
        layer.position = position
        layer.transform = transform
        layer.opacity = alpha
        continue
      }
      layer.setModel(keys: ["position", "transform", "opacity"]) {
        $0.position = position
        $0.transform = transform
        $0.opacity = alpha
      }
    }
    return true
  }

  /// The outer layer's factors: position (whole, split or along a path), rotation about
  /// z (and x and y), and the opacity when `opacity`.
  private static func addHead(
    _ t: LottieTransform, to outer: CALayer, timing: LayerTiming, opacity: Bool
  ) {
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
    if opacity { outer.lottieAnimateOpacity(t.opacity, timing) }
  }

  /// `Skew · S`: the constant skew and scale, as the skew and scale layers multiply them.
  private static func constantTail(_ t: LottieTransform) -> CATransform3D {
    let s = t.scale.initial
    let scale = CATransform3DMakeScale(CGFloat(s.at(0, 100) / 100), CGFloat(s.at(1, 100) / 100), 1)
    let skew = t.skew.initial
    guard skew != 0 else { return scale }
    let shear = CATransform3DMakeAffineTransform(skewMatrix(skew: skew, axis: t.skewAxis.initial))
    return CATransform3DConcat(scale, shear)
  }

  /// The matrix that takes points `q` to `position + linear·(q − anchor)`.
  private static func placing(
    _ linear: CATransform3D, anchor: [Double], at position: CGPoint
  ) -> CGAffineTransform {
    let m = CATransform3DGetAffineTransform(linear)
    let a = CGPoint(x: -anchor.at(0), y: -anchor.at(1)).applying(m)
    return CGAffineTransform(
      a: m.a, b: m.b, c: m.c, d: m.d, tx: position.x + a.x, ty: position.y + a.y)
  }

  /// A group layer that places its points by `m` in its superlayer: `m`'s translation as
  /// its position, the rest as its transform.
  static func group(_ m: CGAffineTransform, name: String?) -> CALayer {
    let layer = CALayer.lottieGroup(name: name)
    place(layer, by: m)
    return layer
  }

  /// Makes the group layer `layer` (no size, anchored at its origin) place its points by
  /// `m`.
  static func place(_ layer: CALayer, by m: CGAffineTransform) {
    let position = CGPoint(x: m.tx, y: m.ty)
    let linear = linearPart(of: m)
    guard position.isValidAnimationValue, linear.isValidAnimationValue else {
      // The setters refuse a value that is not finite, each with a diagnostic.
      layer.position = position
      layer.transform = linear
      return
    }
    layer.setModel(keys: ["position", "transform"]) {
      $0.position = position
      $0.transform = linear
    }
  }

  /// `m` without its translation, as a layer transform.
  private static func linearPart(of m: CGAffineTransform) -> CATransform3D {
    CATransform3DMakeAffineTransform(
      CGAffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: 0, ty: 0))
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
