import Foundation

/// One frame's walk of the placement pass (`RenderPlacement.update(_:scale:frame:)`):
/// places every node it reaches, in drawing order, from the root down.
///
/// An `incremental` pass finds the previous frame's entry of the same node at each index.
/// A node is placed again when it is reached; it is reached when its superlayer changed
/// (its change stamp is newer than `seen`), when the inputs its superlayer hands down
/// changed, or when something below it changed (`RenderNode.subtreeChangeStamp`). A
/// sublayer keeps its transform while neither it nor its superlayer (nor, under a
/// transform layer, the transform layer's transform) changed, and a node keeps its
/// extent while its stamp, map and clip are the last frame's.
struct PlacementPass {
  let tree: RenderTree
  /// Whether the entries hold the previous frame's entries of the same nodes.
  let incremental: Bool
  /// The tree's `RenderTree.newestStamp` at the previous update.
  let seen: UInt64
  private var nodes: UnsafePointer<RenderNode>!
  private var placed: UnsafeMutablePointer<NodePlacement>!

  init(tree: RenderTree, incremental: Bool, seen: UInt64) {
    self.tree = tree
    self.incremental = incremental
    self.seen = seen
  }

  /// The inputs a node receives from its superlayer.
  private struct Inputs {
    var local: CATransform3D
    /// The map of the plane `local` places the node in (its superlayer's map; under a
    /// transform layer, the map of the plane the transform layer sits in).
    var parentMap: ProjectiveTransform2D
    /// The effective opacity it inherits, and the opacity it inherits on its target.
    var inherited: Float
    var onTarget: Float
    var clip: PixelRect
    var parent: Int
    var position: Int
    /// Whether it is a sublayer of a transform layer (its depth order is that of the
    /// outermost transform layer above it without a flattening layer between).
    var inTransformLayer: Bool
  }

  /// Places the tree from `root` (stored at `nodes`) into `placed`, one entry per node.
  mutating func run(
    root: Int, nodes: UnsafePointer<RenderNode>, placed: UnsafeMutablePointer<NodePlacement>,
    device: ProjectiveTransform2D, frame: PixelRect, depthOrders: inout [Int: [DepthOrder.Item]]
  ) {
    self.nodes = nodes
    self.placed = placed
    let keeps = incremental && nodes[root].changeStamp <= seen
    let local = keeps ? placed[root].local : RenderTree.placement(nodes + root)
    visit(
      root,
      Inputs(
        local: local, parentMap: device, inherited: 1, onTarget: 1, clip: frame, parent: -1,
        position: 0, inTransformLayer: false), depthOrders: &depthOrders)
    self.nodes = nil
    self.placed = nil
  }

  private mutating func visit(
    _ i: Int, _ in_: Inputs, depthOrders: inout [Int: [DepthOrder.Item]]
  ) {
    StackReserve.ensure {
      let n = nodes + i
      let p = placed + i
      let changed = !incremental || n.pointee.changeStamp > seen
      let localSame = incremental && in_.local == p.pointee.local
      let map = ProjectiveTransform2D(flattening: in_.local).concatenating(in_.parentMap)
      let opacity = LayerVisibility.effectiveOpacity(n, inherited: in_.inherited)
      let own = LayerVisibility.ownOpacity(n.state) ?? 0
      // A transition draws each state into its offscreen at the state's own opacity.
      let composited = n.pointee.transition != nil ? own : in_.onTarget * own
      let same =
        incremental && !changed && localSame && map == p.pointee.map
        && opacity == p.pointee.opacity && composited == p.pointee.compositedOpacity
        && in_.clip == p.pointee.clip && in_.parent == p.pointee.parent
        && in_.position == p.pointee.position
      if !same {
        let extentSame =
          incremental && !changed && map == p.pointee.map && in_.clip == p.pointee.clip
        let extent =
          extentSame
          ? p.pointee.extent
          : RenderPlacement.extent(of: n, painted: n.paintedRect, map: map, clip: in_.clip)
        p.pointee = NodePlacement(
          local: in_.local, map: map, opacity: opacity, compositedOpacity: composited,
          clip: in_.clip, extent: extent,
          offscreen: OffscreenReasons.of(n, compositedAt: composited, map: map),
          parent: in_.parent, position: in_.position)
      }
      // Nothing this node hands down changed, and nothing below it did.
      if same && n.pointee.subtreeChangeStamp <= seen { return }
      let isTransformLayer = n.pointee.kind == .transform
      if isTransformLayer && !in_.inTransformLayer {
        depthOrders[i] = DepthOrder.items(of: i, local: in_.local, nodes: nodes)
      }
      let offscreen = p.pointee.offscreen
      // Inside its own offscreen (a group, its kept bitmap, its perspective plane) a layer's
      // sublayers start again at opacity 1; otherwise they inherit what it composites at.
      let below: Float =
        OffscreenReasons.isGroup(n, compositedAt: composited)
          || !offscreen.isDisjoint(with: [.rasterize, .perspective, .filter])
        ? 1 : composited
      var childClip = in_.clip
      if (n.pointee.state.masksToBounds && !isTransformLayer) || !map.isFinite {
        childClip = in_.clip.intersection(p.pointee.extent)
      }
      // The space the sublayers are placed in, made once when a sublayer needs it.
      var space: CATransform3D? = nil
      for (k, c) in n.pointee.children.enumerated() {
        let cn = nodes + c
        var cl = placed[c].local
        let keeps =
          incremental && !changed && cn.pointee.changeStamp <= seen
          && (!isTransformLayer || localSame)
        if !keeps {
          if space == nil { space = RenderTree.sublayerSpace(n) }
          cl = RenderTree.local(
            placement: RenderTree.placement(cn), space: space.unsafelyUnwrapped)
          if isTransformLayer { cl = cl.concatenating(in_.local) }
        }
        visit(
          c,
          Inputs(
            local: cl, parentMap: isTransformLayer ? in_.parentMap : map, inherited: opacity,
            onTarget: below, clip: childClip, parent: i, position: k,
            inTransformLayer: isTransformLayer), depthOrders: &depthOrders)
      }
      if let m = n.pointee.mask {
        let keeps = incremental && !changed && nodes[m].changeStamp <= seen
        let ml = keeps ? placed[m].local : tree.maskTransform(m, of: i)
        visit(
          m,
          Inputs(
            local: ml, parentMap: map, inherited: 1, onTarget: 1, clip: childClip, parent: i,
            position: -1, inTransformLayer: false), depthOrders: &depthOrders)
      }
      if let t = n.pointee.transition {
        visit(
          t.outgoing,
          Inputs(
            local: in_.local, parentMap: in_.parentMap, inherited: in_.inherited, onTarget: 1,
            clip: in_.clip, parent: i, position: -2, inTransformLayer: in_.inTransformLayer),
          depthOrders: &depthOrders)
      }
    }
  }
}
