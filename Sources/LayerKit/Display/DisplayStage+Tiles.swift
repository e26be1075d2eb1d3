import Foundation

// The tiles a frame shows of one tiled layer: its placement on the way down from the
// root, the clips of superlayers that mask to their bounds, then the compositor's rule.
extension DisplayStage {
  /// Draws the missing tiles of `tiled` that show in `viewport`, and marks the kept ones
  /// as shown. A layer outside `root`'s tree, hidden, transparent, reached through a
  /// mask or placed by a transform that is not affine is left to the compositor's
  /// reports of missing tiles.
  static func drawVisibleTiles(
    of tiled: CATiledLayer, root: CALayer, state: (CALayer) -> LayerState, viewport: Viewport
  ) {
    guard let placed = placement(of: tiled, root: root, state: state, viewport: viewport) else {
      return
    }
    let source = TiledLayerSource(tiled)
    let st = state(tiled)
    let visible = source.visibleTiles(
      bounds: st.bounds, contentsScale: st.contentsScale, map: placed.map, clip: placed.clip)
    if visible.needed > Double(CATiledLayer.maximumTilesPerFrame) {
      CADiagnostics.report(
        key: "tileSize",
        "a tiled layer needs \(Int(visible.needed)) tiles in one frame; drew the first "
          + "\(CATiledLayer.maximumTilesPerFrame)"
      )
    }
    for tile in visible.tiles { tiled.tiles.draw(tile) }
  }

  /// The map from `layer`'s coordinates to device pixels and the clip its contents are
  /// drawn in, as the compositor will place them; nil when that is not known here.
  private static func placement(
    of layer: CALayer, root: CALayer, state: (CALayer) -> LayerState, viewport: Viewport
  ) -> (map: CGAffineTransform, clip: PixelRect)? {
    var chain: [CALayer] = [layer]
    var seen: Set<ObjectIdentifier> = [ObjectIdentifier(layer)]
    while let up = chain[chain.count - 1].parentLayer {
      guard seen.insert(ObjectIdentifier(up)).inserted else { return nil }  // a cycle
      chain.append(up)
    }
    guard chain[chain.count - 1] === root else { return nil }
    var map = ProjectiveTransform2D(affine: viewport.rootMap)
    var clip = viewport.pixels
    var parent: LayerState?
    for l in chain.reversed() {
      let st = state(l)
      guard !st.isHidden, st.opacity > 0 else { return nil }
      let placement = LayerGeometry.transformToParentPlane(st)
      let local: CATransform3D
      if let parent {
        let space =
          !parent.isGeometryFlipped && parent.sublayerTransform.isIdentity
          ? CATransform3D.identity : LayerGeometry.sublayerSpaceTransform(parent)
        local = RenderTree.local(placement: placement, space: space)
      } else {
        local = viewport.placesRoot ? placement : .identity
      }
      map = ProjectiveTransform2D(flattening: local).concatenating(map)
      guard map.isFinite, map.isInvertible, let affine = map.exactAffine else { return nil }
      if l !== layer, st.masksToBounds {
        clip = clip.intersection(PixelRect(covering: st.bounds.applying(affine)))
        guard !clip.isEmpty else { return nil }
      }
      parent = st
    }
    guard let affine = map.exactAffine else { return nil }
    return (affine, clip)
  }
}
