import Foundation

/// A frame's layers as a flat array of value nodes: the compositor's only input.
///
/// Built on the layers' thread from the presentation state at the frame's time
/// (`RenderTree(root:state:)`), then handed to the compositor, which may use other
/// threads. Nodes refer to each other by index; `root` is the root layer's index.
package struct RenderTree: Sendable {
  package var nodes: [RenderNode] = []
  package var root: Int? = nil
  /// A node change stamp of the builder's that changes whenever the tree's shape does
  /// (which node sits at which index, under which parent): two trees from one builder
  /// with the same stamp have the same keys at the same indices, linked the same way (only
  /// the drawing order of siblings may differ).
  package var structureStamp: UInt64 = 0
  /// The newest node change stamp (`RenderNode.changeStamp`) the builder had handed out
  /// when it built this tree: every node's stamp is no newer, and a later tree's changed
  /// nodes are newer.
  package var newestStamp: UInt64 = 0
  /// Whether some node carries emitter particles.
  package var hasParticles = false

  package init() {}

  /// The local transform of `child`'s drawn space into `parent`'s drawn plane (4×4,
  /// before flattening): its own placement, its replicator instance transform, then the
  /// parent's sublayer transform and geometry flip (`LayerGeometry`).
  package func localTransform(_ child: Int, parent: Int?) -> CATransform3D {
    nodes.withUnsafeBufferPointer { b in
      let base = b.baseAddress.unsafelyUnwrapped
      return Self.localTransform(base + child, parent: parent.map { base + $0 })
    }
  }

  /// `localTransform(_:parent:)` of the nodes at `child` and `parent`, read in place.
  package static func localTransform(
    _ child: UnsafePointer<RenderNode>, parent: UnsafePointer<RenderNode>?
  ) -> CATransform3D {
    let m = placement(child)
    guard let parent else { return m }
    return local(placement: m, space: sublayerSpace(parent))
  }

  /// Node `i`'s placement in its parent's sublayer space (4×4): its own placement, then
  /// its replicator instance transform.
  package func placement(_ i: Int) -> CATransform3D {
    // Read in place: a node is large, and this runs for every node of every frame.
    nodes.withUnsafeBufferPointer { Self.placement($0.baseAddress.unsafelyUnwrapped + i) }
  }

  /// `placement(_:)` of the node at `c`.
  package static func placement(_ c: UnsafePointer<RenderNode>) -> CATransform3D {
    let m = LayerGeometry.transformToParentPlane(c.state)
    guard let inst = c.pointee.instanceTransform else { return m }
    return m.concatenating(inst)
  }

  /// The space node `parent`'s sublayers are placed in, in its drawn plane: its sublayer
  /// transform about its anchor point, then its geometry flip.
  package func sublayerSpace(_ parent: Int) -> CATransform3D {
    nodes.withUnsafeBufferPointer { Self.sublayerSpace($0.baseAddress.unsafelyUnwrapped + parent) }
  }

  /// `sublayerSpace(_:)` of the node at `p`.
  package static func sublayerSpace(_ p: UnsafePointer<RenderNode>) -> CATransform3D {
    // Most layers have neither: no copy of the state for them.
    if !p.pointee.state.isGeometryFlipped, p.state.sublayerTransform.isIdentity {
      return .identity
    }
    return LayerGeometry.sublayerSpaceTransform(p.pointee.state)
  }

  /// A sublayer's local transform from its `placement` and its parent's sublayer `space`.
  @inline(__always)
  package static func local(placement: CATransform3D, space: CATransform3D) -> CATransform3D {
    space.isIdentity ? placement : placement.concatenating(space)
  }

  /// The local transform of `mask`'s drawn space into the drawn space of `layer`, the
  /// layer it masks: its placement, then the masked layer's geometry flip (a mask sits
  /// in the masked layer's own coordinates, without its sublayer transform).
  package func maskTransform(_ mask: Int, of layer: Int) -> CATransform3D {
    let m = nodes.withUnsafeBufferPointer {
      LayerGeometry.transformToParentPlane(($0.baseAddress.unsafelyUnwrapped + mask).state)
    }
    return maskTransform(placement: m, of: layer)
  }

  /// The local transform of a mask placed by `placement` (its `transformToParentPlane`)
  /// into the drawn space of `layer`, the layer it masks.
  package func maskTransform(placement m: CATransform3D, of layer: Int) -> CATransform3D {
    nodes.withUnsafeBufferPointer { b in
      // Read in place: the state is copied only for a flipped layer.
      let l = b.baseAddress.unsafelyUnwrapped + layer
      guard l.pointee.state.isGeometryFlipped, let f = LayerGeometry.flip(l.pointee.state) else {
        return m
      }
      return m.concatenating(f)
    }
  }
}
