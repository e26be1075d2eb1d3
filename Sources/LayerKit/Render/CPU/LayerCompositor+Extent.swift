import Foundation

// Where a layer can draw, in device pixels, so an offscreen group covers only that much
// of the clip instead of all of it (a card at 0.9 opacity in a damaged strip needs a
// card-sized buffer, not a strip-sized one).
extension LayerCompositor {
  /// A pixel rect that contains every pixel node `i` (with its shadow and sublayers)
  /// can change under the affine `map`, or nil when that is not known cheaply (transform
  /// layers, transitions, perspective sublayers, deep trees). Shape layers are nil unless
  /// `shapes`, when they add their path's control box grown by the farthest their stroke
  /// reaches (`ShapeLayerState.strokeReach`); offscreens are laid out without shape extents (so their
  /// layout, on which sampled pixels depend, stays as it was), and with them a layer's
  /// bounds count only when it draws in them (background, border, contents, gradient,
  /// text, or a clip to them); a layer's and its mask's extents with shapes narrow what is
  /// drawn, masked and composited. One pixel of margin covers antialiasing.
  ///
  /// With `ignoringClip`, the node's own `masksToBounds` is left out (what its contents and
  /// sublayers reach before the clip cuts them).
  ///
  /// Extents with shapes are kept per node for the rest of the render call (with the map
  /// they were measured under): a group, a bounds clip and every group inside them ask for
  /// the same subtrees' extents.
  func drawnExtent(
    _ i: Int, map: CGAffineTransform, parentMap: ProjectiveTransform2D, shapes: Bool = false,
    ignoringClip: Bool = false, depth: Int = 0
  ) -> PixelRect? {
    let keeps = shapes && !ignoringClip
    if keeps, i < knownExtents.count, knownExtents[i].call == renderCalls,
      knownExtents[i].map == map
    {
      return knownExtents[i].extent
    }
    let e = measureExtent(
      i, map: map, parentMap: parentMap, shapes: shapes, ignoringClip: ignoringClip, depth: depth)
    if keeps {
      if knownExtents.count < tree.nodes.count {
        knownExtents = Array(repeating: KnownExtent(), count: tree.nodes.count)
      }
      knownExtents[i] = KnownExtent(call: renderCalls, map: map, extent: e)
    }
    return e
  }

  /// A node's extent with shapes, the render call and the map it was measured under.
  struct KnownExtent {
    var call = -1
    var map = CGAffineTransform.identity
    var extent: PixelRect?
  }

  /// `drawnExtent`, measured.
  private func measureExtent(
    _ i: Int, map: CGAffineTransform, parentMap: ProjectiveTransform2D, shapes: Bool,
    ignoringClip: Bool, depth: Int
  ) -> PixelRect? {
    // Read in place (`node(_:)`): copying a node or its state costs a reference count
    // for each of its images, colours and arrays, and this walks whole subtrees.
    let n = node(i)
    guard depth < 16, n.pointee.transition == nil else { return nil }
    let kind = n.pointee.kind
    guard kind == .layer || kind == .gradient || kind == .text || (shapes && kind == .shape)
    else { return nil }
    let p = ProjectiveTransform2D(affine: map)
    func box(_ r: CGRect) -> PixelRect? {
      LayerGeometry.boundingBox(of: r, through: p).map { PixelRect(covering: $0).insetBy(-1) }
    }
    // Reaching for what is drawn (`shapes`), a layer's bounds count only when something
    // is drawn in them; a plain holder of sublayers (as Lottie's groups are) adds nothing.
    if shapes && n.pointee.particles != nil { return nil }
    let clips = n.pointee.state.masksToBounds && !ignoringClip
    let drawsInBounds =
      !shapes || clips || kind == .gradient || kind == .text || n.image != nil
      || n.pointee.tiles != nil || (n.pointee.state.backgroundColor?.alpha ?? 0) > 0
      || (n.pointee.state.borderWidth > 0 && (n.pointee.state.borderColor?.alpha ?? 0) > 0)
    guard var extent = drawsInBounds ? box(n.pointee.state.bounds) : .empty else { return nil }
    if kind == .shape, let sh = n.state.shape, let path = sh.path, !path.isEmpty {
      guard let reach = sh.strokeReach,
        let b = box(path.boundingBox.insetBy(dx: -reach, dy: -reach))
      else { return nil }
      extent = extent.union(b)
    }
    if let image = n.image, n.pointee.backingStore == nil, !clips {
      guard let b = box(n.imageRect(image)) else { return nil }
      extent = extent.union(b)
    }
    if !clips {
      // A hidden sublayer draws nothing: it does not widen what is drawn (`shapes`; an
      // offscreen's layout keeps counting it, as it always did).
      for c in n.pointee.children where !shapes || LayerVisibility.isShown(node(c)) {
        let local = ProjectiveTransform2D(flattening: localTransform(c, parent: i))
        guard let child = local.concatenating(p).exactAffine,
          let e = drawnExtent(c, map: child, parentMap: p, shapes: shapes, depth: depth + 1)
        else { return nil }
        extent = extent.union(e)
      }
    }
    guard n.pointee.state.shadowOpacity > 0 else { return extent }
    // As `drawShadow` places it: the shape (or `shadowPath`, control points included)
    // grown by more than the three box blurs spread and moved by the offset.
    let st = n.pointee.state
    let o = st.shadowOffset
    guard o.width.isFinite, o.height.isFinite, st.shadowRadius.isFinite else { return extent }
    let (dx, dy) = Self.deviceOffset(o, parentMap)
    let scale = abs(map.a * map.d - map.b * map.c).squareRoot()
    let sigma = Double(st.shadowSigma * scale)
    guard sigma < 1e6 else { return nil }
    let reach = Int(geometric: ((sigma * 64).rounded() / 64) * 3, .up) + 4
    var shape = extent
    if let sp = st.shadowPath {
      guard let b = box(sp.boundingBox) else { return nil }
      shape = b
    }
    return extent.union(shape.insetBy(-reach).offsetBy(dx: dx, dy: dy))
  }
}
