import Foundation

/// One vertical blank as a render thread sees it.
public struct VSyncTick: Sendable, Equatable {
  /// When the blank happened, in media time (`CACurrentMediaTime()`'s time space),
  /// seconds.
  public var timestamp: CFTimeInterval
  /// The display's refresh period, seconds (1/60 by default).
  public var period: CFTimeInterval

  public init(timestamp: CFTimeInterval, period: CFTimeInterval = 1.0 / 60) {
    self.timestamp = timestamp
    self.period = period.isFinite && period > 0 ? period : 1.0 / 60
  }

  /// When a frame drawn after this blank reaches the screen: the next blank. A render
  /// server samples its animations at this time.
  public var predictedPresentTime: CFTimeInterval { timestamp + period }
}

/// What paces a render server's thread: the display's vertical blanks.
///
/// The render thread calls ``waitForVSync()`` before each frame and
/// ``frameDidFinish(presented:)`` after it; a window's source blocks in the swap or on the
/// display's timing, ``VirtualVSync`` on ticks a test or an exporter gives it.
public protocol VSyncSource: AnyObject, Sendable {
  /// Blocks the render thread until the next blank and returns it; nil once the source
  /// is stopped, which ends the render thread's loop.
  func waitForVSync() -> VSyncTick?
  /// The frame for the last tick is done: presented (`presented == true`) or skipped
  /// (nothing committed yet, or nothing changed).
  func frameDidFinish(presented: Bool)
  /// Makes ``waitForVSync()`` return nil from now on (from any thread).
  func stop()
}

/// A vertical blank that happens when told: deterministic frame pacing for tests,
/// headless rendering and export.
///
/// ``tick(at:period:)`` hands the render thread one blank and waits until its frame is
/// done, so each tick yields exactly one frame, whatever the app thread is doing, and a
/// test reads no clock.
///
/// ```swift
/// let vsync = VirtualVSync()
/// let server = RenderServer(context: context, mode: .threaded(vsync), presenter: p)
/// server.commit(width: 320, height: 240, scale: 1)
/// for k in 0..<30 { vsync.tick(at: Double(k) / 60) }   // 30 frames
/// ```
public final class VirtualVSync: VSyncSource, @unchecked Sendable {
  // Sendable: every field is read and written under `condition`.
  private let condition = NSCondition()
  private var pending: VSyncTick?
  private var issued: UInt64 = 0
  private var finished: UInt64 = 0
  private var presented: UInt64 = 0
  private var stopped = false
  /// Whether the render thread took a blank and has not finished its frame.
  private var inFlight = false

  public init() {}

  /// Frames presented so far.
  public var presentedFrames: Int {
    condition.withLock { Int(presented) }
  }

  /// Gives the render thread a blank at `timestamp` (media time, seconds) and waits until
  /// its frame is done.
  /// - Returns: whether the frame was presented (false when it was skipped, or the
  ///   source is stopped).
  @discardableResult
  public func tick(at timestamp: CFTimeInterval, period: CFTimeInterval = 1.0 / 60) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard !stopped else { return false }
    let before = presented
    pending = VSyncTick(timestamp: timestamp, period: period)
    issued &+= 1
    let mine = issued
    condition.broadcast()
    // A frame under way when the source stops still finishes (and counts).
    while finished < mine && (!stopped || inFlight) { condition.wait() }
    return presented > before
  }

  public func waitForVSync() -> VSyncTick? {
    condition.lock()
    defer { condition.unlock() }
    while pending == nil && !stopped { condition.wait() }
    guard !stopped, let tick = pending else { return nil }
    pending = nil
    inFlight = true
    return tick
  }

  public func frameDidFinish(presented didPresent: Bool) {
    condition.withLock {
      finished &+= 1
      inFlight = false
      if didPresent { presented &+= 1 }
      condition.broadcast()
    }
  }

  public func stop() {
    condition.withLock {
      stopped = true
      condition.broadcast()
    }
  }
}
