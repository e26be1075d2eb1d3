import Foundation

/// Finds the pixels that changed between two frames by comparing their render trees.
///
/// Each node is summarised by what decides its pixels — its state, its image, its map
/// into device space, the opacity and clip it inherits, and its place among its
/// siblings — and by its *footprint*, the device box it can touch (its bounds, the
/// reach of its shadow, its shape's stroke and its contents' placement). A node whose
/// summary changed, appeared or disappeared damages its old and new footprints; an
/// unchanged node damages nothing. Damage is returned as a few disjoint-ish rectangles
/// (overlapping ones merged; more than `maximumRects` collapse to their bounding box).
package struct DamageTracker {
  struct Record: Equatable {
    var state: LayerState
    var image: CGImage?
    var map: ProjectiveTransform2D
    var alpha: Float
    var clip: PixelRect
    var parent: RenderNode.Key?
    var position: Int
    var tint: SIMD4<Float>?
    var transition: RenderTransition?
    var footprint: PixelRect
    var tiles: TiledLayerSource?

    static func == (a: Record, b: Record) -> Bool {
      a.image === b.image && a.map == b.map && a.alpha == b.alpha && a.clip == b.clip && a.parent == b.parent
        && a.position == b.position && a.tint == b.tint && a.transition == b.transition && a.footprint == b.footprint && a.tiles == b.tiles
        && a.state == b.state
    }
  }

  /// Rectangles beyond this many merge into one.
  package static let maximumRects = 8

  /// The previous frame's records, in visit order, and their keys.
  private var last: [Record] = []
  private var lastKeys: [RenderNode.Key] = []
  private var lastBounds = PixelRect.empty
  /// The particles of every emitter node in the previous frame.
  private var lastParticles: [RenderNode.Key: [EmitterParticle]] = [:]

  package init() {}

  /// The damaged rectangles of `tree` drawn at `scale` into `frame` (device pixels),
  /// relative to the previous call; the whole frame on the first call or when the frame
  /// size changes.
  package mutating func damage(_ tree: RenderTree, scale: CGFloat, frame: PixelRect) -> [PixelRect] {
    var records: [Record] = []
    var keys: [RenderNode.Key] = []
    records.reserveCapacity(tree.nodes.count)
    keys.reserveCapacity(tree.nodes.count)
    if let root = tree.root {
      let device = ProjectiveTransform2D(m11: scale, m12: 0, m13: 0, m21: 0, m22: scale, m23: 0, m31: 0, m32: 0, m33: 1)
      visit(tree, root, local: tree.localTransform(root, parent: nil), parentMap: device, alpha: 1, clip: frame,
            parent: nil, position: 0, shadow: nil, into: &records, keys: &keys)
    }
    defer {
      last = records
      lastKeys = keys
      lastBounds = frame
    }
    if frame != lastBounds || frame.isEmpty { return frame.isEmpty ? [] : [frame] }
    // Particles fly anywhere: any change of them redraws the frame.
    if particlesChanged(tree) { return [frame] }
    var rects: [PixelRect] = []
    /// Adds a damaged footprint; true when it covers the whole frame (nothing else matters).
    func add(_ r: PixelRect) -> Bool {
      let c = r.intersection(frame)
      if c == frame { return true }
      if !c.isEmpty { rects.append(c) }
      return false
    }
    if keys == lastKeys {
      // The same nodes in the same order (the usual case): compare record by record.
      for k in records.indices where records[k] != last[k] {
        if add(last[k].footprint) || add(records[k].footprint) { return [frame] }
      }
      return Self.merge(rects)
    }
    // Otherwise match by key (the last record of a key stands for it, in both frames).
    var old: [RenderNode.Key: Int] = [:], new: [RenderNode.Key: Int] = [:]
    old.reserveCapacity(lastKeys.count)
    new.reserveCapacity(keys.count)
    for (k, key) in lastKeys.enumerated() { old[key] = k }
    for (k, key) in keys.enumerated() { new[key] = k }
    for (key, k) in new {
      if let o = old.removeValue(forKey: key) {
        if last[o] != records[k], add(last[o].footprint) || add(records[k].footprint) { return [frame] }
      } else if add(records[k].footprint) {
        return [frame]
      }
    }
    for o in old.values where add(last[o].footprint) { return [frame] }
    return Self.merge(rects)
  }

  /// How far the shadows of a node's shadowed ancestors reach beyond what it draws, in
  /// device pixels (blur, offset), and the clip those shadows are drawn in: a shadow
  /// shaped by the content changes where that content changes, widened by its reach.
  struct ShadowReach {
    var pixels: Int
    var clip: PixelRect
  }

  private func visit(
    _ tree: RenderTree, _ i: Int, local: CATransform3D, parentMap: ProjectiveTransform2D, alpha: Float,
    clip: PixelRect, parent: RenderNode.Key?, position: Int, shadow: ShadowReach?, into records: inout [Record],
    keys: inout [RenderNode.Key]
  ) {
    StackReserve.ensure {
      let n = tree.nodes[i]
      let map = ProjectiveTransform2D(flattening: local).concatenating(parentMap)
      let a = n.state.opacity.isNaN ? 0 : alpha * Swift.min(Swift.max(n.state.opacity, 0), 1)
      let footprint = Self.footprint(n, map: map, clip: clip)
      var damaged = footprint
      if let shadow, !footprint.isEmpty {
        damaged = damaged.union(footprint.insetBy(-shadow.pixels).intersection(shadow.clip))
      }
      keys.append(n.key)
      records.append(Record(
        state: n.state, image: n.image, map: map, alpha: a, clip: clip, parent: parent, position: position,
        tint: n.tint, transition: n.transition, footprint: damaged, tiles: n.tiles))
      let shadow = Self.shadowReach(tree, i, map: map, parentMap: parentMap, clip: clip, inherited: shadow)
      var childClip = clip
      if n.state.masksToBounds && n.kind != .transform { childClip = clip.intersection(footprint) }
      if n.mask != nil || !map.isFinite { childClip = clip.intersection(footprint) }
      for (k, c) in n.children.enumerated() {
        let cl = tree.localTransform(c, parent: i)
        if n.kind == .transform {
          visit(tree, c, local: cl.concatenating(local), parentMap: parentMap, alpha: a, clip: childClip,
                parent: n.key, position: k, shadow: shadow, into: &records, keys: &keys)
        } else {
          visit(tree, c, local: cl, parentMap: map, alpha: a, clip: childClip, parent: n.key, position: k,
                shadow: shadow, into: &records, keys: &keys)
        }
      }
      if let m = n.mask {
        visit(tree, m, local: tree.maskTransform(m, of: i), parentMap: map, alpha: 1, clip: footprint,
              parent: n.key, position: -1, shadow: shadow, into: &records, keys: &keys)
      }
      if let t = n.transition {
        visit(tree, t.outgoing, local: local, parentMap: parentMap, alpha: alpha, clip: clip, parent: n.key,
              position: -2, shadow: shadow, into: &records, keys: &keys)
      }
    }
  }

  /// The shadow reach node `i`'s sublayers inherit: `inherited` widened by `i`'s own
  /// shadow when that takes the shape of what the sublayers draw (its blur reach and
  /// offset, in device pixels by `map`'s largest stretch).
  static func shadowReach(
    _ tree: RenderTree, _ i: Int, map: ProjectiveTransform2D, parentMap: ProjectiveTransform2D, clip: PixelRect,
    inherited: ShadowReach?
  ) -> ShadowReach? {
    let n = tree.nodes[i]
    let st = n.state
    guard st.shadowOpacity > 0, st.shadowColor != nil, st.shadowPath == nil, !n.children.isEmpty || n.mask != nil,
      !tree.shadowFollowsRoundedBounds(i)
    else { return inherited }
    let stretch = Swift.max(
      abs(map.m11) + abs(map.m12), abs(map.m21) + abs(map.m22),
      abs(parentMap.m11) + abs(parentMap.m12), abs(parentMap.m21) + abs(parentMap.m22))
    let offset = abs(st.shadowOffset.width) + abs(st.shadowOffset.height)
    let grow = (abs(st.shadowRadius) * 1.5 + 2 + offset) * stretch
    guard grow.isFinite, grow < 16_777_216 else { return ShadowReach(pixels: 1 << 24, clip: clip) }
    let own = Int(grow.rounded(.up)) + 1
    guard let inherited else { return ShadowReach(pixels: own, clip: clip) }
    return ShadowReach(pixels: inherited.pixels + own, clip: inherited.clip.union(clip))
  }

  /// The device pixels node `n` can touch under `map`, within `clip`.
  static func footprint(_ n: RenderNode, map: ProjectiveTransform2D, clip: PixelRect) -> PixelRect {
    let st = n.state
    var r = n.paintedRect
    if st.shadowOpacity > 0 {
      let reach = abs(st.shadowRadius) * 1.5 + 2
      let o = st.shadowOffset
      r = r.union(r.offsetBy(dx: o.width, dy: o.height).insetBy(dx: -reach, dy: -reach))
    }
    guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite,
      let box = LayerGeometry.boundingBox(of: r, through: map)
    else { return clip }
    return PixelRect(covering: box.insetBy(dx: -1, dy: -1)).intersection(clip)
  }

  /// Merges overlapping rectangles; more than `maximumRects` become one.
  static func merge(_ input: [PixelRect]) -> [PixelRect] {
    var rects = input
    var changed = true
    while changed {
      changed = false
      outer: for a in rects.indices {
        for b in rects.indices where b > a {
          if !rects[a].insetBy(-1).intersection(rects[b]).isEmpty {
            rects[a] = rects[a].union(rects[b])
            rects.remove(at: b)
            changed = true
            break outer
          }
        }
      }
    }
    if rects.count > maximumRects { return [rects.reduce(PixelRect.empty) { $0.union($1) }] }
    return rects.sorted { ($0.y0, $0.x0) < ($1.y0, $1.x0) }
  }
}

extension DamageTracker {
  /// Whether any emitter node's particles differ from the previous frame's (and
  /// remembers this frame's).
  fileprivate mutating func particlesChanged(_ tree: RenderTree) -> Bool {
    var now: [RenderNode.Key: [EmitterParticle]] = [:]
    for n in tree.nodes { if let p = n.particles { now[n.key] = p } }
    defer { lastParticles = now }
    return now != lastParticles
  }
}
