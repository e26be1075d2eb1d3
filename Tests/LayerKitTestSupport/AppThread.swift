import Foundation

/// A thread that plays a render server's app thread in tests: it runs the blocks it is
/// given, in order, and `sync` waits for one to finish.
public final class AppThread: @unchecked Sendable {
  // Sendable: `blocks` and `stopped` are touched under `condition` only.
  private let condition = NSCondition()
  private var blocks: [() -> Void] = []
  private var stopped = false
  public private(set) var thread: Thread!
  private let ended = DispatchSemaphore(value: 0)

  public init() {
    let t = Thread { [self] in
      while let block = next() { block() }
      ended.signal()
    }
    t.stackSize = 8 << 20
    thread = t
    t.start()
  }

  private func next() -> (() -> Void)? {
    condition.lock()
    defer { condition.unlock() }
    while blocks.isEmpty && !stopped { condition.wait() }
    guard !blocks.isEmpty else { return nil }
    return blocks.removeFirst()
  }

  /// Runs `block` on the thread without waiting for it.
  public func async(_ block: @escaping () -> Void) {
    condition.withLock {
      blocks.append(block)
      condition.broadcast()
    }
  }

  /// Runs `block` on the thread and returns its result.
  public func sync<T>(_ block: @escaping () -> T) -> T {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: T?
    async {
      result = block()
      done.signal()
    }
    done.wait()
    return result!
  }

  /// Ends the thread after the blocks given so far.
  public func stop() {
    condition.withLock {
      stopped = true
      condition.broadcast()
    }
    ended.wait()
  }
}
