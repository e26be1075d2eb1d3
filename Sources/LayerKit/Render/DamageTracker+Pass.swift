import Foundation

extension DamageTracker {
  /// One frame's walk over the tree in drawing order, writing each node's record at its
  /// index and, when it `compares`, adding the footprints of nodes whose record changed.
  ///
  /// An `incremental` pass finds the last frame's record of the same node at each index.
  /// It passes down, beside each node's inputs, whether they are the last frame's: a
  /// node's transform into its parent is stable when neither it nor its parent (nor, under
  /// a `CATransformLayer`, the transform layer's own transform) changed, and its map when
  /// its transform and its parent's map are. A node whose inputs and stamp are stable
  /// keeps its map and footprint, and a subtree with no newer stamp below such a node
  /// keeps all its records without being visited.
  ///
  /// A layer that draws nothing in this frame and drew nothing in the last (hidden, or
  /// at opacity 0 with its ancestors) damages nothing, and its descendants are not
  /// visited: they draw nothing either. Their records stay those of the last pass that
  /// visited them (`Record.below`), and when the layer shows again they are compared as
  /// changed against stamps newer than that pass, under inputs taken as unstable.
  struct Pass {
    let tree: RenderTree
    /// Whether the records hold the last frame's records of the same nodes.
    let incremental: Bool
    /// The tree's `RenderTree.newestStamp` at the last frame's pass: a newer change stamp is a
    /// change since then.
    let seen: UInt64
    /// The tree's `RenderTree.newestStamp` at this pass (every node of the tree is no newer).
    let now: UInt64
    /// Whether changed records add damage.
    let compares: Bool
    /// The damage so far.
    var rects: DamageRects
    /// Whether the damage reached the whole frame (the rest is not compared).
    private(set) var isFull = false
    private var nodes: UnsafePointer<RenderNode>!
    private var records: UnsafeMutablePointer<Record>!
    /// Per node, its placement where its record's `placementIsLocal` is false.
    private var placements: UnsafeMutablePointer<CATransform3D>!

    init(
      tree: RenderTree, incremental: Bool, seen: UInt64, now: UInt64, compares: Bool,
      frame: PixelRect
    ) {
      self.tree = tree
      self.incremental = incremental
      self.seen = seen
      self.now = now
      self.compares = compares
      rects = DamageRects(frame: frame)
    }

    /// Walks the tree from its root into `records` and `placements` (one per node), drawn
    /// at `scale` (`sameScale`: the last frame's).
    mutating func run(
      into records: UnsafeMutablePointer<Record>?,
      placements: UnsafeMutablePointer<CATransform3D>?, scale: CGFloat, sameScale: Bool
    ) {
      guard let root = tree.root, let records, let placements else { return }
      self.records = records
      self.placements = placements
      let device = ProjectiveTransform2D(
        m11: scale, m12: 0, m13: 0, m21: 0, m22: scale, m23: 0, m31: 0, m32: 0, m33: 1)
      let tree = self.tree
      tree.nodes.withUnsafeBufferPointer { nodes in
        self.nodes = nodes.baseAddress
        let stable = incremental && nodes[root].changeStamp <= seen
        let local = stable ? records[root].local : tree.placement(root)
        visit(
          root, local: local, placementIsLocal: true, localStable: stable,
          parentMap: device, parentMapStable: incremental && sameScale,
          alpha: 1, clip: rects.frame, parent: -1, position: 0, shadow: nil, seen: seen)
      }
      self.nodes = nil
    }

    /// Records node `i` and its subtree; `seen` is the reading of
    /// `RenderTree.newestStamp` the node's record was written after (the last pass's,
    /// or an older one under a layer that was hidden).
    private mutating func visit(
      _ i: Int, local: CATransform3D, placementIsLocal: Bool, localStable: Bool,
      parentMap: ProjectiveTransform2D, parentMapStable: Bool,
      alpha: Float, clip: PixelRect, parent: Int, position: Int, shadow: ShadowReach?,
      seen: UInt64
    ) {
      StackReserve.ensure {
        let n = nodes + i
        let r = records + i
        let changed = !incremental || n.pointee.changeStamp > seen
        // A transform recomputed because a stamp moved may still equal the last frame's
        // (a parent that only changed its colour): then it is as stable as an unchanged one,
        // and so is what depends on it below.
        let localStable = localStable || (incremental && local == r.pointee.local)
        var mapStable = localStable && parentMapStable
        var map = r.pointee.map
        if !mapStable {
          map = ProjectiveTransform2D(flattening: local).concatenating(parentMap)
          mapStable = incremental && map == r.pointee.map
        }
        // A hidden layer (without a transition) draws nothing, nor do its sublayers: their
        // records carry alpha 0, so hiding or showing it damages everything they draw.
        let opacity = n.pointee.state.opacity
        let a = opacity.isNaN || !n.isShown ? 0 : alpha * Swift.min(Swift.max(opacity, 0), 1)
        let inputsStable =
          mapStable && !changed && clip == r.pointee.clip && shadow == r.pointee.shadow
        // Drawing nothing in both frames (a transition draws its outgoing state whatever
        // the layer's own opacity).
        // A mask is left out: it decides its layer's coverage.
        let unseen =
          incremental && a == 0 && r.pointee.alpha == 0 && n.pointee.transition == nil
          && position != -1
        if changed {
          r.pointee.changeStamp = n.pointee.changeStamp
          r.pointee.painted = n.paintedRect
        }
        if !inputsStable {
          let own = DamageTracker.footprint(n, painted: r.pointee.painted, map: map, clip: clip)
          var damaged = own
          if let shadow, !own.isEmpty {
            damaged = damaged.union(own.insetBy(-shadow.pixels).intersection(shadow.clip))
          }
          if compares && !isFull && !unseen, damaged != r.pointee.footprint {
            if rects.add(r.pointee.footprint) || rects.add(damaged) { isFull = true }
          }
          r.pointee.own = own
          r.pointee.footprint = damaged
        }
        if compares && !isFull && !unseen {
          // The footprint was compared above when it was made again.
          let same =
            !changed && a == r.pointee.alpha && position == r.pointee.position
            && clip == r.pointee.clip && (mapStable || map == r.pointee.map)
          if !same, rects.add(r.pointee.footprint) { isFull = true }
        }
        r.pointee.local = local
        r.pointee.placementIsLocal = placementIsLocal
        r.pointee.map = map
        r.pointee.clip = clip
        r.pointee.shadow = shadow
        r.pointee.parent = parent
        r.pointee.position = position
        let wasAlpha = r.pointee.alpha
        r.pointee.alpha = a
        if unseen { return }
        // The descendants' records are those of the pass after `below`; under a layer
        // that was hidden, older than this node's.
        let below = incremental ? Swift.min(r.pointee.below, seen) : seen
        r.pointee.below = now
        if inputsStable && a == wasAlpha && below == seen && n.pointee.subtreeChangeStamp <= seen {
          return
        }
        let resumed = below != seen
        let parentChanged = !incremental || n.pointee.changeStamp > below

        let shadow = DamageTracker.shadowReach(
          tree, i, node: n, map: map, parentMap: parentMap, clip: clip, inherited: shadow)
        let isTransformLayer = n.pointee.kind == .transform
        var childClip = clip
        let own = r.pointee.own
        if n.pointee.state.masksToBounds && !isTransformLayer { childClip = clip.intersection(own) }
        if !map.isFinite { childClip = clip.intersection(own) }
        let childMapStable = mapStable && !resumed
        // The space the sublayers are placed in, made once when a sublayer needs it.
        var space: CATransform3D? = nil
        for (k, c) in n.pointee.children.enumerated() {
          let same = incremental && nodes[c].changeStamp <= below
          let stable =
            same && !parentChanged && !resumed && (!isTransformLayer || localStable)
          var cl = records[c].local
          var isPlacement = records[c].placementIsLocal
          if !stable {
            // A sublayer's own placement stays while its stamp does, even under a changed
            // superlayer.
            let cp = !same ? RenderTree.placement(nodes + c) : isPlacement ? cl : placements[c]
            if space == nil { space = RenderTree.sublayerSpace(n) }
            cl = RenderTree.local(placement: cp, space: space.unsafelyUnwrapped)
            if isTransformLayer { cl = cl.concatenating(local) }
            isPlacement = !isTransformLayer && space.unsafelyUnwrapped.isIdentity
            if !isPlacement { placements[c] = cp }
          }
          visit(
            c, local: cl, placementIsLocal: isPlacement, localStable: stable,
            parentMap: isTransformLayer ? parentMap : map,
            parentMapStable: isTransformLayer ? parentMapStable && !resumed : childMapStable,
            alpha: a, clip: childClip, parent: i, position: k, shadow: shadow, seen: below)
        }
        if let m = n.pointee.mask {
          let same = incremental && nodes[m].changeStamp <= below
          let stable = same && !parentChanged && !resumed
          var ml = records[m].local
          var isPlacement = records[m].placementIsLocal
          if !stable {
            let mp = !same ? RenderTree.placement(nodes + m) : isPlacement ? ml : placements[m]
            ml = tree.maskTransform(placement: mp, of: i)
            isPlacement = ml == mp
            if !isPlacement { placements[m] = mp }
          }
          visit(
            m, local: ml, placementIsLocal: isPlacement, localStable: stable, parentMap: map,
            parentMapStable: childMapStable, alpha: 1, clip: childClip, parent: i,
            position: -1, shadow: shadow, seen: below)
        }
        if let t = n.pointee.transition {
          visit(
            t.outgoing, local: local, placementIsLocal: placementIsLocal,
            localStable: localStable && !resumed, parentMap: parentMap,
            parentMapStable: parentMapStable && !resumed, alpha: alpha, clip: clip, parent: i,
            position: -2, shadow: shadow, seen: below)
        }
      }
    }
  }
}
