import Foundation

/// The transaction state of one thread: the scope stack and the completion blocks that
/// are ready to run.
///
/// Layers are confined to their context's thread, and so are transactions: each thread
/// has its own ``TransactionThread`` (``current``), so tests running in parallel on
/// different threads never see each other's transactions.
package final class TransactionThread {
  /// The scope stack.
  package private(set) var machine = TransactionStateMachine()
  /// Groups whose animations have all ended, in the order they became ready.
  package private(set) var readyGroups: [TransactionCompletionGroup] = []
  /// Replaces what happens after the outermost scope closes and before its completion
  /// groups are sealed, which is otherwise `CAContext.current?.commit()` (newly added
  /// animations start). For tests of the scope stack without a context.
  package var outermostCommitHandler: (() -> Void)?
  /// Whether a context's commit is flushing the implicit scope (which must not commit
  /// the context again).
  private var isCommittingContext = false
  /// The actions running now, innermost last.
  package var actionInvocations: [ActionInvocation] = []
  /// Sublayer changes in progress, reported when the outermost one ends.
  package var pendingSublayerChanges: [SublayerChange] = []
  /// How deeply sublayer changes are nested right now.
  package var sublayerChangeDepth = 0

  package init() {}

  /// The current thread's transaction state, created on first use.
  package static var current: TransactionThread {
    let key = transactionThreadKey
    if let raw = pthread_getspecific(key) {
      return Unmanaged<TransactionThread>.fromOpaque(raw).takeUnretainedValue()
    }
    let state = TransactionThread()
    pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
    return state
  }

  // MARK: Events

  /// Opens an explicit scope.
  package func begin() { machine.begin() }

  /// Opens the implicit scope if none is open; every tree change calls this.
  package func noteChange() { machine.openImplicitIfNeeded() }

  /// Changes the innermost scope's values (opening the implicit scope if needed).
  package func update(_ body: (inout TransactionValues) -> Void) { machine.update(body) }

  /// Sets the innermost scope's completion block.
  package func setCompletionBlock(_ block: (() -> Void)?) {
    guard let group = machine.setCompletionBlock(block) else { return }
    group.onReady = { [weak self] in self?.readyGroups.append($0) }
  }

  /// Closes the innermost explicit scope; an unmatched commit records a diagnostic.
  package func commit() {
    switch machine.commit() {
    case .unmatched:
      CADiagnostics.report(
        key: "CATransaction", "commit() without a matching begin() was ignored")
    case .nested:
      break
    case .outermost(let groups):
      didCommitOutermost(sealing: groups)
    }
  }

  /// Commits the implicit scope now, or when the explicit scopes above it have closed.
  /// - Returns: the explicit depth that deferred the commit, or 0.
  @discardableResult
  package func flush() -> Int {
    switch machine.flush() {
    case .nothingToFlush:
      return 0
    case .deferred(let depth):
      return depth
    case .committed(let groups):
      didCommitOutermost(sealing: groups)
      return 0
    }
  }

  /// Registers an animation being added now with every open completion group.
  ///
  /// Adding an animation is a tree change, so this opens the implicit scope if needed.
  /// - Returns: the token the animation keeps until it ends, or nil when no completion
  ///   group is open.
  package func registerAddedAnimation() -> TransactionCompletionToken? {
    machine.openImplicitIfNeeded()
    let groups = machine.openCompletionGroups.filter { $0.register() }
    return groups.isEmpty ? nil : TransactionCompletionToken(groups: groups)
  }

  /// Runs the completion blocks that were ready when the call began, in the order they
  /// became ready.
  ///
  /// Blocks may begin and commit transactions, change layers and add animations; groups
  /// that become ready meanwhile (a block's own transaction with no animations, say) wait
  /// for the next call, so a block that starts a transaction with a block cannot loop
  /// within one frame.
  package func runReadyCompletionBlocks() {
    guard !readyGroups.isEmpty else { return }
    let batch = readyGroups
    readyGroups = []
    for group in batch { group.run() }
  }

  /// Commits the implicit scope as the first step of a context's commit. When explicit
  /// scopes are still open, it commits when they have, and a diagnostic notes that the
  /// frame began inside an explicit transaction.
  package func flushForContextCommit() {
    isCommittingContext = true
    defer { isCommittingContext = false }
    let depth = flush()
    if depth > 0 {
      CADiagnostics.report(
        key: "CATransaction",
        "a frame began with \(depth) explicit transaction(s) open; animations added so far start now"
      )
    }
  }

  private func didCommitOutermost(sealing groups: [TransactionCompletionGroup]) {
    if !isCommittingContext {
      if let handler = outermostCommitHandler {
        handler()
      } else {
        CAContext.current?.commit()
      }
    }
    // Groups no animation joined run now, inside commit(); the others when their
    // animations have ended.
    let immediate = groups.filter { !$0.hadAnimations }
    for group in groups { group.seal() }
    guard !immediate.isEmpty else { return }
    readyGroups.removeAll { g in immediate.contains { $0 === g } }
    for group in immediate { group.run() }
  }
}

/// The thread-specific key under which each thread keeps its ``TransactionThread``; the
/// destructor releases it when the thread exits.
private let transactionThreadKey: pthread_key_t = {
  var key = pthread_key_t()
  let status = pthread_key_create(&key) { raw in
    guard let raw else { return }
    Unmanaged<TransactionThread>.fromOpaque(raw).release()
  }
  precondition(status == 0, "LayerKit could not create the per-thread transaction key")
  return key
}()
