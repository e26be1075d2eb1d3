import Foundation

/// Makes `LayerTreeSnapshot`s of one app tree, on its thread: gives each layer and each
/// committed animation a number that stays the same from snapshot to snapshot, so that
/// the render thread's replica keeps what it built for them (its layers, its compiled
/// animations and their evaluation state).
///
/// It keeps a weak reference per layer and a strong one per animation entry it has
/// numbered, both only for what the last snapshot held: a layer or animation that left
/// the tree is forgotten at the next snapshot, so the tables stay the size of the tree.
package struct SnapshotMaker {
  private struct KnownLayer {
    weak var layer: CALayer?
    var id: UInt64
  }

  private struct KnownAnimation {
    /// Held so that its object identifier is not reused while it is known.
    var entry: LayerAnimationEntry
    var snapshot: LayerTreeSnapshot.Animation
  }

  /// Copies of the entries emission histories name, by app entry (held, as above).
  private var rateEntries:
    [ObjectIdentifier: (entry: LayerAnimationEntry, copy: LayerAnimationEntry)] =
      [:]
  private var liveRateEntries:
    [ObjectIdentifier: (entry: LayerAnimationEntry, copy: LayerAnimationEntry)] =
      [:]
  private var layers: [ObjectIdentifier: KnownLayer] = [:]
  private var animations: [ObjectIdentifier: KnownAnimation] = [:]
  /// What the snapshot being made holds, of each table above: they replace the tables
  /// when it is done.
  private var liveLayers: [ObjectIdentifier: KnownLayer] = [:]
  private var liveAnimations: [ObjectIdentifier: KnownAnimation] = [:]
  private var nextLayerID: UInt64 = 0
  private var nextAnimationID: UInt64 = 0
  private var commits: UInt64 = 0
  /// Layers of the snapshot being made, by object, to refuse a layer met twice (a mask
  /// cycle the public API refuses, or a layer that is both a sublayer and a mask).
  private var seen = Set<ObjectIdentifier>()

  package init() {}

  /// The number `layer` had in the last snapshot, if it was in it.
  package func id(of layer: CALayer) -> UInt64? {
    guard let known = layers[ObjectIdentifier(layer)], known.layer === layer else { return nil }
    return known.id
  }

  /// A snapshot of `root`'s tree as it is now: call it after the tree's commit, layout and
  /// display (`RenderServer.commit`), on the tree's thread.
  package mutating func snapshot(
    of root: CALayer?, time: CFTimeInterval, width: Int, height: Int, scale: CGFloat
  ) -> LayerTreeSnapshot {
    commits &+= 1
    var s = LayerTreeSnapshot()
    s.commit = commits
    s.time = time
    s.width = width
    s.height = height
    s.scale = scale
    seen.removeAll(keepingCapacity: true)
    if let root { _ = add(root, to: &s) }
    swap(&layers, &liveLayers)
    swap(&animations, &liveAnimations)
    swap(&rateEntries, &liveRateEntries)
    liveLayers.removeAll(keepingCapacity: true)
    liveAnimations.removeAll(keepingCapacity: true)
    liveRateEntries.removeAll(keepingCapacity: true)
    return s
  }

  /// Appends `layer` and its subtree; returns its index, or nil for a layer met twice.
  private mutating func add(_ layer: CALayer, to s: inout LayerTreeSnapshot) -> Int? {
    let object = ObjectIdentifier(layer)
    guard seen.insert(object).inserted else { return nil }
    let id: UInt64
    if let known = layers[object], known.layer === layer {
      id = known.id
    } else {
      nextLayerID &+= 1
      id = nextLayerID
    }
    liveLayers[object] = KnownLayer(layer: layer, id: id)
    var entry = LayerTreeSnapshot.Layer(
      id: id, layerClass: type(of: layer), state: layer.state,
      changeStamp: layer.renderChangeStamp,
      backingStore: DisplayStage.backingImage(layer) == nil ? nil : layer.backingStore)
    switch layer.snapshotParts() {
    case .emission(let e):
      let registry = type(of: layer).propertyRegistry
      entry.classParts = .emission(
        LayerTreeSnapshot.Emission(
          history: e.history.mapEntries { rateEntry($0, registry: registry) }))
    case let parts:
      entry.classParts = parts
    }
    for e in layer.animationStorage.entries where e.isCommitted {
      entry.animations.append(animation(e))
    }
    let index = s.layers.count
    s.layers.append(entry)
    var children: [Int] = []
    children.reserveCapacity(layer.children.count)
    for child in layer.children {
      let i = StackReserve.ensure {
        add(child, to: &s)
      }
      if let i { children.append(i) }
    }
    s.layers[index].children = children
    if let mask = layer.maskLayer {
      s.layers[index].mask = StackReserve.ensure {
        add(mask, to: &s)
      }
    }
    return index
  }

  /// A copy of `e` for an emission history in a snapshot: made once per entry.
  private mutating func rateEntry(_ e: LayerAnimationEntry, registry: LayerPropertyRegistry)
    -> LayerAnimationEntry
  {
    let object = ObjectIdentifier(e)
    if let known = rateEntries[object] ?? liveRateEntries[object] {
      liveRateEntries[object] = known
      return known.copy
    }
    let copy = e.animation.copy() as! CAAnimation
    copy.delegate = nil
    let made = LayerAnimationEntry.committedCopy(
      of: LayerTreeSnapshot.Animation(id: 0, entry: e, animation: copy), registry: registry)
    made.isCommitted = e.isCommitted
    liveRateEntries[object] = (e, made)
    return made
  }

  /// The snapshot of a committed animation entry: made once per entry, with a copy of
  /// its animation that has no delegate (the render thread tells no one anything).
  private mutating func animation(_ e: LayerAnimationEntry) -> LayerTreeSnapshot.Animation {
    let object = ObjectIdentifier(e)
    if let known = animations[object] {
      liveAnimations[object] = known
      return known.snapshot
    }
    nextAnimationID &+= 1
    let copy = e.animation.copy() as! CAAnimation
    copy.delegate = nil
    if let transition = copy as? CATransition, let outgoing = transition.outgoingSnapshot {
      transition.outgoingSnapshot = outgoing.detached()
    }
    let made = LayerTreeSnapshot.Animation(id: nextAnimationID, entry: e, animation: copy)
    liveAnimations[object] = KnownAnimation(entry: e, snapshot: made)
    return made
  }
}
