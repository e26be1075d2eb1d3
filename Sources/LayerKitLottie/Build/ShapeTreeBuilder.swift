import Foundation
import LayerKit

/// Builds the layers of a shape layer's items.
///
/// Lottie lists items top first; a fill, stroke or gradient paints the geometry listed
/// before it in its group, and the geometry of groups listed before it (which inherit
/// it). Each paint becomes one `CAShapeLayer` (or a `CAGradientLayer` masked by one)
/// whose path combines that geometry; a group becomes a container with the group's
/// transform layers. Sublayers are added bottom first, so the item listed first ends on
/// top. Trim paths set `strokeStart`/`strokeEnd`: a group's first trim that cuts anything
/// (not 0…100 % without offset, which lottie-ios skips) cuts every stroke
/// of the group's geometry wherever it is listed (also after the stroke, as lottie-ios
/// and After Effects do), and the strokes of nested groups without a trim of their own;
/// a repeater becomes a `CAReplicatorLayer` around the items above it.
struct ShapeTreeBuilder {
  let timing: LayerTiming

  /// A paint inherited from an enclosing group, with the trims that apply to it.
  struct Paint {
    var item: ShapeItem
    var trim: ShapeItem?
    /// The scales (`s`, percent) of the groups between the paint's group and the
    /// geometry it strokes, outermost first: a stroke keeps its width in its own group's
    /// space, as in After Effects, so the width is divided by them.
    var groupScales: [Keyframed<[Double]>] = []
  }

  /// The layers of `items`, bottom first.
  /// - Parameter trim: the trim of an enclosing group that applies to this group's
  ///   paths (a trim listed after the group).
  func layers(
    _ items: [ShapeItem], inherited: [Paint], trim inheritedTrim: ShapeItem? = nil,
    roundness: Keyframed<Double>?, depth: Int
  ) -> [CALayer] {
    guard depth < LottieLimits.maxDepth else { return [] }
    if let r = items.firstIndex(where: {
      if case .repeater = $0 { return true } else { return false }
    }) {
      return repeated(items, at: r, inherited: inherited, roundness: roundness, depth: depth)
    }
    var rounded = roundness
    for case .roundedCorners(let r) in items { rounded = r }
    let geometries = items.enumerated().compactMap { (i, item) -> (Int, Geometry)? in
      Geometry(item, roundness: rounded).map { (i, $0) }
    }
    var out: [CALayer] = []
    let ownTrim = items.first { $0.isEffectiveTrim }
    // Inherited paints draw this group's geometry beneath its own paints.
    let allGeometry = geometries.map(\.1)
    for paint in inherited.reversed() where !allGeometry.isEmpty {
      out += paintLayers(
        paint.item, allGeometry, trim: ownTrim ?? paint.trim, groupScales: paint.groupScales)
    }
    // The fill just added, with the count of the geometries it paints, while a stroke
    // listed right above it may still join its layer.
    var fillBelow: (layer: CAShapeLayer, geometryCount: Int)?
    for j in items.indices.reversed() {
      let item = items[j]
      let below = fillBelow
      fillBelow = nil
      if item.isPaint {
        let geo = geometries.filter { $0.0 < j }.map(\.1)
        guard !geo.isEmpty else { continue }
        let trim = ownTrim ?? inheritedTrim
        if let below, below.geometryCount == geo.count, trim == nil,
          strokeJoins(item, below.layer)
        {
          continue
        }
        let painted = paintLayers(item, geo, trim: trim)
        out += painted
        if case .fill(_, let opacity, _) = item, LottieOpacity.isOpaque(opacity),
          painted.count == 1, let layer = painted[0] as? CAShapeLayer
        {
          fillBelow = (layer, geo.count)
        }
      } else if case .group(let sub, let transform, _) = item {
        // Top first: the paints listed right after the group, then the enclosing ones.
        var childPaints: [Paint] = []
        for k in (j + 1)..<items.count where items[k].isPaint {
          childPaints.append(Paint(item: items[k], trim: ownTrim ?? inheritedTrim))
        }
        childPaints += inherited
        for k in childPaints.indices { childPaints[k].groupScales.append(transform.scale) }
        let childTrim = items[(j + 1)...].first { $0.isEffectiveTrim }
        let content = layers(
          sub, inherited: childPaints, trim: childTrim ?? inheritedTrim, roundness: rounded,
          depth: depth + 1)
        // A group that moves nothing adds no layer: its content takes its place. So does
        // a constant one whose content can carry its matrix (and its opacity).
        if TransformLayers.isIdentity(transform, opacity: true)
          || TransformLayers.carry(transform, into: content)
        {
          out += content
          continue
        }
        let t = TransformLayers(transform, timing: timing, opacity: true, name: "group")
        for l in content { t.inner.appendBuiltSublayer(l) }
        out.append(t.outer)
      }
    }
    return out
  }

  /// Items before the repeater drawn `copies` times by a replicator; items after it as usual.
  private func repeated(
    _ items: [ShapeItem], at r: Int, inherited: [Paint], roundness: Keyframed<Double>?, depth: Int
  ) -> [CALayer] {
    guard case .repeater(let copies, let offset, let t, let so, let eo) = items[r] else {
      return []
    }
    var paints = inherited
    for k in (r + 1)..<items.count where items[k].isPaint {
      paints.append(Paint(item: items[k], trim: nil))
    }
    let inner = layers(
      Array(items[..<r]), inherited: paints, roundness: roundness, depth: depth + 1)
    let replicator = CAReplicatorLayer()
    replicator.anchorPoint = .zero
    replicator.bounds = .zero
    let n = Int(lottieCount: copies.rounded(), limit: LottieLimits.maxRepeaterCopies)
    replicator.instanceCount = n
    let step = Self.repeaterMatrix(t, times: 1)
    replicator.instanceTransform = CATransform3DMakeAffineTransform(step)
    replicator.instanceColor = CGColor(red: 1, green: 1, blue: 1, alpha: CGFloat(so / 100))
    if n > 1 { replicator.instanceAlphaOffset = Float((eo - so) / 100 / Double(n - 1)) }
    // The first copy sits at `offset` steps.
    let holder = CALayer.lottieGroup(name: "repeater")
    if offset != 0 {
      holder.transform = CATransform3DMakeAffineTransform(Self.repeaterMatrix(t, times: offset))
    }
    for l in inner { holder.appendBuiltSublayer(l) }
    replicator.appendBuiltSublayer(holder)
    let rest = layers(
      Array(items[(r + 1)...]), inherited: inherited, roundness: roundness, depth: depth + 1)
    return [replicator] + rest
  }

  /// One repeater step applied `times` times: about the anchor, scale then rotate, then
  /// move by the position.
  static func repeaterMatrix(_ t: LottieTransform, times k: Double) -> CGAffineTransform {
    let a = t.anchor.initial
    let p = t.position.initial
    let s = t.scale.initial
    let sx = pow(s.at(0, 100) / 100, k)
    let sy = pow(s.at(1, 100) / 100, k)
    var m = CGAffineTransform(translationX: -a.at(0), y: -a.at(1))
    m = m.concatenating(CGAffineTransform(scaleX: sx, y: sy))
    m = m.concatenating(CGAffineTransform(rotationAngle: t.rotation.initial * k * .pi / 180))
    m = m.concatenating(
      CGAffineTransform(translationX: a.at(0) + p.at(0) * k, y: a.at(1) + p.at(1) * k))
    return m
  }
}
