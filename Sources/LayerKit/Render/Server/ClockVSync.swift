import Foundation

/// Blanks on the media clock at a fixed rate: paces a render server whose presenter does
/// not wait for the display itself (a window without a vsync-locked swap, a headless
/// server, a benchmark).
///
/// Blank `k` is at `origin + k · period`, the origin being the first wait's time; a render
/// thread that falls behind skips to the next blank still ahead (a missed blank is a
/// hitch, never a burst of catch-up frames).
public final class ClockVSync: VSyncSource, @unchecked Sendable {
  // Sendable: `origin`, `last` and `stopped` are read and written under `condition`.
  private let condition = NSCondition()
  private let now: @Sendable () -> CFTimeInterval
  /// The refresh period, seconds.
  public let period: CFTimeInterval
  private var origin: CFTimeInterval?
  private var last = -1
  private var stopped = false

  /// A source of blanks every `period` seconds (default 1/60; a period that is not a
  /// positive number gives 1/60) on `now` (default: the monotonic clock `CASystemClock`
  /// reads, whatever context is current on the render thread).
  public init(
    period: CFTimeInterval = 1.0 / 60, now: (@Sendable () -> CFTimeInterval)? = nil
  ) {
    self.period = period.isFinite && period > 0 ? period : 1.0 / 60
    self.now = now ?? { CASystemClock.now() }
  }

  public func waitForVSync() -> VSyncTick? {
    condition.lock()
    defer { condition.unlock() }
    let t0 = now()
    let origin = self.origin ?? t0
    self.origin = origin
    // The next blank after both the last one handed out and now.
    let k = max(last + 1, Int(((t0 - origin) / period).rounded(.up)))
    last = k
    let blank = origin + Double(k) * period
    while !stopped {
      let wait = blank - now()
      if wait <= 0 { break }
      _ = condition.wait(until: Date(timeIntervalSinceNow: wait))
    }
    return stopped ? nil : VSyncTick(timestamp: blank, period: period)
  }

  public func frameDidFinish(presented: Bool) {}

  public func stop() {
    condition.withLock {
      stopped = true
      condition.broadcast()
    }
  }
}
