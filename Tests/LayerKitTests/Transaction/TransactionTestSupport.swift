@testable import LayerKit

/// Brings the current thread's transactions to rest before a test: commits a leftover
/// implicit transaction, runs leftover completion blocks and forgets old diagnostics.
///
/// Swift Testing reuses threads, and transactions are per thread, so every test that uses
/// `CATransaction` starts from here.
func settleTransactions() {
  let thread = TransactionThread.current
  thread.flush()
  thread.runReadyCompletionBlocks()
  CADiagnostics.drain()
}

/// Records the order in which callbacks happen.
final class EventLog {
  private(set) var events: [String] = []
  func record(_ event: String) { events.append(event) }
}
