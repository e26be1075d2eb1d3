import Foundation

extension DamageTracker {
  /// One frame's walk over the tree in drawing order, writing each node's record at its
  /// index and, when it `compares`, adding the footprints of nodes whose record changed.
  ///
  /// Maps, opacities, clips and each node's own extent come from the frame's placement
  /// (`RenderPlacement`); the pass compares them with the records of the last frame it
  /// saw. An `incremental` pass finds the last frame's record of the same node at each
  /// index. A node whose stamp, map and clip are the last frame's keeps its footprint,
  /// and a subtree with no newer stamp below such a node keeps all its records without
  /// being visited.
  ///
  /// A layer that draws nothing in this frame and drew nothing in the last (hidden, or
  /// at opacity 0 with its ancestors) damages nothing, and its descendants are not
  /// visited: they draw nothing either. Their records stay those of the last pass that
  /// visited them (`Record.below`), and when the layer shows again they are compared as
  /// changed against stamps newer than that pass.
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
    private var placed: UnsafePointer<NodePlacement>!
    private var records: UnsafeMutablePointer<Record>!

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

    /// Walks the tree from its root into `records` (one per node), reading `placement`
    /// (made for this tree).
    mutating func run(into records: UnsafeMutablePointer<Record>?, placement: RenderPlacement) {
      guard let root = tree.root, let records else { return }
      precondition(placement.nodes.count == tree.nodes.count, "a placement of another tree")
      self.records = records
      let tree = self.tree
      tree.nodes.withUnsafeBufferPointer { nodes in
        placement.nodes.withUnsafeBufferPointer { placed in
          self.nodes = nodes.baseAddress
          self.placed = placed.baseAddress
          let device = ProjectiveTransform2D(
            m11: placement.scale, m12: 0, m13: 0, m21: 0, m22: placement.scale, m23: 0, m31: 0,
            m32: 0, m33: 1)
          visit(root, parentMap: device, parent: -1, position: 0, shadow: nil, seen: seen)
        }
      }
      self.nodes = nil
      self.placed = nil
    }

    /// Records node `i` and its subtree; `seen` is the reading of
    /// `RenderTree.newestStamp` the node's record was written after (the last pass's,
    /// or an older one under a layer that was hidden).
    private mutating func visit(
      _ i: Int, parentMap: ProjectiveTransform2D, parent: Int, position: Int,
      shadow: ShadowReach?, seen: UInt64
    ) {
      StackReserve.ensure {
        let n = nodes + i
        let p = placed + i
        let r = records + i
        let changed = !incremental || n.pointee.changeStamp > seen
        let map = p.pointee.map
        let clip = p.pointee.clip
        let a = p.pointee.opacity
        let mapStable = incremental && map == r.pointee.map
        let inputsStable =
          mapStable && !changed && clip == r.pointee.clip && shadow == r.pointee.shadow
        // Drawing nothing in both frames (a transition draws its outgoing state whatever
        // the layer's own opacity).
        // A mask is left out: it decides its layer's coverage.
        let unseen =
          incremental && a == 0 && r.pointee.alpha == 0 && n.pointee.transition == nil
          && position != -1
        if changed { r.pointee.changeStamp = n.pointee.changeStamp }
        if !inputsStable {
          let own = p.pointee.extent
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
            && clip == r.pointee.clip && mapStable
          if !same, rects.add(r.pointee.footprint) { isFull = true }
        }
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
        let shadow = DamageTracker.shadowReach(
          tree, i, node: n, map: map, parentMap: parentMap, clip: clip, inherited: shadow)
        let isTransformLayer = n.pointee.kind == .transform
        for (k, c) in n.pointee.children.enumerated() {
          visit(
            c, parentMap: isTransformLayer ? parentMap : map, parent: i, position: k,
            shadow: shadow, seen: below)
        }
        if let m = n.pointee.mask {
          visit(m, parentMap: map, parent: i, position: -1, shadow: shadow, seen: below)
        }
        if let t = n.pointee.transition {
          visit(
            t.outgoing, parentMap: parentMap, parent: i, position: -2, shadow: shadow,
            seen: below)
        }
      }
    }
  }
}
