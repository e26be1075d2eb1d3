/// Every layer of a context's tree in walk order, with the timing that maps its parent's
/// time to its own and the range of its animation records in the `FlatTrackTable`: what a
/// steady frame needs, so that it runs front to back over two contiguous buffers without
/// reading a layer object.
///
/// A full walk records the plan as it goes. The plan is *usable* when every animation of
/// that walk was evaluated as a ready record (committed, started, showing, no event: from
/// its lanes, or by its track object without the lifecycle bookkeeping);
/// it is then replayed (`CAContext.updatePresentation`) until the tree's `LayerChangeLog`
/// moves, the table is compacted, or a record needs its lifecycle bookkeeping (the replay
/// then stops and the frame walks the tree). A change of only a recorded layer's
/// `beginTime`, `speed` or `timeOffset` (a scrub of the root) is taken into its node
/// (`retime`) without moving the tree's `LayerChangeLog`'s model changes. Layers' local times
/// live here while they are in the current recording (`CAContext.localTime(of:)` reads
/// them). Growing allocates; a replay does not.
package final class FlatTimingPlan {
  /// One layer: its timing (`speed` widened as the walk widens it) and records.
  package struct Node {
    /// The layer (unretained: the plan is replayed only while the tree is unchanged, so
    /// while its layers are held by the tree); read for its model state only when a
    /// track object needs it.
    var layer: Unmanaged<CALayer>
    /// The parent's index in the plan, or −1 for the root.
    var parent: Int32
    /// The first record in the table and how many there are.
    var recordStart: Int32
    var recordCount: Int32
    /// Whether the layer's fill mode is `backwards` or `both`.
    var fillsBackwards: Bool
    /// Parent time, seconds.
    var beginTime: Double
    var speed: Double
    /// Local time, seconds.
    var timeOffset: Double
  }

  @exclusivity(unchecked) private(set) var nodes: UnsafeMutablePointer<Node>
  /// Each layer's local time and whether its timing applied at the last frame.
  @exclusivity(unchecked) private(set) var localTimes: UnsafeMutablePointer<Double>
  @exclusivity(unchecked) private(set) var applied: UnsafeMutablePointer<Bool>
  @exclusivity(unchecked) private(set) var count = 0
  private var capacity: Int
  /// Changes at every recording; a storage recorded at another epoch reads its own time.
  @exclusivity(unchecked) private(set) var epoch: UInt64 = 0
  /// Whether the last recording may be replayed, and what it depends on.
  @exclusivity(unchecked) var isUsable = false
  @exclusivity(unchecked) var structureStamp: UInt64 = 0
  /// The change log `structureStamp` was read from.
  private(set) var structureLog: LayerChangeLog?
  @exclusivity(unchecked) var tableEpoch: UInt64 = 0

  init() {
    capacity = 64
    nodes = .allocate(capacity: capacity)
    localTimes = .allocate(capacity: capacity)
    applied = .allocate(capacity: capacity)
  }

  deinit {
    nodes.deallocate()
    localTimes.deallocate()
    applied.deallocate()
  }

  /// Starts a new recording of the tree whose change log is `log` (stamped with its
  /// change count and the table epoch now).
  func beginRecording(tableEpoch: UInt64, log: LayerChangeLog) {
    epoch &+= 1
    count = 0
    isUsable = true
    structureLog = log
    structureStamp = log.changes
    self.tableEpoch = tableEpoch
  }

  /// Whether nothing that alters the walk changed in the tree logged by `log` since the
  /// recording started.
  @inline(__always)
  func isCurrent(for log: LayerChangeLog) -> Bool {
    structureLog === log && structureStamp == log.changes
  }

  /// Appends a layer with its local time at this frame; returns its index.
  @inline(__always)
  func append(_ node: Node, localTime: Double, isApplied: Bool) -> Int {
    if count == capacity { grow() }
    let i = count
    (nodes + i).initialize(to: node)
    localTimes[i] = localTime
    applied[i] = isApplied
    count += 1
    return i
  }

  /// Takes a change of the `beginTime`, `speed` or `timeOffset` of the layer recorded at
  /// `index` into its node, so that the next frame replays the plan with the new timing
  /// instead of counting the change as a model change (`LayerChangeLog`) that
  /// makes the whole tree walk again (the log's `retimes` moved, so that the next commit
  /// starts a new generation: the next frame is evaluated even at an unchanged time).
  func retime(at index: Int, to r: LayerChangeLog.Retime) {
    nodes[index].beginTime = r.beginTime
    nodes[index].speed = r.speed
    nodes[index].timeOffset = r.timeOffset
  }

  /// Sets the record range of the layer at `index`.
  @inline(__always)
  func setRecords(at index: Int, start: Int, count n: Int) {
    nodes[index].recordStart = Int32(truncatingIfNeeded: start)
    nodes[index].recordCount = Int32(truncatingIfNeeded: n)
  }

  private func grow() {
    let grown = capacity * 2
    let n = UnsafeMutablePointer<Node>.allocate(capacity: grown)
    n.moveInitialize(from: nodes, count: count)
    nodes.deallocate()
    nodes = n
    let l = UnsafeMutablePointer<Double>.allocate(capacity: grown)
    l.update(from: localTimes, count: count)
    localTimes.deallocate()
    localTimes = l
    let a = UnsafeMutablePointer<Bool>.allocate(capacity: grown)
    a.update(from: applied, count: count)
    applied.deallocate()
    applied = a
    capacity = grown
  }

  /// Replays the recording at root time `t`: every layer's local time, then each of its
  /// records from the table. Returns false, leaving the frame to a walk, as soon as a
  /// record is not ready or is in a phase that could raise an event
  /// (`FlatTrack.step(at:)`).
  func replay(at t: Double, table: FlatTrackTable) -> Bool {
    let nodes = self.nodes
    let localTimes = self.localTimes
    let applied = self.applied
    let records = table.records
    for i in 0..<count {
      let node = nodes[i]
      let p = Int(node.parent)
      let tp = p < 0 ? t : localTimes[p]
      var a = p < 0 ? true : applied[p]
      var local = (tp - node.beginTime) * node.speed + node.timeOffset
      if tp < node.beginTime {
        if node.fillsBackwards { local = node.timeOffset } else { a = false }
      }
      if !local.isFinite { a = false }
      localTimes[i] = local
      applied[i] = a
      let n = Int(node.recordCount)
      if n == 0 { continue }
      let start = records + Int(node.recordStart)
      for k in 0..<n {
        let r = start + k
        guard r.pointee.isReady else { return false }
        guard a else {
          table.hide(r)
          continue
        }
        let e = r.pointee.evaluateTiming(parentTime: local)
        switch r.pointee.step(at: e) {
        case .evaluate: table.evaluate(r, e, model: { node.layer.takeUnretainedValue().state })
        case .hide: table.hide(r)
        case .lifecycle: return false
        }
      }
    }
    return true
  }
}
