import Foundation

/// The dedicated thread on which a ``LayerHost`` that presents through GL runs its
/// ``GLWindowPresenter``: every upload, draw, read-back and swap is a job queued here.
///
/// One `Foundation.Thread` (not Swift's cooperative pool: a swap that waits for vsync
/// blocks its thread for up to a refresh period). It activates the presenter when it
/// starts and deactivates it when stopped, so the host can delete the context and the
/// window afterwards. Jobs run one at a time in the order queued; a caller either waits
/// for a job (``sync(_:)``) or keeps a ``Job`` and waits for it later (``async(_:)``), as
/// the pipelined frame loop does.
final class GLPresentThread: @unchecked Sendable {
  // @unchecked Sendable: `queue`, `running` and `activation` are read and written only
  // while `condition` is locked; the presenter is used only by the thread itself.
  private let condition = NSCondition()
  private var queue: [Job] = []
  private var running = true
  private var activation: Result<Void, SDLError>?
  private let presenter: GLWindowPresenter
  private var thread: Thread?

  /// A queued piece of work and, once it ran, its outcome.
  final class Job: @unchecked Sendable {
    // @unchecked Sendable: `outcome` is written by the thread and read by the waiter,
    // both under the owning `GLPresentThread`'s condition.
    fileprivate let work: @Sendable (GLWindowPresenter) throws(SDLError) -> any Sendable
    fileprivate var outcome: Result<any Sendable, SDLError>?
    fileprivate weak var owner: GLPresentThread?

    fileprivate init(
      _ work: @escaping @Sendable (GLWindowPresenter) throws(SDLError) -> any Sendable
    ) {
      self.work = work
    }

    /// Waits until the job ran and returns its result.
    func wait() throws(SDLError) -> any Sendable {
      guard let owner else {
        throw SDLError(function: "GLPresentThread", message: "the present thread is gone")
      }
      return try owner.wait(for: self)
    }
  }

  /// Starts the thread and waits until it activated `presenter`.
  ///
  /// - Throws: ``SDLError`` when the context could not be made current there; the thread
  ///   has ended by then.
  init(presenter: GLWindowPresenter) throws(SDLError) {
    self.presenter = presenter
    // The thread keeps the object alive until it ends (`stop()`).
    let thread = Thread { self.main() }
    thread.name = "LayerKit GL present"
    thread.qualityOfService = .userInteractive
    self.thread = thread
    thread.start()
    condition.lock()
    while activation == nil { condition.wait() }
    let result = activation!
    condition.unlock()
    try result.get()
  }

  /// Queues `work` and returns at once.
  func async(_ work: @escaping @Sendable (GLWindowPresenter) throws(SDLError) -> any Sendable)
    -> Job
  {
    let job = Job(work)
    job.owner = self
    condition.lock()
    if running {
      queue.append(job)
    } else {
      job.outcome = .failure(SDLError(function: "GLPresentThread", message: "stopped"))
    }
    condition.broadcast()
    condition.unlock()
    return job
  }

  /// Runs `work` on the thread and waits for its result.
  @discardableResult
  func sync<T: Sendable>(_ work: @escaping @Sendable (GLWindowPresenter) throws(SDLError) -> T)
    throws(SDLError) -> T
  {
    // The job returns what `work` returned, so the cast cannot fail.
    try async { (presenter) throws(SDLError) -> any Sendable in try work(presenter) }.wait() as! T
  }

  /// Runs the queued jobs, then deactivates the presenter and ends the thread; waits for
  /// that. Calling it again does nothing.
  func stop() {
    condition.lock()
    running = false
    condition.broadcast()
    while thread != nil { condition.wait() }
    condition.unlock()
  }

  fileprivate func wait(for job: Job) throws(SDLError) -> any Sendable {
    condition.lock()
    while job.outcome == nil { condition.wait() }
    let outcome = job.outcome!
    condition.unlock()
    return try outcome.get()
  }

  private func main() {
    let activated: Result<Void, SDLError>
    do throws(SDLError) {
      try presenter.activate()
      activated = .success(())
    } catch {
      activated = .failure(error)
    }
    condition.lock()
    activation = activated
    if case .failure = activated { running = false }
    condition.broadcast()
    condition.unlock()
    if case .success = activated { serve() }
    condition.lock()
    for job in queue {
      job.outcome = .failure(SDLError(function: "GLPresentThread", message: "stopped"))
    }
    queue.removeAll()
    thread = nil
    condition.broadcast()
    condition.unlock()
  }

  /// Runs jobs until stopped and the queue is empty, then deactivates the presenter.
  private func serve() {
    while true {
      condition.lock()
      while queue.isEmpty && running { condition.wait() }
      if queue.isEmpty {
        condition.unlock()
        break
      }
      let job = queue.removeFirst()
      condition.unlock()
      let outcome: Result<any Sendable, SDLError>
      do throws(SDLError) {
        outcome = .success(try job.work(presenter))
      } catch {
        outcome = .failure(error)
      }
      condition.lock()
      job.outcome = outcome
      condition.broadcast()
      condition.unlock()
    }
    presenter.deactivate()
  }
}
