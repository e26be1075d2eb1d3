import Foundation
import Testing

@testable import LayerKit

/// The frame loop's per-layer state lives in the context (`LayerEvaluationTable`): layers
/// moved between contexts, contexts released and layers released while animating leave
/// nothing behind and nothing dangling.
@Suite struct LayerEvaluationTableTests {
  /// A 1 s `position.x` move from 0 to 100, repeating forever.
  static func move() -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: "position.x")
    a.fromValue = 0.0
    a.toValue = 100.0
    a.duration = 1
    a.repeatCount = .infinity
    return a
  }

  static func scene() -> (CAManualClock, CAContext, CALayer) { PresentationTests.scene() }

  /// A committed scene whose root has one sublayer moving (`move()`), evaluated at 0.25 s.
  static func movingChild() -> (CAContext, root: CALayer, child: CALayer) {
    let (_, context, root) = scene()
    let layer = CALayer()
    root.addSublayer(layer)
    layer.add(move(), forKey: "move")
    context.advance(by: 0.25)
    return (context, root, layer)
  }

  @Test func aLayerMovedToAnotherContextAnimatesThereAndIsForgottenHere() throws {
    let (_, a, rootA) = Self.scene()
    let (_, b, rootB) = Self.scene()
    let layer = CALayer()
    rootA.addSublayer(layer)
    layer.add(Self.move(), forKey: "move")
    a.advance(by: 0.25)
    #expect(abs(try #require(layer.presentation()).position.x - 25) < 1e-9)
    #expect(a.evaluations.liveCount == 2)
    rootB.addSublayer(layer)  // leaves A's tree
    b.advance(by: 0.5)
    b.advance(by: 0.25)
    // Committed in A with beginTime 0; B's clock is at 0.75 s.
    #expect(abs(try #require(b.presentationState(of: layer)).position.x - 75) < 1e-9)
    #expect(b.evaluations.liveCount == 2)
    a.advance(by: 0.25)
    // A's next whole walk freed the layer's entry: A knows nothing of it any more.
    #expect(a.evaluations.liveCount == 1)
    #expect(a.presentationState(of: layer) == nil)
    #expect(a.localTime(of: layer) == 0)
  }

  @Test func aLayerOutlivesItsReleasedContextAndStartsAfreshInTheNext() throws {
    let layer = CALayer()
    weak var released: CAContext?
    do {
      let (_, a, root) = Self.scene()
      root.addSublayer(layer)
      layer.add(Self.move(), forKey: "move")
      a.advance(by: 0.5)
      #expect(layer.animationStorage.evaluationSlot.table == ObjectIdentifier(a.evaluations))
      released = a
      layer.removeFromSuperlayer()
    }
    #expect(released == nil)
    // The layer's slot names a table that no longer exists; the next context gives it one
    // of its own.
    let (_, b, root) = Self.scene()
    root.addSublayer(layer)
    b.advance(by: 0.5)
    #expect(layer.animationStorage.evaluationSlot.table == ObjectIdentifier(b.evaluations))
    #expect(abs(try #require(b.presentationState(of: layer)).position.x - 50) < 1e-9)
  }

  @Test func aLayerReleasedWhileAnimatingIsFreedAndItsEntryReused() {
    let (_, context, root) = Self.scene()
    weak var released: CALayer?
    do {
      let layer = CALayer()
      root.addSublayer(layer)
      layer.add(Self.move(), forKey: "move")
      context.advance(by: 0.25)
      released = layer
      layer.removeFromSuperlayer()
    }
    #expect(released == nil)
    context.advance(by: 0.25)
    #expect(context.evaluations.liveCount == 1)
    let next = CALayer()
    root.addSublayer(next)
    next.add(Self.move(), forKey: "move")
    context.advance(by: 0.25)
    #expect(context.evaluations.liveCount == 2)
    #expect(context.evaluations.count == 2)  // the freed entry was reused
  }

  @Test func layersComingAndGoingKeepTheTablesBounded() {
    let (_, context, root) = Self.scene()
    for _ in 0..<300 {
      let layer = CALayer()
      root.addSublayer(layer)
      layer.add(Self.move(), forKey: "move")
      layer.add(Self.move(), forKey: "again")
      context.advance(by: 1.0 / 60)
      layer.removeFromSuperlayer()
    }
    context.advance(by: 1.0 / 60)
    #expect(context.evaluations.liveCount == 1)
    // Each new layer is given its entry in the walk that frees the departed one's: at
    // most the root, one departing and one arriving layer.
    #expect(context.evaluations.count <= 3)
    // Records of departed layers are garbage until the table compacts (more than 256 and
    // more than half of it).
    #expect(context.flatTable.count < 600)
  }

  @Test func aTreeSharedByTwoContextsKeepsBothTablesBounded() throws {
    let (_, a, root) = Self.scene()
    let b = CAContext(clock: CAManualClock())
    b.layer = root
    b.commit()
    var layers: [CALayer] = []
    for k in 0..<4 {
      let layer = CALayer()
      root.addSublayer(layer)
      let move = Self.move()
      move.duration = 0.05 * Double(k + 1)  // ends and restarts often: walks, not replays
      move.repeatCount = 0
      layer.add(move, forKey: "move")
      layers.append(layer)
    }
    for frame in 0..<300 {
      if frame % 7 == 0 {
        for (k, layer) in layers.enumerated() where layer.animation(forKey: "move") == nil {
          let move = Self.move()
          move.duration = 0.05 * Double(k + 1)
          move.repeatCount = 0
          layer.add(move, forKey: "move")
        }
      }
      a.advance(by: 1.0 / 60)
      b.advance(by: 1.0 / 60)
    }
    // Each walk finds the five layers' slots handed out by the other context: a walk that
    // skips subtrees gives them new ones and makes the next walk a whole one, which gives
    // five more and frees the ten before. At most three times the tree, however long.
    #expect(a.evaluations.count <= 3 * 5)
    #expect(b.evaluations.count <= 3 * 5)
    #expect(a.flatTable.count < 600)
  }

  @Test func aTimingSetterRecordsInTheLogAndTouchesNothingInTheContext() throws {
    let (context, root, layer) = Self.movingChild()
    let node = try #require(context.planIndex(of: root))
    let log = root.treeChangeLog
    let changes = log.changes
    root.timeOffset = 0.5
    #expect(log.changes == changes)
    #expect(log.pendingRetimes.count == 1)
    #expect(context.plan.nodes[node].timeOffset == 0)
    context.advance(by: 0)
    #expect(log.pendingRetimes.isEmpty)
    #expect(context.plan.nodes[node].timeOffset == 0.5)
    #expect(abs(try #require(context.presentationState(of: layer)).position.x - 75) < 1e-9)
  }

  @Test func timingChangesBeyondTheLogsCapacityCountAsModelChanges() throws {
    let (context, root, layer) = Self.movingChild()
    let log = root.treeChangeLog
    let changes = log.changes
    for k in 0...LayerChangeLog.retimeCapacity { root.timeOffset = Double(k) / 1000 }
    #expect(log.pendingRetimes.count == LayerChangeLog.retimeCapacity)
    #expect(log.changes > changes)
    context.advance(by: 0)
    let expected = 25 + Double(LayerChangeLog.retimeCapacity) / 10
    #expect(abs(try #require(context.presentationState(of: layer)).position.x - expected) < 1e-9)
  }
}
