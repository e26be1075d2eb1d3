import Foundation
import Testing

@testable import LayerKit

@Suite struct CATransactionTests {
  @Test func defaultsOutsideAnyTransaction() {
    settleTransactions()
    #expect(CATransaction.animationDuration() == 0.25)
    #expect(CATransaction.disableActions() == false)
    #expect(CATransaction.completionBlock() == nil)
    #expect(CATransaction.value(forKey: "anything") == nil)
    #expect(!TransactionThread.current.machine.isOpen)
  }

  /// Seed 004: an outer transaction with duration 2 around an inner one with duration 5.
  @Test func nestedScopesStartWithEnclosingValuesAndRestoreOnCommit() {
    settleTransactions()
    CATransaction.begin()
    CATransaction.setAnimationDuration(2)
    #expect(CATransaction.animationDuration() == 2)
    CATransaction.begin()
    #expect(CATransaction.animationDuration() == 2)
    CATransaction.setAnimationDuration(5)
    #expect(CATransaction.animationDuration() == 5)
    CATransaction.commit()
    #expect(CATransaction.animationDuration() == 2)
    CATransaction.commit()
    #expect(CATransaction.animationDuration() == 0.25)
    #expect(!TransactionThread.current.machine.isOpen)
  }

  @Test func disableActionsLastsUntilTheInnerCommit() {
    settleTransactions()
    CATransaction.begin()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    CATransaction.begin()
    #expect(CATransaction.disableActions())
    CATransaction.commit()
    #expect(CATransaction.disableActions())
    CATransaction.commit()
    #expect(CATransaction.disableActions() == false)
    CATransaction.commit()
  }

  @Test(arguments: [
    (kCATransactionAnimationDuration, 3.0 as any Sendable, 3.0),
    (kCATransactionAnimationDuration, NSNumber(value: 1.5) as any Sendable, 1.5),
    (kCATransactionAnimationDuration, 4 as any Sendable, 4.0),
    (kCATransactionAnimationDuration, Float(0.5) as any Sendable, 0.5),
  ])
  func setValueForDurationKeyEqualsTheTypedSetter(
    key: String, value: any Sendable, expected: Double
  ) {
    settleTransactions()
    CATransaction.begin()
    CATransaction.setValue(value, forKey: key)
    #expect(CATransaction.animationDuration() == expected)
    #expect(CATransaction.value(forKey: key) as? Double == expected)
    CATransaction.commit()
  }

  @Test func setValueForDisableActionsAndCompletionKeysEqualsTheTypedSetters() {
    settleTransactions()
    CATransaction.begin()
    CATransaction.setValue(true, forKey: kCATransactionDisableActions)
    #expect(CATransaction.disableActions())
    CATransaction.setValue(NSNumber(value: false), forKey: kCATransactionDisableActions)
    #expect(CATransaction.disableActions() == false)
    CATransaction.setDisableActions(true)
    #expect(CATransaction.value(forKey: kCATransactionDisableActions) as? Bool == true)

    let log = EventLog()
    let block: () -> Void = { log.record("done") }
    CATransaction.setValue(block, forKey: kCATransactionCompletionBlock)
    #expect(CATransaction.completionBlock() != nil)
    (CATransaction.value(forKey: kCATransactionCompletionBlock) as? () -> Void)?()
    #expect(log.events == ["done"])
    CATransaction.setValue(nil, forKey: kCATransactionCompletionBlock)
    #expect(CATransaction.completionBlock() == nil)
    CATransaction.commit()
  }

  @Test func arbitraryKeysNestAndDisappearWithTheirScope() {
    settleTransactions()
    CATransaction.begin()
    CATransaction.setValue("outer", forKey: "flavour")
    CATransaction.begin()
    #expect(CATransaction.value(forKey: "flavour") as? String == "outer")
    CATransaction.setValue("inner", forKey: "flavour")
    CATransaction.setValue(7, forKey: "count")
    #expect(CATransaction.value(forKey: "flavour") as? String == "inner")
    CATransaction.setValue(nil, forKey: "count")
    #expect(CATransaction.value(forKey: "count") == nil)
    CATransaction.commit()
    #expect(CATransaction.value(forKey: "flavour") as? String == "outer")
    CATransaction.commit()
    #expect(CATransaction.value(forKey: "flavour") == nil)
  }

  @Test(arguments: [
    (kCATransactionAnimationDuration, "slow" as any Sendable),
    (kCATransactionDisableActions, "yes" as any Sendable),
    (kCATransactionCompletionBlock, 42 as any Sendable),
  ])
  func wrongValueTypesForStandardKeysAreIgnoredWithADiagnostic(key: String, value: any Sendable) {
    settleTransactions()
    CATransaction.begin()
    CATransaction.setValue(value, forKey: key)
    #expect(CATransaction.animationDuration() == 0.25)
    #expect(CATransaction.disableActions() == false)
    #expect(CATransaction.completionBlock() == nil)
    #expect(CADiagnostics.drain().map(\.key) == [key])
    CATransaction.commit()
  }

  @Test(arguments: [-1.0, Double.nan, Double.infinity])
  func invalidDurationsAreIgnoredWithADiagnostic(duration: Double) {
    settleTransactions()
    CATransaction.begin()
    CATransaction.setAnimationDuration(duration)
    #expect(CATransaction.animationDuration() == 0.25)
    #expect(CADiagnostics.drain().count == 1)
    CATransaction.commit()
  }

  @Test func unmatchedCommitDoesNothingButRecordADiagnostic() {
    settleTransactions()
    CATransaction.commit()
    #expect(CADiagnostics.drain().map(\.key) == ["CATransaction"])
    #expect(!TransactionThread.current.machine.isOpen)

    // With only the implicit transaction open, it stays open with its values.
    CATransaction.setAnimationDuration(1)
    CATransaction.commit()
    #expect(CADiagnostics.drain().count == 1)
    #expect(TransactionThread.current.machine.hasImplicitScope)
    #expect(CATransaction.animationDuration() == 1)
    CATransaction.flush()
    #expect(CATransaction.animationDuration() == 0.25)
  }

  @Test func settingAValueOutsideBeginOpensTheImplicitTransactionUntilFlush() {
    settleTransactions()
    CATransaction.setDisableActions(true)
    #expect(TransactionThread.current.machine.hasImplicitScope)
    #expect(CATransaction.disableActions())
    CATransaction.begin()
    #expect(CATransaction.disableActions())
    CATransaction.commit()
    // The explicit transaction was nested in the implicit one, which is still open.
    #expect(CATransaction.disableActions())
    CATransaction.flush()
    #expect(CATransaction.disableActions() == false)
    #expect(!TransactionThread.current.machine.isOpen)
  }

  @Test func flushInsideAnExplicitTransactionWaitsForItsCommit() {
    settleTransactions()
    let thread = TransactionThread.current
    var commits = 0
    thread.outermostCommitHandler = { commits += 1 }
    defer { thread.outermostCommitHandler = nil }
    thread.noteChange()
    CATransaction.begin()
    CATransaction.begin()
    CATransaction.flush()
    #expect(commits == 0)
    CATransaction.commit()
    #expect(commits == 0)
    CATransaction.commit()
    #expect(commits == 1)
    #expect(!thread.machine.isOpen)
  }

  @Test func onlyTheOutermostCommitReachesTheContext() {
    settleTransactions()
    let thread = TransactionThread.current
    var commits = 0
    thread.outermostCommitHandler = { commits += 1 }
    defer { thread.outermostCommitHandler = nil }
    CATransaction.begin()
    CATransaction.begin()
    CATransaction.commit()
    #expect(commits == 0)
    CATransaction.commit()
    #expect(commits == 1)
    CATransaction.flush()  // nothing implicit is open
    #expect(commits == 1)
  }

  @Test func lockIsRecursive() {
    CATransaction.lock()
    CATransaction.lock()
    CATransaction.unlock()
    CATransaction.unlock()
  }

  @Test func transactionsArePerThread() {
    settleTransactions()
    CATransaction.begin()
    CATransaction.setAnimationDuration(9)
    CATransaction.setValue("here", forKey: "where")
    nonisolated(unsafe) var seen: (Double, Any?) = (0, nil)
    let done = DispatchSemaphore(value: 0)
    let other = Thread {
      seen = (CATransaction.animationDuration(), CATransaction.value(forKey: "where"))
      CATransaction.begin()
      CATransaction.setAnimationDuration(1)
      CATransaction.commit()
      done.signal()
    }
    other.start()
    done.wait()
    #expect(seen.0 == 0.25)
    #expect(seen.1 == nil)
    #expect(CATransaction.animationDuration() == 9)
    CATransaction.commit()
  }
}
