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
  struct Pass {
    let tree: RenderTree
    /// Whether the records hold the last frame's records of the same nodes.
    let incremental: Bool
    /// `LayerRenderChanges.current` at the last frame's pass: a newer change stamp is a
    /// change since then.
    let seen: UInt64
    /// Whether changed records add damage.
    let compares: Bool
    /// The damage so far.
    var rects: DamageRects
    /// Whether the damage reached the whole frame (the rest is not compared).
    private(set) var isFull = false
    private var nodes: UnsafePointer<RenderNode>!
    private var records: UnsafeMutablePointer<Record>!

    init(tree: RenderTree, incremental: Bool, seen: UInt64, compares: Bool, frame: PixelRect) {
      self.tree = tree
      self.incremental = incremental
      self.seen = seen
      self.compares = compares
      rects = DamageRects(frame: frame)
    }

    /// Walks the tree from its root into `records` (one per node), drawn at `scale`
    /// (`sameScale`: the last frame's).
    mutating func run(into records: UnsafeMutablePointer<Record>?, scale: CGFloat, sameScale: Bool)
    {
      guard let root = tree.root, let records else { return }
      self.records = records
      let device = ProjectiveTransform2D(
        m11: scale, m12: 0, m13: 0, m21: 0, m22: scale, m23: 0, m31: 0, m32: 0, m33: 1)
      let tree = self.tree
      tree.nodes.withUnsafeBufferPointer { nodes in
        self.nodes = nodes.baseAddress
        let stable = incremental && nodes[root].changeStamp <= seen
        let local = stable ? records[root].local : tree.placement(root)
        visit(
          root, placement: local, local: local, localStable: stable, parentMap: device,
          parentMapStable: incremental && sameScale,
          alpha: 1, clip: rects.frame, parent: -1, position: 0, shadow: nil)
      }
      self.nodes = nil
    }

    /// Records node `i` and its subtree.
    private mutating func visit(
      _ i: Int, placement: CATransform3D, local: CATransform3D, localStable: Bool,
      parentMap: ProjectiveTransform2D, parentMapStable: Bool,
      alpha: Float, clip: PixelRect, parent: Int, position: Int, shadow: ShadowReach?
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
        let shown = !n.pointee.state.isHidden || n.pointee.transition != nil
        let opacity = n.pointee.state.opacity
        let a = opacity.isNaN || !shown ? 0 : alpha * Swift.min(Swift.max(opacity, 0), 1)
        let inputsStable =
          mapStable && !changed && clip == r.pointee.clip && shadow == r.pointee.shadow
        var own = r.pointee.own
        var damaged = r.pointee.footprint
        // What the node paints in its own space stays while the node does.
        let painted = changed ? n.paintedRect : r.pointee.painted
        if !inputsStable {
          own = DamageTracker.footprint(n, painted: painted, map: map, clip: clip)
          damaged = own
          if let shadow, !own.isEmpty {
            damaged = damaged.union(own.insetBy(-shadow.pixels).intersection(shadow.clip))
          }
        }
        if compares && !isFull {
          let same =
            !changed && damaged == r.pointee.footprint && a == r.pointee.alpha
            && position == r.pointee.position
            && clip == r.pointee.clip && (mapStable || map == r.pointee.map)
          if !same, rects.add(r.pointee.footprint) || rects.add(damaged) { isFull = true }
        }
        let keepsSubtree =
          inputsStable && a == r.pointee.alpha && n.pointee.subtreeChangeStamp <= seen
        r.pointee = Record(
          changeStamp: n.pointee.changeStamp, placement: placement, local: local, map: map,
          alpha: a, clip: clip, shadow: shadow,
          parent: parent, position: position, painted: painted, own: own, footprint: damaged)
        if keepsSubtree { return }

        let shadow = DamageTracker.shadowReach(
          tree, i, map: map, parentMap: parentMap, clip: clip, inherited: shadow)
        let isTransformLayer = n.pointee.kind == .transform
        var childClip = clip
        if n.pointee.state.masksToBounds && !isTransformLayer { childClip = clip.intersection(own) }
        if !map.isFinite { childClip = clip.intersection(own) }
        // The space the sublayers are placed in, made once when a sublayer needs it.
        var space: CATransform3D? = nil
        for (k, c) in n.pointee.children.enumerated() {
          let same = incremental && nodes[c].changeStamp <= seen
          let stable = same && !changed && (!isTransformLayer || localStable)
          // A sublayer's own placement stays while its stamp does, even under a changed
          // superlayer.
          let cp = same ? records[c].placement : tree.placement(c)
          var cl = records[c].local
          if !stable {
            if space == nil { space = tree.sublayerSpace(i) }
            cl = RenderTree.local(placement: cp, space: space.unsafelyUnwrapped)
          }
          if isTransformLayer {
            if !stable { cl = cl.concatenating(local) }
            visit(
              c, placement: cp, local: cl, localStable: stable, parentMap: parentMap,
              parentMapStable: parentMapStable, alpha: a,
              clip: childClip, parent: i, position: k, shadow: shadow)
          } else {
            visit(
              c, placement: cp, local: cl, localStable: stable, parentMap: map,
              parentMapStable: mapStable, alpha: a,
              clip: childClip, parent: i, position: k, shadow: shadow)
          }
        }
        if let m = n.pointee.mask {
          let same = incremental && nodes[m].changeStamp <= seen
          let stable = same && !changed
          let mp = same ? records[m].placement : tree.placement(m)
          visit(
            m, placement: mp,
            local: stable ? records[m].local : tree.maskTransform(placement: mp, of: i),
            localStable: stable, parentMap: map,
            parentMapStable: mapStable, alpha: 1, clip: childClip, parent: i, position: -1,
            shadow: shadow)
        }
        if let t = n.pointee.transition {
          visit(
            t.outgoing, placement: placement, local: local, localStable: localStable,
            parentMap: parentMap,
            parentMapStable: parentMapStable, alpha: alpha, clip: clip, parent: i, position: -2,
            shadow: shadow)
        }
      }
    }
  }
}
