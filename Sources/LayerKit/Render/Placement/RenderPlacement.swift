import Foundation

/// One frame's placement of every node of its render tree: where each layer lands in
/// device pixels, how strongly it shows, what it may touch, whether it needs an
/// offscreen, and in which order the sublayers of a `CATransformLayer` are drawn.
///
/// The placement pass runs once per frame, after the snapshot and before damage and the
/// backend, and every later stage reads it: the damage pass compares its maps, opacities,
/// clips and extents with the previous frame's, the CPU compositor reads each sublayer's
/// transform and the transform layers' depth order from it, and a backend that records
/// or uploads layers reads all of it. Each rule it applies has one home:
/// ``LayerVisibility`` (visibility and effective opacity), ``OffscreenReasons`` (the
/// offscreen decisions), `RenderNode.paintedRect` and `LayerState.shadowBlurReach`
/// (painted extent and shadow reach, combined by ``extent(of:painted:map:clip:)``) and
/// ``DepthOrder`` (the back-to-front order of a transform layer's sublayers).
///
/// Entries are by node index. ``update(_:scale:frame:)`` brings the placement of the
/// previous frame up to date: while the tree keeps its shape (`RenderTree.structureStamp`),
/// scale and frame, a node whose change stamp is not newer than the last update and whose
/// inputs (its transform, its superlayer's map, the opacity and clip it inherits) are the
/// last frame's keeps its entry, and a subtree with no newer stamp under such a node is
/// not visited at all. Otherwise every node is placed afresh. Entries of nodes under a
/// hidden layer are kept up to date too (with opacity 0), so the placement always equals
/// a fresh pass over the same tree.
///
/// - Complexity: O(nodes visited) per frame: the changed nodes, their sublayers and the
///   nodes on the way to them; O(nodes) on a fresh pass.
package struct RenderPlacement: Sendable {
  /// The entries, by node index.
  package private(set) var nodes: [NodePlacement] = []
  /// The back-to-front order of the sublayers of each transform layer that is not itself
  /// inside a transform layer, by the transform layer's node index (`DepthOrder`).
  package private(set) var depthOrders: [Int: [DepthOrder.Item]] = [:]
  /// Device pixels per point.
  package private(set) var scale: CGFloat = .nan
  /// The device pixels of the frame.
  package private(set) var frame = PixelRect.empty
  /// The tree's shape and newest change stamp when it was last placed.
  private var structure: UInt64 = .max
  private var seen: UInt64 = 0

  package init() {}

  /// The placement of `tree` drawn at `scale` device pixels per point into `frame`,
  /// made afresh.
  package init(_ tree: RenderTree, scale: CGFloat, frame: PixelRect) {
    update(tree, scale: scale, frame: frame)
  }

  /// Node `i`'s entry.
  package subscript(_ i: Int) -> NodePlacement { nodes[i] }

  /// Whether node `i` draws anything in this frame: its effective opacity is above 0, or
  /// it runs a transition whose outgoing state may show. Valid for nodes the tree reaches.
  package func draws(_ i: Int, in tree: RenderTree) -> Bool {
    nodes[i].opacity > 0 || tree.nodes[i].transition != nil
  }

  /// Places `tree` at `scale` into `frame`, reusing the entries of the previous call's
  /// tree where its change stamps show nothing changed.
  package mutating func update(_ tree: RenderTree, scale: CGFloat, frame: PixelRect) {
    let incremental =
      tree.structureStamp == structure && nodes.count == tree.nodes.count
      && scale == self.scale && frame == self.frame
    if !incremental {
      nodes = Array(repeating: .none, count: tree.nodes.count)
      depthOrders = [:]
    } else if tree.newestStamp == seen {
      return  // Nothing changed since the last update.
    }
    defer {
      structure = tree.structureStamp
      seen = tree.newestStamp
      self.scale = scale
      self.frame = frame
    }
    guard let root = tree.root else { return }
    var pass = PlacementPass(tree: tree, incremental: incremental, seen: seen)
    let device = ProjectiveTransform2D(
      m11: scale, m12: 0, m13: 0, m21: 0, m22: scale, m23: 0, m31: 0, m32: 0, m33: 1)
    nodes.withUnsafeMutableBufferPointer { placed in
      tree.nodes.withUnsafeBufferPointer { nodes in
        pass.run(
          root: root, nodes: nodes.baseAddress.unsafelyUnwrapped,
          placed: placed.baseAddress.unsafelyUnwrapped, device: device, frame: frame,
          depthOrders: &depthOrders)
      }
    }
  }

  /// The device pixels node `n` can touch under `map`, within `clip`: what it paints
  /// (`painted`, its `RenderNode.paintedRect` in its own coordinates) and its shadow
  /// moved by its offset and grown by its blur's reach (`LayerState.shadowBlurReach`)
  /// plus two points, through `map`, with a pixel of margin; `clip` when that is not
  /// finite.
  package static func extent(
    of n: UnsafePointer<RenderNode>, painted: CGRect, map: ProjectiveTransform2D, clip: PixelRect
  ) -> PixelRect {
    var r = painted
    if n.pointee.state.shadowOpacity > 0 {
      let reach = n.pointee.state.shadowBlurReach + 2
      let o = n.pointee.state.shadowOffset
      r = r.union(r.offsetBy(dx: o.width, dy: o.height).insetBy(dx: -reach, dy: -reach))
    }
    guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite,
      let box = LayerGeometry.boundingBox(of: r, through: map)
    else { return clip }
    return PixelRect(covering: box.insetBy(dx: -1, dy: -1)).intersection(clip)
  }
}
