import Foundation

/// Groups layer-tree changes into atomic updates of the render tree, and carries the
/// settings (duration, timing function, disabled actions, completion block) that the
/// changes' implicit animations use.
///
/// Every change belongs to a transaction. The first change on a thread opens the
/// *implicit* transaction, which the current `CAContext` commits before its next frame
/// (or ``flush()`` commits). ``begin()`` and ``commit()`` open and close *explicit*
/// transactions, which nest: each nested scope starts with its enclosing scope's values,
/// and a setting made inside lasts until that scope commits. Changes reach the render
/// tree, and newly added animations start, when the outermost transaction commits.
///
/// ```swift
/// CATransaction.begin()               // outer: position animates over 2 s
/// CATransaction.setAnimationDuration(2)
/// myLayer.position = .zero
/// CATransaction.begin()               // inner: zPosition and opacity over 5 s
/// CATransaction.setAnimationDuration(5)
/// myLayer.zPosition = 200
/// myLayer.opacity = 0
/// CATransaction.commit()              // inner
/// CATransaction.commit()              // outer: all three animations start now
/// ```
///
/// Transactions are per thread: each thread has its own stack of scopes. Setting a value
/// outside any explicit transaction sets it on the implicit one. An unmatched
/// ``commit()`` does nothing but record a diagnostic.
open class CATransaction: CAObjectEquality {
  /// The recursive lock behind ``lock()`` and ``unlock()``.
  private static let recursiveLock = NSRecursiveLock()

  /// Opens an explicit transaction on the current thread.
  open class func begin() {
    TransactionThread.current.begin()
  }

  /// Closes the innermost explicit transaction on the current thread.
  ///
  /// When it is the outermost, its changes are committed to the current context: newly
  /// added animations get their begin time, and its completion blocks are sealed (each
  /// runs once all the animations it covers have finished or been removed; a block with
  /// no animations runs before `commit()` returns). Without a matching ``begin()`` nothing
  /// happens and a diagnostic is recorded.
  open class func commit() {
    TransactionThread.current.commit()
  }

  /// Commits the implicit transaction now instead of before the next frame.
  ///
  /// When explicit transactions are open, the implicit transaction commits as soon as
  /// the outermost of them has committed.
  open class func flush() {
    TransactionThread.current.flush()
  }

  /// Acquires the process-wide recursive lock that guards layer properties across
  /// threads. Balance every call with ``unlock()``.
  open class func lock() {
    recursiveLock.lock()
  }

  /// Releases the lock acquired by ``lock()``.
  open class func unlock() {
    recursiveLock.unlock()
  }

  /// The duration, in seconds, of the animations added in the current transaction:
  /// implicit ones and explicit ones whose own duration is ≤ 0. Default 0.25 s.
  open class func animationDuration() -> CFTimeInterval {
    TransactionThread.current.machine.values.animationDuration
  }

  /// Sets ``animationDuration()`` until the current transaction commits.
  ///
  /// A negative or non-finite duration is ignored with a diagnostic.
  /// - Parameter dur: The duration in seconds.
  open class func setAnimationDuration(_ dur: CFTimeInterval) {
    guard dur.isFinite, dur >= 0 else {
      CADiagnostics.report(
        key: kCATransactionAnimationDuration, "ignored invalid animation duration \(dur)")
      return
    }
    TransactionThread.current.update { $0.animationDuration = dur }
  }

  /// The timing function of the implicit animations created in the current transaction,
  /// or nil (the default), in which case they use `.default`.
  open class func animationTimingFunction() -> CAMediaTimingFunction? {
    TransactionThread.current.machine.values.animationTimingFunction
  }

  /// Sets ``animationTimingFunction()`` until the current transaction commits.
  open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
    TransactionThread.current.update { $0.animationTimingFunction = function }
  }

  /// Whether property changes in the current transaction skip their actions (and so do
  /// not animate implicitly). Default false.
  open class func disableActions() -> Bool {
    TransactionThread.current.machine.values.disableActions
  }

  /// Sets ``disableActions()`` until the current transaction commits.
  open class func setDisableActions(_ flag: Bool) {
    TransactionThread.current.update { $0.disableActions = flag }
  }

  /// The completion block of the current transaction scope (inherited from the
  /// enclosing scope unless set in this one), or nil.
  open class func completionBlock() -> (() -> Void)? {
    TransactionThread.current.machine.values.completionGroup?.block
  }

  /// Sets the block to run once every animation added from now on in this transaction
  /// group (nested transactions included) has finished or been removed.
  ///
  /// The block runs once, after the outermost transaction commits, during the frame in
  /// which its last animation ends; with no animations, during the next frame. Setting
  /// another block later covers the animations added after that; the earlier block keeps
  /// the ones added before and still runs. Setting nil stops covering later additions
  /// in this scope (blocks of enclosing scopes still cover them).
  open class func setCompletionBlock(_ block: (() -> Void)?) {
    TransactionThread.current.setCompletionBlock(block)
  }

  /// The value of a transaction property: one of the four standard keys
  /// (``kCATransactionAnimationDuration``, ``kCATransactionDisableActions``,
  /// ``kCATransactionAnimationTimingFunction``, ``kCATransactionCompletionBlock``) or any
  /// other key set with ``setValue(_:forKey:)`` in this scope or an enclosing one.
  open class func value(forKey key: String) -> Any? {
    let values = TransactionThread.current.machine.values
    switch key {
    case kCATransactionAnimationDuration: return values.animationDuration
    case kCATransactionDisableActions: return values.disableActions
    case kCATransactionAnimationTimingFunction: return values.animationTimingFunction
    case kCATransactionCompletionBlock: return values.completionGroup?.block
    default: return values.custom[key]
    }
  }

  /// Sets a transaction property until the current transaction commits.
  ///
  /// The standard keys behave as their typed setters; a value of the wrong type for one
  /// of them is ignored with a diagnostic. Other keys store any value (nil removes it).
  open class func setValue(_ anObject: Any?, forKey key: String) {
    switch key {
    case kCATransactionAnimationDuration:
      guard let value = anObject.flatMap(animationScalar) else {
        return reportWrongType(anObject, forKey: key, expected: "a number of seconds")
      }
      setAnimationDuration(value)
    case kCATransactionDisableActions:
      switch anObject {
      case let flag as Bool: setDisableActions(flag)
      case let number as NSNumber: setDisableActions(number.boolValue)
      default: reportWrongType(anObject, forKey: key, expected: "a Bool")
      }
    case kCATransactionAnimationTimingFunction:
      guard let anObject, !isNilValue(anObject) else { return setAnimationTimingFunction(nil) }
      guard let function = anObject as? CAMediaTimingFunction else {
        return reportWrongType(anObject, forKey: key, expected: "a CAMediaTimingFunction")
      }
      setAnimationTimingFunction(function)
    case kCATransactionCompletionBlock:
      guard let anObject else { return setCompletionBlock(nil) }
      guard let block = anObject as? () -> Void else {
        return reportWrongType(anObject, forKey: key, expected: "a () -> Void closure")
      }
      setCompletionBlock(block)
    default:
      TransactionThread.current.update { $0.custom[key] = anObject }
    }
  }

  private class func reportWrongType(_ value: Any?, forKey key: String, expected: String) {
    let found = value.map { "\(type(of: $0))" } ?? "nil"
    CADiagnostics.report(key: key, "ignored \(found): expected \(expected)")
  }
}
