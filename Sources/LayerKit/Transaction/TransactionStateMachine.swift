/// The stack of open transaction scopes on one thread, as a value-type state machine.
///
/// Events are mutating methods; those with consequences outside the stack (sealing
/// completion groups, committing to the context) return an action that the owner,
/// ``TransactionThread``, carries out. The machine itself never calls out.
///
/// ```
///            first change             begin()              commit()           frame / flush()
///   (empty) ─────────────▶ [implicit] ───────▶ [implicit, explicit] ──▶ [implicit] ─────▶ (empty)
///   (empty) ── begin() ──▶ [explicit] ── begin() ──▶ [explicit, explicit] ── commit() ×2 ──▶ (empty)
/// ```
///
/// Invariants: an implicit scope, when present, is the bottom of the stack and the only
/// implicit one; `completionGroups` holds every group opened since the outermost scope
/// began, in the order their blocks were set.
package struct TransactionStateMachine {
  /// How a scope was opened.
  package enum ScopeKind: Equatable, Sendable {
    /// Opened by the first change on the thread; committed by the next frame or `flush()`.
    case implicit
    /// Opened by `CATransaction.begin()`.
    case explicit
  }

  /// One open scope.
  package struct Scope {
    package var kind: ScopeKind
    package var values: TransactionValues
  }

  /// What `commit()` did.
  package enum CommitAction {
    /// No explicit scope was open: nothing changed.
    case unmatched
    /// An inner scope closed; the outermost is still open.
    case nested
    /// The outermost scope closed (possibly together with an implicit scope whose flush
    /// was waiting): seal these groups and commit to the context.
    case outermost(sealing: [TransactionCompletionGroup])
  }

  /// What `flush()` did.
  package enum FlushAction {
    /// No implicit scope was open.
    case nothingToFlush
    /// Explicit scopes are open above the implicit one: it commits when they have.
    case deferred(explicitDepth: Int)
    /// The implicit scope closed: seal these groups and commit to the context.
    case committed(sealing: [TransactionCompletionGroup])
  }

  /// The open scopes, outermost first.
  package private(set) var scopes: [Scope] = []
  /// Whether `flush()` is waiting for explicit scopes to close.
  package private(set) var isFlushRequested = false
  private var completionGroups: [TransactionCompletionGroup] = []

  package init() {}

  /// Whether any scope is open.
  package var isOpen: Bool { !scopes.isEmpty }
  /// Whether the bottom scope is the implicit one.
  package var hasImplicitScope: Bool { scopes.first?.kind == .implicit }
  /// The number of open explicit scopes.
  package var explicitDepth: Int { scopes.count - (hasImplicitScope ? 1 : 0) }
  /// The values in effect: the innermost scope's, or the defaults outside any scope.
  package var values: TransactionValues { scopes.last?.values ?? TransactionValues() }

  /// The distinct completion groups reachable from the open scopes, outermost first: the
  /// groups an animation added now registers with.
  package var openCompletionGroups: [TransactionCompletionGroup] {
    var result: [TransactionCompletionGroup] = []
    for scope in scopes {
      guard let group = scope.values.completionGroup else { continue }
      if !result.contains(where: { $0 === group }) { result.append(group) }
    }
    return result
  }

  /// Opens an explicit scope that starts with the enclosing values.
  package mutating func begin() {
    scopes.append(Scope(kind: .explicit, values: values))
  }

  /// Opens the implicit scope if no scope is open: the first change on a thread.
  /// - Returns: whether a scope was opened.
  @discardableResult
  package mutating func openImplicitIfNeeded() -> Bool {
    guard scopes.isEmpty else { return false }
    scopes.append(Scope(kind: .implicit, values: TransactionValues()))
    return true
  }

  /// Changes the innermost scope's values, opening the implicit scope first if needed.
  package mutating func update(_ body: (inout TransactionValues) -> Void) {
    openImplicitIfNeeded()
    body(&scopes[scopes.count - 1].values)
  }

  /// Sets the innermost scope's completion block: later additions register with a new
  /// group for `block`; groups opened earlier keep the animations they already have.
  /// - Returns: the new group, or nil when `block` is nil.
  @discardableResult
  package mutating func setCompletionBlock(_ block: (() -> Void)?) -> TransactionCompletionGroup? {
    let group = block.map(TransactionCompletionGroup.init(block:))
    if let group { completionGroups.append(group) }
    update { $0.completionGroup = group }
    return group
  }

  /// Closes the innermost explicit scope.
  package mutating func commit() -> CommitAction {
    guard let last = scopes.last, last.kind == .explicit else { return .unmatched }
    scopes.removeLast()
    if scopes.isEmpty { return .outermost(sealing: takeCompletionGroups()) }
    if isFlushRequested, scopes.count == 1, hasImplicitScope {
      scopes.removeAll()
      isFlushRequested = false
      return .outermost(sealing: takeCompletionGroups())
    }
    return .nested
  }

  /// Commits the implicit scope, now or as soon as the explicit scopes above it close.
  package mutating func flush() -> FlushAction {
    guard hasImplicitScope else { return .nothingToFlush }
    guard scopes.count == 1 else {
      isFlushRequested = true
      return .deferred(explicitDepth: explicitDepth)
    }
    scopes.removeAll()
    isFlushRequested = false
    return .committed(sealing: takeCompletionGroups())
  }

  private mutating func takeCompletionGroups() -> [TransactionCompletionGroup] {
    defer { completionGroups = [] }
    return completionGroups
  }
}
