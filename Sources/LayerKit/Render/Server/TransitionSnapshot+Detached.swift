import Foundation

extension TransitionSnapshot {
  /// The snapshot with its outgoing sublayers replaced by detached copies (LayerKit
  /// layers of the same kind, with their model states, images, glyphs and subtrees), so
  /// that the render thread reads no app layer: made on the app thread, once per
  /// transition (`SnapshotMaker`).
  package func detached() -> TransitionSnapshot {
    TransitionSnapshot(state: state, sublayers: sublayers.map { Self.detachedCopy(of: $0) })
  }

  private static func detachedCopy(of layer: CALayer) -> CALayer {
    let copy = type(of: layer).makeRenderReplica()
    copy.state = layer.state
    if DisplayStage.backingImage(layer) != nil { copy.backingStore = layer.backingStore }
    // Its glyphs; an outgoing state shows no tiles or particles of its own.
    if case .text(let glyphs) = layer.snapshotParts() { copy.adoptSnapshotParts(.text(glyphs)) }
    let children = layer.children.map { child in StackReserve.ensure { detachedCopy(of: child) } }
    for child in children { child.parentLayer = copy }
    copy.children = children
    if let mask = layer.maskLayer {
      let m = StackReserve.ensure { detachedCopy(of: mask) }
      m.maskedLayer = copy
      copy.maskLayer = m
    }
    return copy
  }
}
