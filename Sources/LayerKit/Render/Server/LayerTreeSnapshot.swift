import Foundation

/// A committed layer tree as values: what crosses from the app thread to the render
/// thread (`CARenderServer`).
///
/// Made at the end of an app frame, after its transaction flush, commit, layout and
/// display (`SnapshotMaker`): each layer's model state, the image its `draw(in:)` drew,
/// its shaped text and tiles, its sublayers and mask, and its animations as committed
/// (begin time stamped, start value captured). Nothing in it refers to an app layer: the
/// render thread rebuilds its own replica of the tree from it (`LayerReplica`) and
/// evaluates the animations there, at each frame's time, with the same functions the app
/// thread's `CAContext` uses.
///
/// Sendable by construction: the layer states, images, glyphs and timings are values or
/// immutable objects; the tile caches lock their own state; each animation is a copy
/// made for the snapshot (`Animation`) that nothing writes after it is made.
package struct LayerTreeSnapshot: Sendable {
  /// One layer of the tree.
  package struct Layer: Sendable {
    /// The layer's number, the same in every snapshot of the same layer (given by the
    /// snapshot maker, never reused for another layer).
    package var id: UInt64
    /// The layer's class: its `makeRenderReplica()` makes the LayerKit layer the replica
    /// draws it with (no code of a subclass outside LayerKit runs on the render thread).
    package var layerClass: CALayer.Type
    /// The model state.
    package var state: LayerState
    /// The app layer's render change stamp when the state was read: the same stamp
    /// means the same state, image and glyphs as in the previous snapshot.
    package var changeStamp: UInt64
    /// The image `draw(in:)` drew, shown instead of `contents`.
    package var backingStore: LayerBackingStore?
    /// What the layer's class adds to the common parts (`CALayer.snapshotParts()`).
    package var classParts: ClassParts = .none
    /// Indices of the sublayers in `layers`, in order.
    package var children: [Int] = []
    /// Index of the mask layer in `layers`.
    package var mask: Int?
    /// The attached animations, in add order, as committed.
    package var animations: [Animation] = []
  }

  /// What a layer class draws from besides its state and backing store, as the app
  /// thread's display stage left it; each class that has some says so in one override
  /// (`CALayer.snapshotParts()`, read back by `CALayer.adoptSnapshotParts(_:)`).
  package enum ClassParts: Sendable {
    case none
    /// A text layer's glyphs as the display stage shaped them.
    case text(ShapedText?)
    /// A tiled layer's tile cache (shared, locked) and its tiling parameters.
    case tiles(Tiling)
    /// An emitter's emission history (the rates before each change, the rate
    /// animations).
    case emission(Emission)
  }

  /// A tiled layer's tiles and how they are cut.
  package struct Tiling: Sendable {
    package var cache: TileCache
    package var tileSize: CGSize
    package var levelsOfDetail: Int
    package var levelsOfDetailBias: Int
  }

  /// An emitter's emission history, its animation entries copies made for snapshots.
  ///
  /// `@unchecked Sendable`: in a snapshot, the entries are copies the snapshot maker made
  /// (`SnapshotMaker` replaces the emitter's own before the snapshot leaves the app
  /// thread) and never touches again; only the render thread reads them.
  package struct Emission: @unchecked Sendable {
    var history: EmissionHistory
  }

  /// One committed animation: a private copy with no delegate, its stamped timing and
  /// the presentation state its start value was captured from.
  ///
  /// `@unchecked Sendable`: `animation` is a copy made for snapshots on the app thread
  /// and never written after; the render thread only copies and compiles it.
  package final class Animation: @unchecked Sendable {
    /// The animation's number (given by the snapshot maker, never reused).
    package let id: UInt64
    package let key: String
    package let isAnonymous: Bool
    package let animation: CAAnimation
    /// The timing stamped at the commit that started it.
    package let timing: MediaTiming
    package let isRemovedOnCompletion: Bool
    /// Order of addition, for ordering within a layer.
    package let sequence: UInt64
    /// See `LayerAnimationEntry.capturedPresentation`.
    package let capturedPresentation: LayerState?

    init(id: UInt64, entry: LayerAnimationEntry, animation: CAAnimation) {
      self.id = id
      key = entry.key
      isAnonymous = entry.isAnonymous
      self.animation = animation
      timing = entry.timing
      isRemovedOnCompletion = entry.isRemovedOnCompletion
      sequence = entry.sequence
      capturedPresentation = entry.capturedPresentation
    }
  }

  /// The layers, the root's first; each layer appears once.
  package var layers: [Layer] = []
  /// The index of the root layer (0), nil for an empty tree.
  package var root: Int? { layers.isEmpty ? nil : 0 }
  /// The number of the commit that made it, counting from 1 per maker.
  package var commit: UInt64 = 0
  /// The app clock's time when it was made, in seconds.
  package var time: CFTimeInterval = 0
  /// The frame it is drawn into: size in device pixels and device pixels per point.
  package var width = 0
  package var height = 0
  package var scale: CGFloat = 1

  package init() {}
}
