import Foundation

/// One layer of a frame's render tree: an immutable copy of everything the compositor
/// needs, so drawing never touches the layer objects the app is changing.
package struct RenderNode: Sendable {
  /// What kind of layer it was, which decides what it draws beyond `CALayer`'s parts.
  package enum Kind: Sendable, Equatable {
    case layer
    case shape
    case gradient
    case transform
    case replicator
    case text
  }

  /// Identifies the node across frames (for damage): the layer, and which replicator
  /// copy it is.
  package struct Key: Hashable, Sendable {
    package var layer: ObjectIdentifier
    /// 0 outside replicators; a distinct number for each replicated copy.
    package var instance: Int
  }

  package var key: Key
  package var kind: Kind
  /// The presentation state at the frame's time.
  package var state: LayerState
  /// The sublayers' node indices, in drawing order (stably sorted by `zPosition`).
  package var children: [Int] = []
  /// The mask layer's node index.
  package var mask: Int? = nil
  /// The image `draw(in:)` drew, shown instead of `contents`.
  package var backingStore: CGImage? = nil
  /// For a replicated copy: the instance transform it gets in its replicator's
  /// sublayer space (before the replicator's `sublayerTransform`).
  package var instanceTransform: CATransform3D? = nil
  /// For a replicated copy: the colour its pixels are multiplied by (RGBA, 0…1).
  package var tint: SIMD4<Float>? = nil
  /// A `CATransition` running on the layer: how its outgoing state (another node) and
  /// this node's state are drawn together.
  package var transition: RenderTransition? = nil
  /// A `CAEmitterLayer`'s particles at the frame's time, in drawing order, and whether
  /// they are added (`.additive`) rather than composited.
  package var particles: [EmitterParticle]? = nil
  package var particlesAdd = false
  /// A `CATiledLayer`'s tiles, drawn by the display stage and read while compositing.
  package var tiles: TiledLayerSource? = nil
  /// A text node's glyphs, shaped from its state's text within its bounds (nil for
  /// other nodes and for text with nothing to fill).
  package var glyphs: ShapedText? = nil
  /// The node change stamp (`RenderTree.newestStamp`) of the build that last changed what this node
  /// draws: its state, image, tiles, instance transform, tint or transition (its
  /// particles and its place in the tree are compared on their own). Kept while an
  /// update finds those equal, so a stamp no newer than a reader's last look means "the
  /// same node as then" (`DamageTracker`).
  package var changeStamp: UInt64 = 0
  /// The newest ``changeStamp`` in the node's subtree (sublayers, mask and transition
  /// nodes, nested), its own included.
  package var subtreeChangeStamp: UInt64 = 0

  /// Where `state` sits in a node, in bytes.
  static let stateOffset = MemoryLayout<RenderNode>.offset(of: \RenderNode.state)!

  /// The image the layer shows: the backing store, else `contents`.
  package var image: CGImage? { withUnsafePointer(to: self) { $0.image } }

  /// Whether the node draws any pixels of its own (not counting sublayers, border and
  /// shadow).
  package var hasOwnContent: Bool { withUnsafePointer(to: self) { $0.hasOwnContent } }
}

// A node read in place: calling a member on a node read out of an array or through a
// pointer first copies the whole node (a reference count for each of its images,
// colours and arrays); these read only the fields they need.
extension UnsafePointer<RenderNode> {
  /// The node's state, in place (reading it through `pointee.state` into a function that
  /// takes a `LayerState` copies all of it first).
  @inline(__always)
  package var state: UnsafePointer<LayerState> {
    UnsafeRawPointer(self).advanced(by: RenderNode.stateOffset)
      .assumingMemoryBound(to: LayerState.self)
  }

  /// The image the layer shows: the backing store, else `contents`.
  package var image: CGImage? { pointee.backingStore ?? pointee.state.contentsObject?.image }

  /// Whether the node draws any pixels of its own (not counting sublayers, border and
  /// shadow).
  package var hasOwnContent: Bool {
    if image != nil || pointee.tiles != nil || pointee.particles?.isEmpty == false { return true }
    switch pointee.kind {
    case .shape: return pointee.state.rare.value.shape?.path != nil
    case .gradient: return !(pointee.state.rare.value.gradient?.colors.elements.isEmpty ?? true)
    case .text: return pointee.state.rare.value.text != nil
    default: return false
    }
  }
}

// A state read in place: a computed property of a state read through a pointer
// (`node.pointee.state.shape`) copies the whole state first; these read only the part
// behind `rare` they name.
extension UnsafePointer<LayerState> {
  /// `LayerState.sublayerTransform`, read in place.
  package var sublayerTransform: CATransform3D { pointee.rare.value.sublayerTransform }
  /// `LayerState.maskMode`, read in place.
  package var maskMode: LayerMaskMode { pointee.rare.value.maskMode }
  /// `LayerState.compositingFilter`, read in place.
  package var compositingFilter: String? { pointee.rare.value.compositingFilter }
  /// `LayerState.contentsCenter`, read in place.
  package var contentsCenter: CGRect { pointee.rare.value.contentsCenter }
  /// `LayerState.shape`, read in place.
  package var shape: ShapeLayerState? { pointee.rare.value.shape }
  /// `LayerState.gradient`, read in place.
  package var gradient: GradientLayerState? { pointee.rare.value.gradient }
  /// `LayerState.replicator`, read in place.
  package var replicator: ReplicatorLayerState? { pointee.rare.value.replicator }
  /// `LayerState.text`, read in place.
  package var text: TextLayerState? { pointee.rare.value.text }
}
