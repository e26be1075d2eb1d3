import Foundation

/// Builds a `RenderTree` from a layer tree, on the layers' thread, and keeps it up to
/// date from frame to frame.
///
/// It only reads the layers: layout and display ran before it (`DisplayStage`), so a
/// node takes the backing store `draw(in:)` drew for its layer as long as the layer's
/// `contents` are still the ones it was drawn over, and a tiled layer's node the layer's
/// tile cache. No user code runs while it builds, and it writes to no layer.
///
/// A replicator's sublayers are copied once per instance, each copy carrying its
/// instance transform and colour. A layer met twice on one path (a mask cycle) is
/// skipped with a diagnostic.
///
/// A builder kept between frames (``update(root:evaluation:)``) rewrites its tree in
/// place when no sublayer, mask or animation was attached or removed since the last
/// build (`RenderTreeBuilder+Update`): only nodes whose layer changed or shows an
/// animation are rewritten, and subtrees with neither are not visited; replicator copies
/// and transition nodes are updated the same way, as long as each replicator draws as
/// many copies as before. Otherwise it builds the tree afresh; a node equal to the
/// previous tree's node of the same key keeps its change stamp either way.
package struct RenderTreeBuilder {
  /// The most layer copies replicators may add to one frame's tree (a copy of a
  /// replicated subtree counts each of its layers); instances past it are not drawn, with
  /// a diagnostic. Keeps `instanceCount = 1_000_000_000` to bounded memory and time.
  package static let maximumReplicatedNodes = 1 << 14

  /// Where a node's state comes from.
  enum StateSource {
    /// The presentation state at the context's last evaluation, else the model.
    case presentation
    /// The model state.
    case model
    /// A state made from the layer by the caller.
    case custom((CALayer) -> LayerState)
  }

  /// What updating a node in place needs to know, beside the node.
  struct NodeInfo {
    /// The layer the node was built from.
    var layer: CALayer
    /// One past the index of the subtree's last node (its nodes are `index ..< end`).
    var end: Int
    /// Whether the state came from the layer's animations.
    var showsAnimation: Bool
    /// Whether a layer of the subtree has animations attached (its state may change
    /// at every evaluation).
    var subtreeAnimated: Bool
    /// Whether the node draws something that changes without its layer being told
    /// (emitter particles, tiles): rewritten at every build.
    var volatile: Bool
    /// Whether a node of the subtree is volatile.
    var subtreeVolatile: Bool
    /// For a replicator: the instance count it asked for, and the copies drawn (the
    /// count within the budget of `maximumReplicatedNodes`); −1 for other nodes.
    var requestedInstances = -1
    var instances = -1
    /// Whether the layer had a `CATransition` attached when the tree was built (it may
    /// show or stop showing a transition node without another attachment).
    var transitionEntry = false
  }

  /// The tree as last built.
  package internal(set) var tree = RenderTree()
  /// Per node of `tree`.
  var info: [NodeInfo] = []
  /// The tree and information before the last full build (kept for their buffers).
  private var previous = RenderTree()
  private var previousInfo: [NodeInfo] = []
  /// The previous tree's node indices by key, made when a full build first needs it.
  private var previousIndex: [RenderNode.Key: Int] = [:]
  private var previousIndexIsBuilt = false
  /// Copies added by replicators so far.
  private var replicatedNodes = 0
  private var onPath = Set<ObjectIdentifier>()
  let source: StateSource
  /// The context whose last evaluation `.presentation` reads (presentation states, local
  /// times, transitions), as given to the last ``update(root:evaluation:context:)``.
  private(set) var context: CAContext?
  /// Whether the tree is the context's presentation (transitions and replicator
  /// instance delays are drawn).
  let transitions: Bool
  /// The tree's `LayerChangeLog.renderStamp` when the last build started.
  var builtAt: UInt64 = 0
  /// The tree's `LayerChangeLog.attachments` after the last build's layout.
  private var builtAttachments: UInt64 = .max
  /// The change log the last build read.
  private var builtLog: LayerChangeLog?
  /// The newest node change stamp this builder handed out (`nextNodeStamp()`): the
  /// tree's `RenderTree.newestStamp` after each build.
  private var nodeClock: UInt64 = 0
  /// The evaluation the last build drew (`CAContext.evaluatedFrames`).
  private(set) var builtEvaluation = -1
  /// Whether no tree was built yet.
  private var rebuildsWhole = true
  /// How many in-place updates met a change of the tree's shape and gave way to a
  /// build afresh (builds afresh because something was attached or removed somewhere,
  /// and the first build, are not counted).
  package private(set) var abandonedUpdates = 0
  /// Whether the last ``update(root:evaluation:)`` updated the tree in place.
  package private(set) var updatedInPlace = false

  /// A builder whose nodes get their state from `source`.
  ///
  /// - Parameters:
  ///   - transitions: whether layers with a running `CATransition` also carry their
  ///     outgoing state (a second node with the outgoing sublayers, keyed by the
  ///     bitwise complement of the instance number), and replicator copies are drawn
  ///     with their instance delays.
  init(source: StateSource, transitions: Bool) {
    self.source = source
    self.transitions = transitions
  }

  /// A builder kept between frames, drawing the presentation state (`presentation`:
  /// with transitions and replicator instance delays) or the model state.
  package init(presentation: Bool) {
    self.init(source: presentation ? .presentation : .model, transitions: presentation)
  }

  /// The render tree of `root`'s subtree, built afresh (layout and display already ran:
  /// see `DisplayStage`).
  ///
  /// - Parameters:
  ///   - root: a model layer.
  ///   - state: the state to draw each layer with (its presentation state; the model
  ///     state when nothing animates).
  ///   - transitions: whether running `CATransition`s are drawn (see
  ///     ``init(presentation:)``).
  ///   - capacity: how many nodes to make room for at once. Default 0.
  package static func build(
    root: CALayer, transitions: Bool = false, capacity: Int = 0,
    state: @escaping (CALayer) -> LayerState
  ) -> RenderTree {
    var b = RenderTreeBuilder(source: .custom(state), transitions: transitions)
    b.tree.nodes.reserveCapacity(capacity)
    b.rebuild(root)
    b.tree.newestStamp = b.nodeClock
    return b.tree
  }

  /// `layer`'s local time at the context's last evaluation (0 without a context).
  func localTime(of layer: CALayer) -> Double { context?.localTime(of: layer) ?? 0 }

  /// A node change stamp newer than every one this builder handed out before.
  mutating func nextNodeStamp() -> UInt64 {
    nodeClock &+= 1
    return nodeClock
  }

  /// Brings ``tree`` up to date with `root`'s subtree: in place when its shape cannot
  /// have changed since the last call, afresh otherwise.
  ///
  /// Copies of ``tree`` held elsewhere should be dropped first, or the update copies
  /// every node before writing.
  /// - Parameters:
  ///   - root: a model layer.
  ///   - evaluation: a count that moves whenever the presentation was evaluated again
  ///     (`CAContext.evaluatedFrames`; 0 for the model): while it stands, animated
  ///     layers show what they showed at the last build.
  ///   - context: the context whose evaluation the presentation comes from (nil: the
  ///     model).
  package mutating func update(root: CALayer, evaluation: Int, context: CAContext? = nil) {
    self.context = context
    let log = root.treeChangeLog
    let start = log.renderStamp
    let attachments = log.attachments
    let moved = evaluation != builtEvaluation
    defer {
      builtAt = start
      builtAttachments = attachments
      builtLog = log
      builtEvaluation = evaluation
      tree.newestStamp = nodeClock
    }
    let unattached = !rebuildsWhole && log === builtLog && attachments == builtAttachments
    if unattached, info.first?.layer === root, updateInPlace(root, moved: moved) {
      updatedInPlace = true
      return
    }
    updatedInPlace = false
    if unattached { abandonedUpdates += 1 }
    rebuild(root)
  }

  /// Builds the tree afresh, carrying the change stamps of unchanged nodes over.
  mutating func rebuild(_ root: CALayer) {
    swap(&tree, &previous)
    swap(&info, &previousInfo)
    tree.nodes.removeAll(keepingCapacity: true)
    info.removeAll(keepingCapacity: true)
    tree.hasParticles = false
    previousIndex.removeAll(keepingCapacity: true)
    previousIndexIsBuilt = false
    replicatedNodes = 0
    rebuildsWhole = false
    tree.root = add(root, instance: 0, instanceTransform: nil, tint: nil, parentTime: nil)
    tree.structureStamp = hasPreviousShape ? previous.structureStamp : nextNodeStamp()
    previousInfo.removeAll(keepingCapacity: true)
  }

  /// Whether `tree` has the shape `previous` had: the same keys at the same indices,
  /// with the same subtrees, masks and transition nodes.
  private var hasPreviousShape: Bool {
    guard tree.nodes.count == previous.nodes.count, tree.root == previous.root else { return false }
    for i in tree.nodes.indices {
      guard tree.nodes[i].key == previous.nodes[i].key, info[i].end == previousInfo[i].end,
        tree.nodes[i].mask == previous.nodes[i].mask,
        tree.nodes[i].transition?.outgoing == previous.nodes[i].transition?.outgoing
      else { return false }
    }
    return true
  }

  /// Adds `layer`'s subtree. `parentTime`, when given, is the superlayer's local time
  /// to evaluate the layer's animations at (a delayed replicator copy) instead of the
  /// frame's presentation.
  private mutating func add(
    _ layer: CALayer, instance: Int, instanceTransform: CATransform3D?, tint: SIMD4<Float>?,
    parentTime: Double?
  ) -> Int? {
    return StackReserve.ensure {
      let id = ObjectIdentifier(layer)
      guard !onPath.contains(id) else {
        CADiagnostics.report(
          key: "mask", "\(layer) appears inside its own subtree or mask (a cycle); skipped")
        return nil
      }
      onPath.insert(id)
      defer { onPath.remove(id) }

      let store = DisplayStage.backingImage(layer)
      let delayed = parentTime.map { layer.presentationState(atParentTime: $0) }
      let kind = Self.kind(of: layer)
      let storage = layer.animationStorage
      var shows = false
      let state: LayerState
      if let delayed {
        state = delayed.state
      } else {
        switch source {
        case .presentation:
          let p = context?.presentationState(of: layer)
          shows = p != nil
          state = p ?? layer.state
        case .model: state = layer.state
        case .custom(let of): state = of(layer)
        }
      }
      // The node is built in place in the tree (a node is large: no copy of it is made).
      let index = tree.nodes.count
      tree.nodes.append(
        RenderNode(key: .init(layer: id, instance: instance), kind: kind, state: state))
      let volatile = type(of: layer).frameTraits.isVolatile
      info.append(
        NodeInfo(
          layer: layer, end: index + 1, showsAnimation: shows,
          subtreeAnimated: !storage.entries.isEmpty,
          volatile: volatile, subtreeVolatile: volatile))
      if transitions, !storage.entries.isEmpty,
        storage.entries.contains(where: { $0.animation is CATransition })
      {
        info[index].transitionEntry = true
      }
      tree.nodes[index].backingStore = store
      tree.nodes[index].instanceTransform = instanceTransform
      tree.nodes[index].tint = tint
      writeClassParts(index, layer, localTime: delayed?.localTime)

      var children: [Int] = []
      if kind == .replicator, let rep = tree.nodes[index].state.replicator {
        var count = Swift.max(rep.instanceCount, 0)
        info[index].requestedInstances = count
        let perInstance = Swift.max(Self.subtreeSize(layer.children), 1)
        let budget = Swift.max(Self.maximumReplicatedNodes - replicatedNodes, 0) / perInstance
        if count > budget {
          CADiagnostics.report(
            key: "instanceCount",
            "\(layer) asks for \(count) instances; drew \(budget) (at most \(Self.maximumReplicatedNodes) replicated layers a frame)"
          )
          count = budget
        }
        info[index].instances = count
        replicatedNodes += count * perInstance
        children.reserveCapacity(count * layer.children.count)
        var copies = ReplicatorInstances(
          rep, state: tree.nodes[index].state, tint: tint,
          now: delayed?.localTime ?? localTime(of: layer),
          time: delayed?.localTime, delays: transitions)
        for i in 0..<count {
          let copy = copies.next()
          for child in layer.children {
            if let c = add(
              child, instance: instance &* 31 &+ i &+ 1, instanceTransform: copy.transform,
              tint: copy.tint,
              parentTime: copy.time)
            {
              children.append(c)
            }
          }
        }
      } else {
        children = addChildren(
          layer.children, instance: instance, tint: tint, parentTime: delayed?.localTime)
      }
      tree.nodes[index].children = children
      orderChildren(index)
      if let m = layer.maskLayer {
        tree.nodes[index].mask = add(
          m, instance: instance, instanceTransform: nil, tint: nil, parentTime: delayed?.localTime)
      }
      if transitions, let t = layer.presentationTransition(in: context) {
        let out = addOutgoing(
          t.outgoing, of: layer, instance: ~instance, instanceTransform: instanceTransform,
          tint: tint)
        tree.nodes[index].transition = RenderTransition(t, outgoing: out)
      }
      finishSubtree(index)
      return index
    }
  }

  private mutating func addChildren(
    _ layers: [CALayer], instance: Int, tint: SIMD4<Float>?, parentTime: Double?
  ) -> [Int] {
    var indices: [Int] = []
    indices.reserveCapacity(layers.count)
    for child in layers {
      if let c = add(
        child, instance: instance, instanceTransform: nil, tint: tint, parentTime: parentTime)
      {
        indices.append(c)
      }
    }
    return indices
  }

  /// The node of a transition's outgoing state: the snapshot's state (no backing
  /// store) with the snapshot's sublayers.
  private mutating func addOutgoing(
    _ snapshot: TransitionSnapshot, of layer: CALayer, instance: Int,
    instanceTransform: CATransform3D?,
    tint: SIMD4<Float>?
  ) -> Int {
    let index = tree.nodes.count
    tree.nodes.append(
      RenderNode(
        key: .init(layer: ObjectIdentifier(layer), instance: instance), kind: Self.kind(of: layer),
        state: snapshot.state))
    info.append(
      NodeInfo(
        layer: layer, end: index + 1, showsAnimation: false, subtreeAnimated: true, volatile: false,
        subtreeVolatile: false))
    tree.nodes[index].instanceTransform = instanceTransform
    tree.nodes[index].tint = tint
    let id = ObjectIdentifier(layer)
    onPath.insert(id)
    defer { onPath.remove(id) }
    tree.nodes[index].children = addChildren(
      snapshot.sublayers, instance: instance, tint: tint, parentTime: nil)
    orderChildren(index)
    finishSubtree(index)
    return index
  }

  /// Writes what node `index` draws besides its state and backing store, as its layer's
  /// class says (`CALayer.writeRenderParts(into:localTime:)`: glyphs, tiles,
  /// particles); `localTime` is the layer's local time where the caller knows it (a
  /// replicator copy's delayed time), else that of the context's last evaluation, looked
  /// up only when the class asks for it.
  mutating func writeClassParts(_ index: Int, _ layer: CALayer, localTime: Double?) {
    let context = self.context
    layer.writeRenderParts(into: &tree.nodes[index]) {
      localTime ?? context?.localTime(of: layer) ?? 0
    }
    if tree.nodes[index].particles != nil { tree.hasParticles = true }
  }

  /// Completes node `index` once its subtree is in the tree: where the subtree ends,
  /// what it holds, and the node's change stamp (the previous tree's node of the same
  /// key's when the two draw the same).
  private mutating func finishSubtree(_ index: Int) {
    info[index].end = tree.nodes.count
    var newest: UInt64 = 0
    // The direct descendants (sublayers, mask, transition node), each standing for its
    // own subtree.
    var k = index + 1
    while k < tree.nodes.count {
      info[index].subtreeAnimated = info[index].subtreeAnimated || info[k].subtreeAnimated
      info[index].subtreeVolatile = info[index].subtreeVolatile || info[k].subtreeVolatile
      newest = Swift.max(newest, tree.nodes[k].subtreeChangeStamp)
      k = info[k].end
    }
    tree.nodes[index].changeStamp = previousStamp(of: index) ?? nextNodeStamp()
    tree.nodes[index].subtreeChangeStamp = Swift.max(newest, tree.nodes[index].changeStamp)
  }

  /// The change stamp of the previous tree's node with node `index`'s key when it draws
  /// the same (state, image, tiles, instance transform, tint and transition).
  private mutating func previousStamp(of index: Int) -> UInt64? {
    let key = tree.nodes[index].key
    var old: Int?
    if index < previous.nodes.count, previous.nodes[index].key == key {
      old = index
    } else {
      if !previousIndexIsBuilt {
        previousIndexIsBuilt = true
        previousIndex.reserveCapacity(previous.nodes.count)
        for (k, n) in previous.nodes.enumerated() { previousIndex[n.key] = k }
      }
      old = previousIndex[key]
    }
    guard let o = old, previous.nodes[o].kind == tree.nodes[index].kind,
      previous.nodes[o].backingStore === tree.nodes[index].backingStore,
      previous.nodes[o].tiles == tree.nodes[index].tiles,
      previous.nodes[o].instanceTransform == tree.nodes[index].instanceTransform,
      previous.nodes[o].tint == tree.nodes[index].tint,
      previous.nodes[o].transition == tree.nodes[index].transition,
      previous.nodes[o].state == tree.nodes[index].state
    else { return nil }
    return previous.nodes[o].changeStamp
  }

  /// Puts node `index`'s children in drawing order: stably sorted by their nodes'
  /// `zPosition`, the order they were added in (their index order) breaking ties.
  /// Leaves an order that already is so as it is (the usual case: one `zPosition`).
  mutating func orderChildren(_ index: Int) {
    let count = tree.nodes[index].children.count
    guard count > 1 else { return }
    var ordered = true
    var a = tree.nodes[index].children[0]
    for k in 1..<count {
      let b = tree.nodes[index].children[k]
      let za = tree.nodes[a].state.zPosition
      let zb = tree.nodes[b].state.zPosition
      if za > zb || (za == zb && a > b) {
        ordered = false
        break
      }
      a = b
    }
    guard !ordered else { return }
    var children: [Int] = []
    swap(&children, &tree.nodes[index].children)
    children.sort { l, r in
      let zl = tree.nodes[l].state.zPosition
      let zr = tree.nodes[r].state.zPosition
      return zl != zr ? zl < zr : l < r
    }
    swap(&children, &tree.nodes[index].children)
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
    type(of: layer).frameTraits.nodeKind
  }

}
