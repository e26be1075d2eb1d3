import Foundation

/// Builds a `RenderTree` from a layer tree, on the layers' thread.
///
/// Before copying, it lays the tree out (`layoutIfNeeded()`) and brings every layer's
/// contents up to date: a layer marked as needing display runs `display()`, and when
/// that leaves `contents` unchanged, `draw(in:)` draws a new backing store of
/// `bounds.size · contentsScale` pixels (at most `maximumBackingStoreSide` per side and
/// `maximumBackingStorePixels` in all; a larger layer draws at a lower scale). The store is kept on the layer and reused until the
/// layer needs display again, or dropped once `contents` is set to something else.
///
/// A replicator's sublayers are copied once per instance, each copy carrying its
/// instance transform and colour. A layer met twice on one path (a mask cycle) is
/// skipped with a diagnostic.
package struct RenderTreeBuilder {
  /// The largest backing store `draw(in:)` gets, in pixels (4096 × 4096).
  package static let maximumBackingStorePixels = 4096 * 4096
  /// The longest side a backing store gets, in pixels (a longer layer is drawn at a
  /// lower resolution along that side only).
  package static let maximumBackingStoreSide = 8192

  /// The most layer copies replicators may add to one frame's tree (a copy of a
  /// replicated subtree counts each of its layers); instances past it are not drawn, with
  /// a diagnostic. Keeps `instanceCount = 1_000_000_000` to bounded memory and time.
  package static let maximumReplicatedNodes = 1 << 14

  private var tree = RenderTree()
  /// Copies added by replicators so far.
  private var replicatedNodes = 0
  private var onPath = Set<ObjectIdentifier>()
  private let stateOf: (CALayer) -> LayerState
  /// Whether the tree is the context's presentation (transitions and replicator
  /// instance delays are drawn).
  private let transitions: Bool

  /// - Parameters:
  ///   - state: the presentation state of a model layer at the frame's time.
  ///   - transitions: whether running `CATransition`s are drawn.
  private init(state: @escaping (CALayer) -> LayerState, transitions: Bool) {
    stateOf = state
    self.transitions = transitions
  }

  /// The render tree of `root`'s subtree.
  ///
  /// - Parameters:
  ///   - root: a model layer.
  ///   - state: the state to draw each layer with (its presentation state; the model
  ///     state when nothing animates).
  ///   - transitions: whether layers with a running `CATransition` also carry their
  ///     outgoing state (a second node with the outgoing sublayers, keyed by the
  ///     bitwise complement of the instance number).
  ///   - capacity: how many nodes to make room for at once (the previous frame's count:
  ///     the node array then grows without copying its nodes). Default 0.
  package static func build(
    root: CALayer, transitions: Bool = false, capacity: Int = 0, state: @escaping (CALayer) -> LayerState
  ) -> RenderTree {
    root.layoutIfNeeded()
    var b = RenderTreeBuilder(state: state, transitions: transitions)
    b.tree.nodes.reserveCapacity(capacity)
    b.tree.root = b.add(root, instance: 0, instanceTransform: nil, tint: nil, parentTime: nil)
    return b.tree
  }

  /// Adds `layer`'s subtree. `parentTime`, when given, is the superlayer's local time
  /// to evaluate the layer's animations at (a delayed replicator copy) instead of the
  /// frame's presentation.
  private mutating func add(
    _ layer: CALayer, instance: Int, instanceTransform: CATransform3D?, tint: SIMD4<Float>?, parentTime: Double?
  ) -> Int? {
    return StackReserve.ensure {
      let id = ObjectIdentifier(layer)
      guard !onPath.contains(id) else {
        CADiagnostics.report(key: "mask", "\(layer) appears inside its own subtree or mask (a cycle); skipped")
        return nil
      }
      onPath.insert(id)
      defer { onPath.remove(id) }

      let store = Self.updateBackingStore(layer)
      let delayed = parentTime.map { layer.presentationState(atParentTime: $0) }
      let kind = Self.kind(of: layer)
      // The node is built in place in the tree (a node is large: no copy of it is made).
      let index = tree.nodes.count
      tree.nodes.append(
        RenderNode(key: .init(layer: id, instance: instance), kind: kind, state: delayed?.state ?? stateOf(layer)))
      tree.nodes[index].backingStore = store
      if let tiled = layer as? CATiledLayer, tree.nodes[index].state.contents == nil {
        tree.nodes[index].tiles = TiledLayerSource(tiled)
      }
      tree.nodes[index].instanceTransform = instanceTransform
      tree.nodes[index].tint = tint
      if let emitter = layer as? CAEmitterLayer {
        tree.nodes[index].particles = emitter.particles(
          at: delayed?.localTime ?? layer.animationStorage.localTime, shown: tree.nodes[index].state)
        tree.nodes[index].particlesAdd = tree.nodes[index].state.emitterState.renderMode == .additive
      }

      var children: [Int] = []
      if kind == .replicator, let rep = tree.nodes[index].state.replicator {
        let a = tree.nodes[index].state.anchorInBounds
        let z = tree.nodes[index].state.anchorPointZ
        let toAnchor = CATransform3DMakeTranslation(-a.x, -a.y, -z)
        let back = CATransform3DMakeTranslation(a.x, a.y, z)
        var step = CATransform3D.identity
        var color = Self.rgba(rep.instanceColor ?? .white)
        let offset = SIMD4<Float>(rep.instanceRedOffset, rep.instanceGreenOffset, rep.instanceBlueOffset, rep.instanceAlphaOffset)
        let delay = rep.instanceDelay.isFinite ? rep.instanceDelay : 0
        let now = delayed?.localTime ?? layer.animationStorage.localTime
        var count = Swift.max(rep.instanceCount, 0)
      let perInstance = Swift.max(Self.subtreeSize(layer.children), 1)
      let budget = Swift.max(Self.maximumReplicatedNodes - replicatedNodes, 0) / perInstance
      if count > budget {
        CADiagnostics.report(
          key: "instanceCount",
          "\(layer) asks for \(count) instances; drew \(budget) (at most \(Self.maximumReplicatedNodes) replicated layers a frame)")
        count = budget
      }
      replicatedNodes += count * perInstance
      for i in 0..<count {
          let time = transitions && delay != 0 && i > 0 ? now - Double(i) * delay : delayed?.localTime
          let inst = i == 0 ? nil : toAnchor.concatenating(step).concatenating(back)
          let clamped = simd_clamp01(color)
          let copyTint: SIMD4<Float>? = clamped == SIMD4(repeating: 1) ? tint : clamped * (tint ?? SIMD4(repeating: 1))
          for child in layer.children {
            if let c = add(
              child, instance: instance &* 31 &+ i &+ 1, instanceTransform: inst, tint: copyTint, parentTime: time)
            {
              children.append(c)
            }
          }
          step = step.concatenating(rep.instanceTransform)
          color += offset
        }
      } else {
        children = addChildren(layer.children, instance: instance, tint: tint, parentTime: delayed?.localTime)
      }
      tree.nodes[index].children = zOrdered(children)
      if let m = layer.maskLayer {
        tree.nodes[index].mask = add(m, instance: instance, instanceTransform: nil, tint: nil, parentTime: delayed?.localTime)
      }
      if transitions, let t = layer.presentationTransition {
        let out = addOutgoing(t.outgoing, of: layer, instance: ~instance, instanceTransform: instanceTransform, tint: tint)
        tree.nodes[index].transition = RenderTransition(t, outgoing: out)
      }
      return index
    }
  }

  private mutating func addChildren(
    _ layers: [CALayer], instance: Int, tint: SIMD4<Float>?, parentTime: Double?
  ) -> [Int] {
    var indices: [Int] = []
    indices.reserveCapacity(layers.count)
    for child in layers {
      if let c = add(child, instance: instance, instanceTransform: nil, tint: tint, parentTime: parentTime) {
        indices.append(c)
      }
    }
    return indices
  }

  /// The node of a transition's outgoing state: the snapshot's state (no backing
  /// store) with the snapshot's sublayers.
  private mutating func addOutgoing(
    _ snapshot: TransitionSnapshot, of layer: CALayer, instance: Int, instanceTransform: CATransform3D?,
    tint: SIMD4<Float>?
  ) -> Int {
    let index = tree.nodes.count
    tree.nodes.append(
      RenderNode(
        key: .init(layer: ObjectIdentifier(layer), instance: instance), kind: Self.kind(of: layer),
        state: snapshot.state))
    tree.nodes[index].instanceTransform = instanceTransform
    tree.nodes[index].tint = tint
    let id = ObjectIdentifier(layer)
    onPath.insert(id)
    defer { onPath.remove(id) }
    tree.nodes[index].children = zOrdered(addChildren(snapshot.sublayers, instance: instance, tint: tint, parentTime: nil))
    return index
  }

  /// Node indices stably sorted by their nodes' zPosition (insertion order breaks
  /// ties); unchanged when every zPosition is the same (the usual case).
  private func zOrdered(_ children: [Int]) -> [Int] {
    guard let first = children.first,
      children.contains(where: { tree.nodes[$0].state.zPosition != tree.nodes[first].state.zPosition })
    else { return children }
    return children.enumerated().sorted { l, r in
      let zl = tree.nodes[l.element].state.zPosition, zr = tree.nodes[r.element].state.zPosition
      return zl != zr ? zl < zr : l.offset < r.offset
    }.map(\.element)
  }

  /// How many layers (sublayers and masks, nested) the subtrees of `layers` hold, counted
  /// up to `maximumReplicatedNodes + 1`.
  private static func subtreeSize(_ layers: [CALayer]) -> Int {
    var pending = layers
    var count = 0
    while let l = pending.popLast(), count <= maximumReplicatedNodes {
      count += 1
      pending.append(contentsOf: l.children)
      if let m = l.maskLayer { pending.append(m) }
    }
    return count
  }

  private static func kind(of layer: CALayer) -> RenderNode.Kind {
    switch layer {
    case is CATransformLayer: return .transform
    case is CAReplicatorLayer: return .replicator
    case is CAShapeLayer: return .shape
    case is CAGradientLayer: return .gradient
    case is CATextLayer: return .text
    default: return .layer
    }
  }

  private static func rgba(_ c: CGColor) -> SIMD4<Float> {
    SIMD4(Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha))
  }

  /// Runs `display()` if the layer needs it, redraws its backing store when `display()`
  /// left `contents` alone, and returns the store to show (nil when `contents` has
  /// been replaced since it was drawn).
  private static func updateBackingStore(_ layer: CALayer) -> CGImage? {
    if layer is CATextLayer || layer is CATiledLayer {
      // A tiled layer draws its tiles while compositing (TiledLayerSource); text
      // is drawn as vector outlines from the presentation state at every frame.
      layer.displayIfNeeded()
      return nil
    }
    if layer.needsDisplay() {
      let before = layer.state.contentsObject
      layer.displayIfNeeded()
      if layer.state.contentsObject == before {
        layer.backingStore = drawBackingStore(layer)
      } else {
        layer.backingStore = nil
      }
    }
    guard let store = layer.backingStore, store.contentsAtDraw == layer.state.contentsObject else {
      return nil
    }
    return store.image
  }

  private static func drawBackingStore(_ layer: CALayer) -> LayerBackingStore? {
    let s = layer.state
    let size = s.bounds.size
    guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else { return nil }
    let scale = s.contentsScale.isFinite && s.contentsScale > 0 ? s.contentsScale : 1
    // Each side is capped on its own first (a long thin layer keeps its thin side's
    // resolution), then both shrink by one factor to the pixel budget.
    let side = CGFloat(maximumBackingStoreSide)
    var sx = min(size.width * scale, side), sy = min(size.height * scale, side)
    let pixels = Double(sx) * Double(sy)
    if pixels > Double(maximumBackingStorePixels) {
      let k = (Double(maximumBackingStorePixels) / pixels).squareRoot()
      sx *= k
      sy *= k
    }
    let w = max(Int(geometric: sx, .up), 1), h = max(Int(geometric: sy, .up), 1)
    guard w <= CGImage.maximumDimension, h <= CGImage.maximumDimension, let ctx = CGContext(width: w, height: h)
    else {
      CADiagnostics.report(key: "display", "\(layer) is too large to draw; drew nothing")
      return nil
    }
    ctx.scaleBy(x: CGFloat(w) / size.width, y: CGFloat(h) / size.height)
    ctx.translateBy(x: -s.bounds.minX, y: -s.bounds.minY)
    layer.delegate?.layerWillDraw(layer)
    CGContext.withCurrent(ctx) { layer.draw(in: ctx) }
    guard let image = ctx.makeImage() else { return nil }
    return LayerBackingStore(image: image, contentsAtDraw: s.contentsObject)
  }
}

/// Each lane clamped to 0…1.
private func simd_clamp01(_ v: SIMD4<Float>) -> SIMD4<Float> {
  v.replacing(with: 0, where: v .< 0).replacing(with: 1, where: v .> 1)
}
