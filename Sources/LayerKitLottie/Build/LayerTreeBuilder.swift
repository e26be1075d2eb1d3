import Foundation
import LayerKit

/// Decodes embedded image bytes (PNG, JPEG) into a `CGImage`; nil when it cannot.
public typealias LottieImageDecoder = @Sendable (Data) -> CGImage?

/// Builds the `CALayer` tree of a composition.
///
/// Each Lottie layer becomes a chain: the transform layers of each of its parents
/// (outermost ancestor first, without their opacity, as Lottie parenting carries
/// transforms only), then its own transform layers with its opacity, then its content
/// (shape layers, a solid, an image, or a precomposition's layers in a container that
/// maps time by `beginTime = startTime / frameRate` and `speed = 1 / timeStretch`, or,
/// under a time remap, keeps the outer time while its animations follow the remap; see
/// `FrameRemap`). The chain's top layer is hidden outside `[inPoint, outPoint)` by a
/// discrete `hidden` animation. Masks become the content's `mask`; a track matte wraps the matted chain in
/// a container whose `mask` is the matte layer's chain, with the `maskMode` of the matte
/// type (alpha, inverted alpha, luma, inverted luma).
final class LayerTreeBuilder {
  let composition: Composition
  let decodeImage: LottieImageDecoder?
  let imageProvider: (any AnimationImageProvider)?
  /// Text layers' fonts, text and the registry their fonts come from.
  var fontProvider: (any AnimationFontProvider)?
  var textProvider: (any AnimationKeypathTextProvider)?
  var fontRegistry: FontRegistry = .shared
  /// Layers made so far (precompositions are instantiated once per use).
  private(set) var builtLayers = 0
  private var images: [String: CGImage] = [:]

  /// - Parameter imageProvider: asked first for each image asset; the embedded or
  ///   packaged bytes, through `decodeImage`, serve when it returns nil.
  init(
    _ composition: Composition, decodeImage: LottieImageDecoder?,
    imageProvider: (any AnimationImageProvider)? = nil
  ) {
    self.composition = composition
    self.decodeImage = decodeImage
    self.imageProvider = imageProvider
  }

  /// The layers of `layers` (a composition's list), added to `container` bottom first.
  /// - Parameters:
  ///   - endFrame: the root composition's out point in this composition's frames, where
  ///     a layer ending exactly there stays visible (the paused last frame).
  ///   - root: where this composition's frames fall on the root timeline (nil under time
  ///     remapping).
  ///   - remap: the time remapping of an enclosing precomposition, nil when none.
  func build(
    _ layers: [LayerModel], into container: CALayer, endFrame: Double?, root: RootFrames?,
    depth: Int, remap: FrameRemap? = nil, keys: [String] = []
  ) {
    guard depth < LottieLimits.maxDepth else { return }
    var byIndex: [Int: LayerModel] = [:]
    for l in layers { if let i = l.index, byIndex[i] == nil { byIndex[i] = l } }
    var out: [CALayer] = []
    for (i, model) in layers.enumerated() {
      guard !model.isMatteSource, !model.hidden, builtLayers < LottieLimits.maxBuiltLayers else {
        continue
      }
      guard
        var chain = chain(
          for: model, byIndex: byIndex, endFrame: endFrame, root: root, depth: depth,
          remap: remap, keys: keys)
      else { continue }
      if model.matteType != 0, i > 0 {
        let matteModel = layers[i - 1]
        if matteModel.isMatteSource,
          let matte = self.chain(
            for: matteModel, byIndex: byIndex, endFrame: endFrame, root: root, depth: depth,
            remap: remap, keys: keys)
        {
          chain = matted(chain, matte: matte, type: model.matteType)
        }
      }
      out.append(chain)
    }
    for l in out.reversed() { container.appendBuiltSublayer(l) }
  }

  /// The chain of layers for one Lottie layer, nil when it draws nothing.
  private func chain(
    for model: LayerModel, byIndex: [Int: LayerModel], endFrame: Double?, root: RootFrames?,
    depth: Int, remap: FrameRemap?, keys: [String]
  ) -> CALayer? {
    if case .other = model.kind { return nil }
    if case .null = model.kind { return nil }
    builtLayers += 1
    let fr = composition.frameRate
    // Parents, outermost first; a cycle or a missing index ends the chain.
    var parents: [LayerModel] = []
    var seen: Set<Int> = model.index.map { [$0] } ?? []
    var next = model.parent
    while let p = next, let parent = byIndex[p], !seen.contains(p),
      parents.count < LottieLimits.maxDepth
    {
      parents.insert(parent, at: 0)
      seen.insert(p)
      next = parent.parent
    }
    // A layer's own keyframes (and its parents') are in the containing composition's
    // frames; start time and stretch move only a precomposition's content.
    let timing = LayerTiming(frameRate: fr, remap: remap, root: root)
    let top = CALayer.lottieGroup(name: "layer")
    var holder = top
    // Constant transforms in a row (parents', then the layer's own) are one matrix on one
    // layer: the chain holds only this layer's content, so where a matrix sits in it
    // changes nothing but the layer count.
    var pending = CGAffineTransform.identity
    // A layer placing points by `pending`: `top` itself while nothing is below it yet (it
    // only hides, shows and blends, and holds no mask), else a new group under `holder`.
    func placed(name: String, mayBeTop: Bool) -> CALayer {
      defer { pending = .identity }
      if mayBeTop && holder === top {
        TransformLayers.place(top, by: pending)
        return top
      }
      let group = TransformLayers.group(pending, name: name)
      holder.appendBuiltSublayer(group)
      return group
    }
    func flush() {
      if !pending.isIdentity { holder = placed(name: "parent", mayBeTop: true) }
    }
    for p in parents {
      if let m = TransformLayers.constantMatrix(p.transform) {
        pending = m.concatenating(pending)
        continue
      }
      flush()
      let t = TransformLayers(p.transform, timing: timing, opacity: false, name: "parent")
      holder.appendBuiltSublayer(t.outer)
      holder = t.inner
    }
    // The layer's own transform joins them unless its shadow needs the layer as it is.
    let content: CALayer
    if model.dropShadow == nil, let m = TransformLayers.constantMatrix(model.transform) {
      pending = m.concatenating(pending)
      if pending.isIdentity && LottieOpacity.isOpaque(model.transform.opacity)
        && model.masks.isEmpty
      {
        content = holder
      } else {
        content = placed(name: "transform", mayBeTop: model.masks.isEmpty)
        content.lottieAnimateOpacity(model.transform.opacity, timing)
      }
    } else {
      flush()
      let own = TransformLayers(model.transform, timing: timing, opacity: true, name: "transform")
      holder.appendBuiltSublayer(own.outer)
      content = own.inner
      if let shadow = model.dropShadow { apply(shadow, to: own.outer, timing: timing) }
    }
    addContent(
      model, to: content, timing: timing, endFrame: endFrame, depth: depth,
      keys: keys + [model.name])
    if !model.masks.isEmpty, let mask = MaskBuilder(timing: timing).mask(for: model.masks) {
      content.mask = mask
    }
    if let filter = LottieBlendMode.compositingFilterName(model.blendMode) {
      top.compositingFilter = filter
    }
    addVisibility(to: top, model: model, endFrame: endFrame, remap: remap)
    return top
  }

  /// Hides `layer` before the in point and from the out point on (a discrete `hidden`
  /// animation over the layer's frames; the model value is hidden).
  private func addVisibility(
    to layer: CALayer, model: LayerModel, endFrame: Double?, remap: FrameRemap?
  ) {
    let fr = composition.frameRate
    if let remap {
      layer.lottieHide()
      let a = remap.visibility(inPoint: model.inPoint, outPoint: model.outPoint, frameRate: fr)
      layer.add(a, forKey: "hidden")
      return
    }
    var outPoint = model.outPoint
    if let end = endFrame, outPoint >= end - 1e-9 { outPoint = .infinity }
    guard model.inPoint < outPoint else {
      layer.lottieHide()
      return
    }
    layer.lottieHide()
    let a = CAKeyframeAnimation(keyPath: "hidden")
    a.calculationMode = .discrete
    // A hair early, so the in point itself shows the layer (and a begin of 0 is not
    // restamped by the commit).
    a.beginTime = model.inPoint / fr - 1e-9
    if outPoint.isFinite {
      a.values = [false, true]
      a.keyTimes = [0, 1, 1]
      a.duration = (outPoint - model.inPoint) / fr + 1e-9
    } else {
      a.values = [false]
      a.keyTimes = [0, 1]
      a.duration = 1e12
    }
    a.fillMode = .forwards
    a.isRemovedOnCompletion = false
    layer.add(a, forKey: "hidden")
  }

  /// The layer's shadow: Core Animation shadows the layer's composited sublayers.
  private func apply(_ s: DropShadow, to layer: CALayer, timing: LayerTiming) {
    layer.lottieAnimate(
      "shadowColor", s.color, timing, store: { (s, v: CGColor) in s.shadowColor = v },
      convert: {
        LottieColorConversion.cgColor($0)
      }
    )
    layer.lottieAnimate(
      "shadowOpacity", s.opacity, timing, store: { (s, v: Float) in s.shadowOpacity = v },
      convert: {
        Float(min(1, max(0, $0)))
      }
    )
    layer.lottieAnimate(
      "shadowRadius", s.radius, timing, store: { (s, v: CGFloat) in s.shadowRadius = v },
      convert: {
        CGFloat(max(0, $0))
      }
    )
    let inputs = [s.angle, s.distance]
    CombinedKeyframes.apply(
      layer, "shadowOffset", inputs: inputs, timing: timing,
      store: { (s, v: CGSize) in s.shadowOffset = v },
      value: { f in
        let a = s.angle.value(at: f) * .pi / 180
        let d = s.distance.value(at: f)
        return CGSize(width: d * cos(a), height: d * sin(a))
      }
    )
  }

  private func matted(_ chain: CALayer, matte: CALayer, type: Int) -> CALayer {
    let holder = CALayer.lottieGroup(name: "matte")
    holder.appendBuiltSublayer(chain)
    holder.mask = matte
    holder.maskMode = Self.maskMode(matteType: type)
    return holder
  }

  /// The mask mode of a track matte type (`tt`): 1 alpha, 2 alpha inverted, 3 luma,
  /// 4 luma inverted; anything else reads as alpha.
  static func maskMode(matteType: Int) -> LayerMaskMode {
    switch matteType {
    case 2: .inverseAlpha
    case 3: .luminance
    case 4: .inverseLuminance
    default: .alpha
    }
  }

  private func addContent(
    _ model: LayerModel, to content: CALayer, timing: LayerTiming, endFrame: Double?, depth: Int,
    keys: [String]
  ) {
    switch model.kind {
    case .shape(let items, _):
      let builder = ShapeTreeBuilder(timing: timing)
      for l in builder.layers(items, inherited: [], roundness: nil, depth: 0) {
        content.appendBuiltSublayer(l)
      }
    case .solid(let color, let w, let h):
      let solid = CALayer()
      solid.anchorPoint = .zero
      solid.bounds = CGRect(x: 0, y: 0, width: w, height: h)
      solid.backgroundColor = LottieColorConversion.cgColor(color)
      content.appendBuiltSublayer(solid)
    case .image(let id):
      guard case .image(let w, let h, let data, _, let name, let dir)? = composition.assets[id]
      else { return }
      let layer = CALayer()
      layer.anchorPoint = .zero
      layer.bounds = CGRect(x: 0, y: 0, width: w, height: h)
      let asset = LottieImageAsset(
        id: id, name: name, directory: dir, width: w, height: h, data: data)
      if let image = images[id] ?? imageProvider?.imageForAsset(asset: asset)
        ?? data.flatMap({ d in decodeImage?(d) })
      {
        images[id] = image
        layer.contents = image
      }
      content.appendBuiltSublayer(layer)
    case .precomp(let id, let w, let h):
      guard case .precomp(let layers)? = composition.assets[id] else { return }
      let clip = CALayer()
      clip.anchorPoint = .zero
      clip.bounds = CGRect(x: 0, y: 0, width: w, height: h)
      clip.masksToBounds = w > 0 && h > 0
      let time = CALayer.lottieGroup(name: "precomp \(id)")
      let innerRemap = remap(for: model, in: timing)
      var innerRoot: RootFrames? = nil
      if innerRemap == nil, let tm = model.timeRemap {
        // A constant remap freezes the content at its value.
        time.speed = 0
        time.timeOffset = tm.initial
      } else if innerRemap == nil {
        time.beginTime = model.startTime / timing.frameRate
        time.speed = Float(1 / model.timeStretch)
        innerRoot = timing.root?.inside(startTime: model.startTime, stretch: model.timeStretch)
      }
      let innerEnd =
        innerRemap == nil && model.timeRemap == nil
        ? endFrame.map { ($0 - model.startTime) / model.timeStretch } : nil
      // A time layer that neither moves nor stretches time is left out.
      let keepsTime = time.speed != 1 || time.beginTime != 0 || time.timeOffset != 0
      if keepsTime { clip.appendBuiltSublayer(time) }
      content.appendBuiltSublayer(clip)
      build(
        layers, into: keepsTime ? time : clip, endFrame: innerEnd, root: innerRoot,
        depth: depth + 1, remap: innerRemap, keys: keys)
    case .text(let documents):
      let provider = textProvider
      let builder = TextLayerBuilder(
        timing: timing, composition: composition, registry: fontRegistry,
        fontProvider: fontProvider,
        text: { provider?.text(for: AnimationKeypath(keys: keys), sourceText: $0) ?? $0 })
      for l in builder.layers(documents) { content.appendBuiltSublayer(l) }
    case .null, .other:
      break
    }
  }

  /// The remap of a precomposition's content: its own time remapping (which replaces its
  /// start time and stretch, as in lottie-ios) sampled over the layer's span, composed
  /// after an enclosing remap; or, inside an enclosing remap, its start time and stretch
  /// composed onto it. Nil when neither applies (the time layer's timing does the work,
  /// and a constant remap outside any other freezes it).
  private func remap(for model: LayerModel, in timing: LayerTiming) -> FrameRemap? {
    let fr = timing.frameRate
    if let tm = model.timeRemap, tm.isAnimated || timing.remap != nil {
      let local = FrameRemap.remapped(tm, frameRate: fr)
      if let outer = timing.remap { return outer.then(local) }
      let span = min(model.inPoint, model.outPoint)...max(model.inPoint, model.outPoint)
      return FrameRemap(span: span, localFrame: local)
    }
    guard let outer = timing.remap, model.timeRemap == nil else { return nil }
    let st = model.startTime
    let sr = model.timeStretch
    return outer.then { ($0 - st) / sr }
  }
}
