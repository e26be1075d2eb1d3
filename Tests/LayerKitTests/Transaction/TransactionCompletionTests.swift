import Testing

@testable import LayerKit

/// Completion groups, driven directly on a private `TransactionThread` so the tests need
/// no layers: `registerAddedAnimation()` stands for `add(_:forKey:)`, the token's
/// `animationDidEnd()` for an animation finishing or being removed, and
/// `runReadyCompletionBlocks()` for a frame's completion phase.
@Suite struct TransactionCompletionTests {
  @Test func blockWithNoAnimationsRunsInsideTheCommit() {
    // Apple: "If no animations are added before the current transaction group is
    // committed …, the block will be invoked immediately" (issue 12 §9); it used to wait
    // for the next frame.
    let thread = TransactionThread()
    thread.outermostCommitHandler = {}
    let log = EventLog()
    thread.begin()
    thread.setCompletionBlock { log.record("done") }
    thread.commit()
    #expect(log.events == ["done"])
    thread.runReadyCompletionBlocks()
    #expect(log.events == ["done"])
    thread.runReadyCompletionBlocks()
    #expect(log.events == ["done"])
  }

  @Test func blockWaitsForTheOutermostCommitAndEveryAnimation() {
    let thread = TransactionThread()
    let log = EventLog()
    thread.begin()
    thread.setCompletionBlock { log.record("done") }
    let a = thread.registerAddedAnimation()
    let b = thread.registerAddedAnimation()
    a?.animationDidEnd()
    b?.animationDidEnd()
    thread.runReadyCompletionBlocks()
    #expect(log.events.isEmpty, "not before the commit")
    thread.commit()
    thread.runReadyCompletionBlocks()
    #expect(log.events == ["done"])
  }

  @Test func blockCountsFinishedAndRemovedAnimationsAlike() {
    let thread = TransactionThread()
    let log = EventLog()
    thread.begin()
    thread.setCompletionBlock { log.record("done") }
    let tokens = (0..<3).compactMap { _ in thread.registerAddedAnimation() }
    thread.commit()
    #expect(tokens.count == 3)
    tokens[0].animationDidEnd()  // finished
    tokens[1].animationDidEnd()  // removed
    tokens[1].animationDidEnd()  // reported twice: no effect
    thread.runReadyCompletionBlocks()
    #expect(log.events.isEmpty)
    tokens[2].animationDidEnd()
    thread.runReadyCompletionBlocks()
    #expect(log.events == ["done"])
  }

  @Test func animationsOfNestedTransactionsCountForTheOuterBlock() {
    let thread = TransactionThread()
    let log = EventLog()
    thread.begin()
    thread.setCompletionBlock { log.record("outer") }
    let outerAnimation = thread.registerAddedAnimation()
    thread.begin()
    thread.setCompletionBlock { log.record("inner") }
    let innerAnimation = thread.registerAddedAnimation()
    thread.commit()
    thread.runReadyCompletionBlocks()
    #expect(log.events.isEmpty, "the inner block also waits for the outermost commit")
    thread.commit()
    outerAnimation?.animationDidEnd()
    thread.runReadyCompletionBlocks()
    #expect(log.events.isEmpty)
    innerAnimation?.animationDidEnd()
    thread.runReadyCompletionBlocks()
    #expect(log.events == ["outer", "inner"])
  }

  @Test func innerScopeSettingNilStillCountsForTheEnclosingBlock() {
    let thread = TransactionThread()
    let log = EventLog()
    thread.begin()
    thread.setCompletionBlock { log.record("outer") }
    thread.begin()
    thread.setCompletionBlock(nil)
    let token = thread.registerAddedAnimation()
    thread.commit()
    thread.commit()
    thread.runReadyCompletionBlocks()
    #expect(log.events.isEmpty)
    token?.animationDidEnd()
    thread.runReadyCompletionBlocks()
    #expect(log.events == ["outer"])
  }

  @Test func aNewBlockCoversLaterAdditionsAndTheOldOneKeepsItsOwn() {
    let thread = TransactionThread()
    let log = EventLog()
    thread.begin()
    thread.setCompletionBlock { log.record("first") }
    let early = thread.registerAddedAnimation()
    thread.setCompletionBlock { log.record("second") }
    let late = thread.registerAddedAnimation()
    thread.commit()
    late?.animationDidEnd()
    thread.runReadyCompletionBlocks()
    #expect(log.events == ["second"])
    early?.animationDidEnd()
    thread.runReadyCompletionBlocks()
    #expect(log.events == ["second", "first"])
  }

  @Test func animationsAddedAfterTheCommitDoNotJoinTheGroup() {
    let thread = TransactionThread()
    let log = EventLog()
    thread.begin()
    thread.setCompletionBlock { log.record("done") }
    let token = thread.registerAddedAnimation()
    thread.commit()
    // A later addition opens the implicit transaction, which has no block.
    #expect(thread.registerAddedAnimation() == nil)
    token?.animationDidEnd()
    thread.runReadyCompletionBlocks()
    #expect(log.events == ["done"])
    thread.flush()
  }

  @Test func implicitTransactionBlockRunsAfterTheFrameCommitsIt() {
    let thread = TransactionThread()
    let log = EventLog()
    thread.setCompletionBlock { log.record("done") }
    let token = thread.registerAddedAnimation()
    token?.animationDidEnd()
    thread.runReadyCompletionBlocks()
    #expect(log.events.isEmpty)
    thread.flush()
    thread.runReadyCompletionBlocks()
    #expect(log.events == ["done"])
  }

  @Test func blockStartingATransactionWithABlockRunsThatOneInsideItsCommit() {
    // Both transactions add no animations, so each block runs inside its own commit
    // (issue 12 §9): the inner one within the outer block.
    let thread = TransactionThread()
    thread.outermostCommitHandler = {}
    let log = EventLog()
    thread.begin()
    thread.setCompletionBlock {
      log.record("first")
      thread.begin()
      thread.setCompletionBlock { log.record("second") }
      thread.commit()
      log.record("first ends")
    }
    thread.commit()
    #expect(log.events == ["first", "second", "first ends"])
    thread.runReadyCompletionBlocks()
    #expect(log.events == ["first", "second", "first ends"])
  }

  @Test func blocksRunInTheOrderTheyBecameReady() {
    let thread = TransactionThread()
    let log = EventLog()
    var tokens: [TransactionCompletionToken?] = []
    for name in ["a", "b", "c"] {
      thread.begin()
      thread.setCompletionBlock { log.record(name) }
      tokens.append(thread.registerAddedAnimation())
      thread.commit()
    }
    tokens[2]?.animationDidEnd()
    tokens[0]?.animationDidEnd()
    tokens[1]?.animationDidEnd()
    thread.runReadyCompletionBlocks()
    #expect(log.events == ["c", "a", "b"])
  }

  @Test func withoutAnOpenBlockAnimationsGetNoToken() {
    let thread = TransactionThread()
    thread.begin()
    #expect(thread.registerAddedAnimation() == nil)
    thread.commit()
  }
}
