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
  /// Called after the outermost scope closes and before its completion groups are
  /// sealed: the context commits what is pending (stamps newly added animations).
  package var outermostCommitHandler: (() -> Void)?

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

  private func didCommitOutermost(sealing groups: [TransactionCompletionGroup]) {
    outermostCommitHandler?()
    for group in groups { group.seal() }
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
