import Foundation
import LayerKit
import LayerKitTesting
import SnapshotTesting
import Testing

/// The swift-snapshot-testing strategies, used the usual way: references live in
/// `__Snapshots__/SnapshotStrategyTests/`; a missing one is recorded (and the test fails),
/// and `SNAPSHOT_TESTING_RECORD=all` re-records them all.
@Suite struct SnapshotStrategyTests {
  @Test func imageAtATime() {
    assertSnapshot(of: SlidingCard.make(), as: .image(at: 0.5, size: CGSize(width: 40, height: 30)))
  }

  @Test func stripOfFrames() {
    assertSnapshot(of: SlidingCard.make(), as: .frames(at: [0, 0.25, 0.5, 0.75, 1], scale: 1))
  }

  @Test func presentationValuesOverTime() {
    assertSnapshot(
      of: SlidingCard.make(),
      as: .presentation(
        ["opacity", "position", "backgroundColor"], at: [0, 0.25, 0.5, 1], sublayers: true))
  }

  @Test func theImageDiffingFailsOnAChangeAndNamesTheDifference() throws {
    let diffing = Diffing<CGImage>.image(tolerance: .exact)
    let a = renderFrames(of: SlidingCard.make(), at: [0.5])[0]
    let b = renderFrames(of: SlidingCard.make(), at: [0.6])[0]
    #expect(diffing.diffV2(a, a) == nil)
    let (message, attachments) = try #require(diffing.diffV2(a, b))
    #expect(message.contains("pixels differ"))
    #expect(attachments.count == 1)
    #expect(diffing.fromData(diffing.toData(a)) == a)
  }

  @Test func presentationDumpsReadTheClock() {
    let dump = presentationDump(of: SlidingCard.make(), keyPaths: ["opacity"], at: [0, 0.5])
    #expect(dump == "t=0.000 opacity=1.0000\nt=0.500 opacity=0.5000\n")
  }
}
