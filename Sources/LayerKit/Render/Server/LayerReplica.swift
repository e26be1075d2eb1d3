import Foundation

/// The render thread's own copy of a committed tree, rebuilt from each snapshot
/// (`LayerTreeSnapshot`) and evaluated by a `CAContext` of its own.
///
/// Its layers are LayerKit layers (`CALayer.makeRenderReplica()`) with no delegate: no
/// code of the app runs on their behalf. Layers and animations keep their identity from
/// snapshot to snapshot (by the snapshot's numbers), so an animation is compiled once and
/// its evaluation state, the render tree and the damage carry over between frames, and a
/// snapshot that changed nothing costs one comparison per layer.
///
/// Each animation is attached as the app thread committed it: begin time stamped, start
/// value captured, removal on completion as read at that commit. The replica's context
/// therefore computes, at any time, the values the app thread's context computes at that
/// time, with the same functions (`CAContext.updatePresentation()`), bit for bit.
///
/// Belongs to the thread that applies snapshots to it (the render thread); its context
/// is current there only while a snapshot is applied, under a transaction that disables
/// actions.
package final class LayerReplica {
  /// The replica's clock, set to each frame's time by the render server.
  package let clock = CAManualClock()
  /// The context evaluating the replica tree.
  package let context: CAContext

  private struct Replica {
    var layer: CALayer
    var layerClass: ObjectIdentifier
    var changeStamp: UInt64
    /// The snapshot animations attached, by number, and the keys of their entries.
    var animations: [UInt64] = []
    var animationKeys: [String] = []
    /// Animations the replica removed on completion before the app thread did: not
    /// attached again while later snapshots still list them.
    var finished: Set<UInt64> = []
  }

  private var replicas: [UInt64: Replica] = [:]
  /// The number of the last snapshot applied (0 before the first).
  package private(set) var appliedCommit: UInt64 = 0
  /// The device pixels per point of the last snapshot applied.
  package private(set) var appliedScale: CGFloat = 1
  /// Animations compiled since the replica was made (for tests that count work).
  package private(set) var compiledAnimations = 0

  /// Makes a replica on the thread that will apply snapshots and render it. Its context
  /// is current only while a snapshot is applied: on the render thread nothing else is,
  /// and in a synchronous server the app's context stays the current one.
  package init() {
    context = CAContext(clock: clock, becomesCurrent: false)
  }

  /// The replica layer of the snapshot layer numbered `id`, if the last snapshot had it.
  package func layer(id: UInt64) -> CALayer? { replicas[id]?.layer }

  /// Brings the replica up to `snapshot` and commits it at `time` (the replica's clock
  /// moves there first).
  package func apply(_ snapshot: LayerTreeSnapshot, at time: CFTimeInterval) {
    clock.time = time
    context.whileCurrent { update(to: snapshot) }
    // The tree commit alone: the thread's transaction belongs to whoever else uses it
    // (the app, in a synchronous server), and the replica's own one closed above.
    context.commitTree()
  }

  private func update(to snapshot: LayerTreeSnapshot) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    var live: [UInt64: Replica] = [:]
    live.reserveCapacity(snapshot.layers.count)
    var made: [CALayer] = []
    made.reserveCapacity(snapshot.layers.count)
    for s in snapshot.layers {
      var r = replica(for: s)
      update(&r, from: s)
      live[s.id] = r
      made.append(r.layer)
    }
    // Structure: sublayers and masks by index into `made`.
    for (i, s) in snapshot.layers.enumerated() {
      let layer = made[i]
      let children = s.children.map { made[$0] }
      if children.count != layer.children.count
        || !zip(children, layer.children).allSatisfy({ $0 === $1 })
      {
        layer.sublayers = children
      }
      let mask = s.mask.map { made[$0] }
      if layer.mask !== mask { layer.mask = mask }
    }
    replicas = live
    let root = made.first
    if root?.parentLayer != nil { root?.removeFromSuperlayer() }
    if context.layer !== root { context.layer = root }
    appliedCommit = snapshot.commit
    appliedScale = snapshot.scale
    CATransaction.commit()
  }

  /// The replica of `s`: the one made for its number, unless its class changed.
  private func replica(for s: LayerTreeSnapshot.Layer) -> Replica {
    let cls = ObjectIdentifier(s.layerClass)
    if let r = replicas[s.id], r.layerClass == cls { return r }
    let layer = s.layerClass.makeRenderReplica()
    return Replica(layer: layer, layerClass: cls, changeStamp: .max)
  }

  /// Copies what changed in `s` into the replica: model state, drawn image, glyphs,
  /// tiles, animations.
  private func update(_ r: inout Replica, from s: LayerTreeSnapshot.Layer) {
    let layer = r.layer
    if r.changeStamp != s.changeStamp {
      r.changeStamp = s.changeStamp
      if layer.state != s.state { layer.state = s.state }
      layer.backingStore = s.backingStore
      layer.recordChange(.drawing)
    }
    layer.adoptSnapshotParts(s.classParts)
    updateAnimations(&r, s.animations)
  }

  /// Attaches the snapshot's animations the replica lacks and detaches those it no
  /// longer lists, keeping the add order.
  private func updateAnimations(_ r: inout Replica, _ animations: [LayerTreeSnapshot.Animation]) {
    let storage = r.layer.animationStorage
    // Animations the replica removed on completion are gone from its entries.
    if r.animations.count != storage.entries.count {
      for (id, key) in zip(r.animations, r.animationKeys) where storage.entry(forKey: key) == nil {
        r.finished.insert(id)
      }
    }
    let wanted = animations.filter { !r.finished.contains($0.id) }
    if wanted.map(\.id) == r.animations { return }
    let kept = Dictionary(
      uniqueKeysWithValues: zip(r.animations, r.animationKeys).compactMap { id, key in
        storage.entry(forKey: key).map { (id, $0) }
      })
    var entries: [LayerAnimationEntry] = []
    entries.reserveCapacity(wanted.count)
    for a in wanted {
      if let e = kept[a.id] {
        entries.append(e)
      } else {
        compiledAnimations &+= 1
        entries.append(
          LayerAnimationEntry.committedCopy(of: a, registry: type(of: r.layer).propertyRegistry))
      }
    }
    let listed = Set(animations.map(\.id))
    r.finished = r.finished.filter { listed.contains($0) }
    r.animations = wanted.map(\.id)
    r.animationKeys = entries.map(\.key)
    storage.entries = entries
    r.layer.recordChange(.attachment)
    context.invalidate()
  }
}
