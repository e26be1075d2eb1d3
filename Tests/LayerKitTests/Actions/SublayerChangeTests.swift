import Foundation
import Testing

@testable import LayerKit

/// A sublayer change records its single edits instead of a copy of the old list; the old
/// list is rebuilt from them for a `"sublayers"` action.
@Suite struct SublayerChangeTests {
  /// Random inserts and removes on a list, each recorded: undoing the record gives the
  /// list back exactly.
  @Test(arguments: [1, 2, 3, 4, 5]) func undoingTheRecordedEditsRebuildsTheOldList(seed: UInt64) {
    var random = seed &* 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((random >> 33) % UInt64(bound))
    }
    let pool = (0..<12).map { _ in CALayer() }
    let original = Array(pool[0..<6])
    var list = original
    var change = SublayerChange(parent: CALayer(), wasInCommittedTree: false)
    for _ in 0..<40 {
      if list.isEmpty || next(2) == 0 {
        let layer = pool[next(pool.count)]
        if let i = list.firstIndex(where: { $0 === layer }) {
          list.remove(at: i)
          change.record(SublayerEdit(layer: layer, index: i, isInsertion: false))
        }
        let i = next(list.count + 1)
        list.insert(layer, at: i)
        change.record(SublayerEdit(layer: layer, index: i, isInsertion: true))
      } else {
        let i = next(list.count)
        change.record(SublayerEdit(layer: list.remove(at: i), index: i, isInsertion: false))
      }
    }
    let rebuilt = change.sublayers(before: list)
    #expect(rebuilt.map(ObjectIdentifier.init) == original.map(ObjectIdentifier.init))
  }

  @Test func puttingALayerBackWhereItWasLeavesNoEdit() {
    var change = SublayerChange(parent: CALayer(), wasInCommittedTree: false)
    let a = CALayer()
    let b = CALayer()
    change.record(SublayerEdit(layer: a, index: 2, isInsertion: false))
    change.record(SublayerEdit(layer: a, index: 2, isInsertion: true))
    #expect(change.edits.isEmpty)
    change.record(SublayerEdit(layer: a, index: 2, isInsertion: false))
    change.record(SublayerEdit(layer: b, index: 2, isInsertion: true))
    #expect(change.edits.count == 2)
  }

  /// The `"sublayers"` action of a layer on screen sees the sublayers before each change,
  /// and a change that leaves them as they were runs no action.
  @Test func sublayersActionSeesTheListBeforeEachChange() {
    let scene = ActionScene()
    let parent = scene.attachedLayer()
    let layers = (0..<4).map { _ in CALayer() }
    parent.sublayers = layers
    let action = RecordingAction("sublayers")
    var seen: [[ObjectIdentifier]] = []
    action.onRun = { event, layer in
      let previous = layer.currentInvocation(forKey: event)?.previousSublayers ?? []
      seen.append(previous.map(ObjectIdentifier.init))
    }
    parent.actions = ["sublayers": action]
    let ids = layers.map(ObjectIdentifier.init)
    parent.addSublayer(layers[1])  // moved to the front
    parent.addSublayer(layers[1])  // already there: nothing
    let same = parent.sublayers
    parent.sublayers = same  // the same list: nothing
    let other = CALayer()
    parent.replaceSublayer(layers[2], with: other)
    layers[0].removeFromSuperlayer()
    parent.sublayers = [other, layers[3]]  // layers[1] dropped
    #expect(action.runs.count == 4)
    #expect(
      seen == [
        ids,
        [ids[0], ids[2], ids[3], ids[1]],
        [ids[0], ObjectIdentifier(other), ids[3], ids[1]],
        [ObjectIdentifier(other), ids[3], ids[1]],
      ])
    #expect(parent.sublayers!.map(ObjectIdentifier.init) == [ObjectIdentifier(other), ids[3]])
  }
}
