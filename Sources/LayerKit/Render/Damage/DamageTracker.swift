import Foundation

/// Finds the pixels that changed between two frames by comparing their render trees.
///
/// Each node is summarised by what decides its pixels — its change stamp (which moves
/// when its state, image, instance transform, tint, transition or tiles change; see
/// `RenderNode.changeStamp`), its map into device space, the opacity and clip it
/// inherits, and its place among its siblings — and by its *footprint*, the device box it
/// can touch (its bounds, the reach of its shadow, its shape's stroke and its contents'
/// placement). A node whose summary changed, appeared or disappeared damages its old and
/// new footprints; an unchanged node damages nothing. Damage is returned as a few
/// disjoint-ish rectangles (overlapping ones merged; more than `maximumRects` collapse to
/// their bounding box).
///
/// The maps, opacities, clips and extents come from the frame's placement
/// (`RenderPlacement`, made once per frame before damage and read by the backend too);
/// the damage pass only compares them with the last frame's. Summaries are kept by node
/// index. While the tree keeps its shape (`RenderTree.structureStamp`), a node whose
/// stamp, map and clip are those of the last frame keeps its footprint, and a subtree with
/// no change stamp newer than the last frame under such a node is not visited at all.
/// When the shape changed, every node is summarised afresh and matched to the last
/// frame's by key.
///
/// A layer that draws nothing in this frame and the last (hidden or fully transparent,
/// itself or through its ancestors; not a mask, nor a layer in a transition) damages
/// nothing, and its descendants are not visited: their records stand until it shows
/// again, when they are summarised against the stamps of the last pass that saw them.
/// Changes under such a layer therefore damage no pixels, where every change of a
/// summary used to.
///
/// When the merged damage of a frame covers more than `fullFrameFraction` of it, the
/// frame is redrawn whole and the remaining nodes are not compared: past that point,
/// finding the exact rectangles costs more than drawing the few pixels they would save,
/// and the bytes are the same either way.
package struct DamageTracker {
  /// One node's summary.
  struct Record {
    /// The node's change stamp.
    var changeStamp: UInt64
    /// The `RenderTree.newestStamp` of the last pass that visited the node's
    /// descendants: their records are those of that pass (a pass skips the descendants of
    /// a layer hidden in both frames, and they are brought up to date when it shows).
    var below: UInt64
    /// Its map into device pixels (`NodePlacement.map`).
    var map: ProjectiveTransform2D
    /// Its effective opacity (`NodePlacement.opacity`).
    var alpha: Float
    /// The device pixels it may draw in (`NodePlacement.clip`).
    var clip: PixelRect
    /// The reach of its ancestors' content-shaped shadows.
    var shadow: ShadowReach?
    /// Its parent's node index (−1 for the root) and its place under it (−1: the mask,
    /// −2: a transition's outgoing state).
    var parent: Int
    var position: Int
    /// The device pixels it can touch (`NodePlacement.extent`), and those widened by its
    /// ancestors' shadows.
    var own: PixelRect
    var footprint: PixelRect

    static let none = Record(
      changeStamp: 0, below: 0, map: .identity, alpha: 0, clip: .empty, shadow: nil,
      parent: -1, position: 0, own: .empty, footprint: .empty)

    /// Whether `self` and `other` (of nodes with the same key under parents with the same
    /// key) damage nothing between them.
    func draws(like other: Record) -> Bool {
      changeStamp == other.changeStamp && footprint == other.footprint && alpha == other.alpha
        && position == other.position && clip == other.clip && map == other.map
    }
  }

  /// Rectangles beyond this many merge into one.
  package static let maximumRects = 8
  /// The share of the frame's pixels past which a frame's damage becomes the whole
  /// frame (0.5: half the frame).
  package static let fullFrameFraction = 0.5

  /// The last frame's records and keys, by node index.
  private(set) var records: [Record] = []
  private var keys: [RenderNode.Key] = []
  /// The buffers of the frame before, reused when the shape changes.
  private var spareRecords: [Record] = []
  private var spareKeys: [RenderNode.Key] = []
  /// The placement `damage(_:scale:frame:)` makes for callers that keep none.
  private var ownPlacement = RenderPlacement()
  /// The last frame's tree shape and frame, and the tree's `RenderTree.newestStamp`
  /// when it was summarised.
  private var lastStructure: UInt64 = .max
  private var lastBounds = PixelRect.empty
  private var seen: UInt64 = 0
  /// The particles of every emitter node in the previous frame.
  private var lastParticles: [RenderNode.Key: [EmitterParticle]] = [:]

  package init() {}

  /// The damaged rectangles of `tree` drawn at `scale` into `frame` (device pixels),
  /// relative to the previous call, placing the tree itself (for callers that keep no
  /// placement of their own).
  package mutating func damage(_ tree: RenderTree, scale: CGFloat, frame: PixelRect) -> [PixelRect]
  {
    ownPlacement.update(tree, scale: scale, frame: frame)
    return damage(tree, placement: ownPlacement)
  }

  /// The damaged rectangles of `tree`, placed by `placement` (this frame's, made for this
  /// tree), relative to the previous call; the whole frame on the first call or when the
  /// frame size changes.
  package mutating func damage(_ tree: RenderTree, placement: RenderPlacement) -> [PixelRect] {
    let frame = placement.frame
    let now = tree.newestStamp
    let sameFrame = frame == lastBounds && !frame.isEmpty
    let sameShape = tree.structureStamp == lastStructure && records.count == tree.nodes.count
    // Particles fly anywhere: any change of them redraws the frame.
    let particles =
      sameFrame && (tree.hasParticles || !lastParticles.isEmpty) && particlesChanged(tree)
    defer {
      seen = now
      lastStructure = tree.structureStamp
      lastBounds = frame
    }
    if sameShape {
      // The same nodes at the same indices: compare each with its own last record.
      var pass = Pass(
        tree: tree, incremental: true, seen: seen, now: now, compares: sameFrame && !particles,
        frame: frame)
      records.withUnsafeMutableBufferPointer { r in
        pass.run(into: r.baseAddress, placement: placement)
      }
      if !sameFrame { return frame.isEmpty ? [] : [frame] }
      return particles || pass.isFull ? [frame] : pass.rects.result
    }
    var fresh = spareRecords
    var freshKeys = spareKeys
    spareRecords = []
    spareKeys = []
    fresh.removeAll(keepingCapacity: true)
    fresh.append(contentsOf: repeatElement(Record.none, count: tree.nodes.count))
    freshKeys.removeAll(keepingCapacity: true)
    freshKeys.reserveCapacity(tree.nodes.count)
    for i in tree.nodes.indices { freshKeys.append(tree.nodes[i].key) }
    var pass = Pass(
      tree: tree, incremental: false, seen: seen, now: now, compares: false, frame: frame)
    fresh.withUnsafeMutableBufferPointer { r in
      pass.run(into: r.baseAddress, placement: placement)
    }
    swap(&records, &fresh)
    swap(&keys, &freshKeys)
    defer {
      spareRecords = fresh
      spareKeys = freshKeys
    }
    if !sameFrame { return frame.isEmpty ? [] : [frame] }
    if particles { return [frame] }
    // Match by key (the last record of a key stands for it, in both frames).
    var rects = DamageRects(frame: frame)
    var old: [RenderNode.Key: Int] = [:]
    old.reserveCapacity(freshKeys.count)
    for (k, key) in freshKeys.enumerated() { old[key] = k }
    var new: [RenderNode.Key: Int] = [:]
    new.reserveCapacity(keys.count)
    for (k, key) in keys.enumerated() { new[key] = k }
    for (key, k) in new {
      let r = records[k]
      if let o = old.removeValue(forKey: key) {
        let was = fresh[o]
        let parentsMatch =
          (r.parent < 0 ? nil : keys[r.parent]) == (was.parent < 0 ? nil : freshKeys[was.parent])
        if !(parentsMatch && r.draws(like: was)), rects.add(was.footprint) || rects.add(r.footprint)
        {
          return [frame]
        }
      } else if rects.add(r.footprint) {
        return [frame]
      }
    }
    for o in old.values where rects.add(fresh[o].footprint) { return [frame] }
    return rects.result
  }

  /// How far the shadows of a node's shadowed ancestors reach beyond what it draws, in
  /// device pixels (blur, offset), and the clip those shadows are drawn in: a shadow
  /// shaped by the content changes where that content changes, widened by its reach.
  struct ShadowReach: Equatable {
    var pixels: Int
    var clip: PixelRect
  }

  /// The shadow reach node `i`'s sublayers inherit: `inherited` widened by `i`'s own
  /// shadow when that takes the shape of what the sublayers draw (its blur reach and
  /// offset, in device pixels by `map`'s largest stretch); node `i` is read in place (`n`).
  static func shadowReach(
    _ tree: RenderTree, _ i: Int, node n: UnsafePointer<RenderNode>, map: ProjectiveTransform2D,
    parentMap: ProjectiveTransform2D, clip: PixelRect, inherited: ShadowReach?
  ) -> ShadowReach? {
    guard n.pointee.state.shadowOpacity > 0, n.pointee.state.shadowColor != nil,
      n.pointee.state.shadowPath == nil, !n.pointee.children.isEmpty || n.pointee.mask != nil,
      !tree.shadowFollowsRoundedBounds(i)
    else { return inherited }
    let stretch = Swift.max(
      abs(map.m11) + abs(map.m12), abs(map.m21) + abs(map.m22),
      abs(parentMap.m11) + abs(parentMap.m12), abs(parentMap.m21) + abs(parentMap.m22))
    let o = n.pointee.state.shadowOffset
    let offset = abs(o.width) + abs(o.height)
    let grow = (n.pointee.state.shadowBlurReach + 2 + offset) * stretch
    guard grow.isFinite, grow < 16_777_216 else { return ShadowReach(pixels: 1 << 24, clip: clip) }
    let own = Int(grow.rounded(.up)) + 1
    guard let inherited else { return ShadowReach(pixels: own, clip: clip) }
    return ShadowReach(pixels: inherited.pixels + own, clip: inherited.clip.union(clip))
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
    limit = Int(
      (Double(frame.width) * Double(frame.height) * DamageTracker.fullFrameFraction).rounded(.down))
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
    if rects.count > DamageTracker.maximumRects {
      return [rects.reduce(PixelRect.empty) { $0.union($1) }]
    }
    return rects.sorted { ($0.y0, $0.x0) < ($1.y0, $1.x0) }
  }
}

extension DamageTracker {
  /// Whether any emitter node's particles differ from the previous frame's (and
  /// remembers this frame's).
  fileprivate mutating func particlesChanged(_ tree: RenderTree) -> Bool {
    var now: [RenderNode.Key: [EmitterParticle]] = [:]
    for i in tree.nodes.indices {
      if let p = tree.nodes[i].particles { now[tree.nodes[i].key] = p }
    }
    if now.isEmpty && lastParticles.isEmpty { return false }
    defer { lastParticles = now }
    return now != lastParticles
  }
}
