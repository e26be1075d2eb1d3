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
///
/// When the merged damage of a frame covers more than `fullFrameFraction` of it, the
/// frame is redrawn whole and the remaining nodes are not compared: past that point,
/// finding the exact rectangles costs more than drawing the few pixels they would save,
/// and the bytes are the same either way.
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
  /// The share of the frame's pixels past which a frame's damage becomes the whole
  /// frame (0.5: half the frame).
  package static let fullFrameFraction = 0.5

  /// The previous frame's records, in visit order, and their keys.
  private var last: [Record] = []
  private var lastKeys: [RenderNode.Key] = []
  private var lastBounds = PixelRect.empty
  /// The records and keys of the frame before `last`, kept for their buffers.
  private var spareRecords: [Record] = []
  private var spareKeys: [RenderNode.Key] = []
  /// The particles of every emitter node in the previous frame.
  private var lastParticles: [RenderNode.Key: [EmitterParticle]] = [:]

  package init() {}

  /// The damaged rectangles of `tree` drawn at `scale` into `frame` (device pixels),
  /// relative to the previous call; the whole frame on the first call or when the frame
  /// size changes.
  package mutating func damage(_ tree: RenderTree, scale: CGFloat, frame: PixelRect) -> [PixelRect] {
    // The buffers of the frame before the previous one are reused (no allocation, no
    // fresh pages, in a steady state).
    var records = spareRecords
    var keys = spareKeys
    spareRecords = []
    spareKeys = []
    keys.removeAll(keepingCapacity: true)
    records.reserveCapacity(tree.nodes.count)
    keys.reserveCapacity(tree.nodes.count)
    if let root = tree.root {
      let device = ProjectiveTransform2D(m11: scale, m12: 0, m13: 0, m21: 0, m22: scale, m23: 0, m31: 0, m32: 0, m33: 1)
      tree.nodes.withUnsafeBufferPointer { nodes in
        visit(tree, nodes, root, local: tree.localTransform(root, parent: nil), parentMap: device, alpha: 1, clip: frame,
              parent: nil, position: 0, shadow: nil, into: &records, keys: &keys)
      }
    }
    defer {
      swap(&last, &records)
      swap(&lastKeys, &keys)
      records.removeAll(keepingCapacity: true)
      spareRecords = records
      spareKeys = keys
      lastBounds = frame
    }
    if frame != lastBounds || frame.isEmpty { return frame.isEmpty ? [] : [frame] }
    // Particles fly anywhere: any change of them redraws the frame.
    if particlesChanged(tree) { return [frame] }
    var rects = DamageRects(frame: frame)
    if keys == lastKeys {
      // The same nodes in the same order (the usual case): compare record by record.
      for k in records.indices where records[k] != last[k] {
        if rects.add(last[k].footprint) || rects.add(records[k].footprint) { return [frame] }
      }
      return rects.result
    }
    // Otherwise match by key (the last record of a key stands for it, in both frames).
    var old: [RenderNode.Key: Int] = [:], new: [RenderNode.Key: Int] = [:]
    old.reserveCapacity(lastKeys.count)
    new.reserveCapacity(keys.count)
    for (k, key) in lastKeys.enumerated() { old[key] = k }
    for (k, key) in keys.enumerated() { new[key] = k }
    for (key, k) in new {
      if let o = old.removeValue(forKey: key) {
        if last[o] != records[k], rects.add(last[o].footprint) || rects.add(records[k].footprint) { return [frame] }
      } else if rects.add(records[k].footprint) {
        return [frame]
      }
    }
    for o in old.values where rects.add(last[o].footprint) { return [frame] }
    return rects.result
  }

  /// How far the shadows of a node's shadowed ancestors reach beyond what it draws, in
  /// device pixels (blur, offset), and the clip those shadows are drawn in: a shadow
  /// shaped by the content changes where that content changes, widened by its reach.
  struct ShadowReach {
    var pixels: Int
    var clip: PixelRect
  }

  /// Records node `i` (of `tree`, whose nodes `nodes` holds, read in place) and its
  /// subtree, in drawing order.
  private func visit(
    _ tree: RenderTree, _ nodes: UnsafeBufferPointer<RenderNode>, _ i: Int, local: CATransform3D,
    parentMap: ProjectiveTransform2D, alpha: Float, clip: PixelRect, parent: RenderNode.Key?, position: Int,
    shadow: ShadowReach?, into records: inout [Record], keys: inout [RenderNode.Key]
  ) {
    StackReserve.ensure {
      let n = nodes.baseAddress.unsafelyUnwrapped + i
      let map = ProjectiveTransform2D(flattening: local).concatenating(parentMap)
      // A hidden layer (without a transition) draws nothing, nor do its sublayers: their
      // records carry alpha 0, so hiding or showing it damages everything they draw.
      let shown = !n.pointee.state.isHidden || n.pointee.transition != nil
      let opacity = n.pointee.state.opacity
      let a = opacity.isNaN || !shown ? 0 : alpha * Swift.min(Swift.max(opacity, 0), 1)
      let footprint = Self.footprint(n.pointee, map: map, clip: clip)
      var damaged = footprint
      if let shadow, !footprint.isEmpty {
        damaged = damaged.union(footprint.insetBy(-shadow.pixels).intersection(shadow.clip))
      }
      keys.append(n.pointee.key)
      records.append(Record(
        state: n.pointee.state, image: n.pointee.image, map: map, alpha: a, clip: clip, parent: parent, position: position,
        tint: n.pointee.tint, transition: n.pointee.transition, footprint: damaged, tiles: n.pointee.tiles))
      let shadow = Self.shadowReach(tree, i, map: map, parentMap: parentMap, clip: clip, inherited: shadow)
      var childClip = clip
      if n.pointee.state.masksToBounds && n.pointee.kind != .transform { childClip = clip.intersection(footprint) }
      if !map.isFinite { childClip = clip.intersection(footprint) }
      for (k, c) in n.pointee.children.enumerated() {
        let cl = tree.localTransform(c, parent: i)
        if n.pointee.kind == .transform {
          visit(tree, nodes, c, local: cl.concatenating(local), parentMap: parentMap, alpha: a, clip: childClip,
                parent: n.pointee.key, position: k, shadow: shadow, into: &records, keys: &keys)
        } else {
          visit(tree, nodes, c, local: cl, parentMap: map, alpha: a, clip: childClip, parent: n.pointee.key, position: k,
                shadow: shadow, into: &records, keys: &keys)
        }
      }
      if let m = n.pointee.mask {
        visit(tree, nodes, m, local: tree.maskTransform(m, of: i), parentMap: map, alpha: 1, clip: childClip,
              parent: n.pointee.key, position: -1, shadow: shadow, into: &records, keys: &keys)
      }
      if let t = n.pointee.transition {
        visit(tree, nodes, t.outgoing, local: local, parentMap: parentMap, alpha: alpha, clip: clip, parent: n.pointee.key,
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
    guard tree.nodes[i].state.shadowOpacity > 0 else { return inherited }
    let n = tree.nodes[i]
    let st = n.state
    guard st.shadowColor != nil, st.shadowPath == nil, !n.children.isEmpty || n.mask != nil,
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
    var r = n.paintedRect
    if n.state.shadowOpacity > 0 {
      let reach = abs(n.state.shadowRadius) * 1.5 + 2
      let o = n.state.shadowOffset
      r = r.union(r.offsetBy(dx: o.width, dy: o.height).insetBy(dx: -reach, dy: -reach))
    }
    guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite,
      let box = LayerGeometry.boundingBox(of: r, through: map)
    else { return clip }
    return PixelRect(covering: box.insetBy(dx: -1, dy: -1)).intersection(clip)
  }
}

/// A frame's damage as it is found: rectangles merged as they come (a rectangle that
/// touches or overlaps one already held absorbs it, until none touch), their area, and
/// whether that area passed `DamageTracker.fullFrameFraction` of the frame.
///
/// Merging as they come gives the same rectangles as merging them all at the end (the
/// groups of rectangles whose bounding boxes touch do not depend on the order), in
/// time proportional to the rectangles times the few held.
struct DamageRects {
  let frame: PixelRect
  private(set) var rects: [PixelRect] = []
  /// The pixels the held rectangles cover (they are disjoint).
  private(set) var area = 0
  private let limit: Int

  init(frame: PixelRect) {
    self.frame = frame
    limit = Int((Double(frame.width) * Double(frame.height) * DamageTracker.fullFrameFraction).rounded(.down))
  }

  /// Adds a damaged footprint, clipped to the frame; true when the damage now calls for
  /// the whole frame (it covers the frame, or more than `fullFrameFraction` of it).
  mutating func add(_ r: PixelRect) -> Bool {
    let c = r.intersection(frame)
    if c == frame { return true }
    if c.isEmpty { return false }
    insert(c)
    return area > limit
  }

  /// Merges `r` into the held rectangles.
  mutating func insert(_ r: PixelRect) {
    var r = r
    var k = 0
    while k < rects.count {
      if !rects[k].insetBy(-1).intersection(r).isEmpty {
        let held = rects.remove(at: k)
        area -= held.area
        r = r.union(held)
        // The grown rectangle may now touch ones already passed.
        k = 0
      } else {
        k += 1
      }
    }
    rects.append(r)
    area += r.area
  }

  /// The merged rectangles, sorted by their top, then left edge; more than
  /// `DamageTracker.maximumRects` become their bounding box.
  var result: [PixelRect] {
    if rects.count > DamageTracker.maximumRects { return [rects.reduce(PixelRect.empty) { $0.union($1) }] }
    return rects.sorted { ($0.y0, $0.x0) < ($1.y0, $1.x0) }
  }
}

extension DamageTracker {
  /// Whether any emitter node's particles differ from the previous frame's (and
  /// remembers this frame's).
  fileprivate mutating func particlesChanged(_ tree: RenderTree) -> Bool {
    var now: [RenderNode.Key: [EmitterParticle]] = [:]
    for i in tree.nodes.indices { if let p = tree.nodes[i].particles { now[tree.nodes[i].key] = p } }
    if now.isEmpty && lastParticles.isEmpty { return false }
    defer { lastParticles = now }
    return now != lastParticles
  }
}
