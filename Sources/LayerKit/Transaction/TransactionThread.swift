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
  /// Replaces the tree commit that follows an outermost scope closed by
  /// `CATransaction.commit()` or `flush()`, which is otherwise the current context's
  /// `CAContext.commitTree()` (newly added animations start). For tests of the scope
  /// stack without a context.
  package var outermostCommitHandler: (() -> Void)?
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

  /// The first stage of a context's commit: commits the implicit scope, and hands the
  /// tree commit (`commitTree`, the next stage) its turn.
  ///
  /// With an implicit scope to close, the tree commits as part of that scope's commit,
  /// before its completion groups are sealed; with nothing to close, it commits at once.
  /// When explicit scopes are still open, the implicit scope commits when they have, the
  /// tree commits now anyway, and a diagnostic notes that the frame began inside an
  /// explicit transaction. Nothing here calls back into the context's `commit()`.
  package func flush(thenCommit commitTree: () -> Void) {
    switch machine.flush() {
    case .nothingToFlush:
      commitTree()
    case .deferred(let depth):
      CADiagnostics.report(
        key: "CATransaction",
        "a frame began with \(depth) explicit transaction(s) open; animations added so far start now"
      )
      commitTree()
    case .committed(let groups):
      commitTree()
      didCommitOutermost(sealing: groups, committed: true)
    }
  }

  /// The tree commit that follows an outermost scope closed outside a frame: the test
  /// handler, else the current context's.
  private func commitCurrentTree() {
    if let handler = outermostCommitHandler {
      handler()
    } else {
      CAContext.current?.commitTree()
    }
  }

  /// Finishes an outermost scope: the tree commits (its stage, handed over here, unless
  /// the caller's flush already ran it: `committed`), then the scope's completion groups
  /// are sealed, and those no animation joined run, at the end of the commit (as on
  /// QuartzCore).
  private func didCommitOutermost(
    sealing groups: [TransactionCompletionGroup], committed: Bool = false
  ) {
    if !committed { commitCurrentTree() }
    // Groups no animation joined run now, at the end of commit(); the others when their
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
