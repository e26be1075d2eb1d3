import Foundation
import LayerKit

/// The blanks a window's render thread draws for: right after a swap that waited for the
/// display's vertical blank, or, when the swap does not wait (vsync refused, a virtual
/// display) or nothing was presented, on a clock at the display's refresh period, in
/// phase with the last swap.
///
/// `@unchecked Sendable`: every field is read and written under `condition`; the render
/// thread calls everything but ``stop()``, which any thread may call.
final class SwapVSync: VSyncSource, @unchecked Sendable {
  private let condition = NSCondition()
  /// The display's refresh period, seconds.
  let period: Double
  private var stopped = false
  /// When the last swap returned, and whether it waited for the display.
  private var lastSwap: Double?
  private var swapWaited = false
  private var lastPresented = false
  /// The last blank handed out.
  private var lastBlank = -Double.infinity

  init(period: Double) {
    self.period = period.isFinite && period > 0 ? period : 1.0 / 60
  }

  /// Notes a swap that started at `start` and returned at `end` (`CASystemClock` seconds);
  /// `vsync` tells whether the swap interval is 1.
  func noteSwap(start: Double, end: Double, vsync: Bool) {
    condition.withLock {
      lastSwap = end
      // A swap that waited for the blank takes a good part of a period; one that only
      // copies returns at once.
      swapWaited = vsync && end - start > period / 4
    }
  }

  func waitForVSync() -> VSyncTick? {
    condition.lock()
    defer { condition.unlock() }
    guard !stopped else { return nil }
    if lastPresented, swapWaited, let last = lastSwap, last > lastBlank {
      lastBlank = last
      return VSyncTick(timestamp: last, period: period)
    }
    let now = CASystemClock.now()
    let phase = lastSwap ?? now
    var blank = phase + ((now - phase) / period).rounded(.up) * period
    if blank <= lastBlank { blank = lastBlank + period }
    while !stopped {
      let wait = blank - CASystemClock.now()
      if wait <= 0 { break }
      _ = condition.wait(until: Date(timeIntervalSinceNow: wait))
    }
    guard !stopped else { return nil }
    lastBlank = blank
    return VSyncTick(timestamp: blank, period: period)
  }

  func frameDidFinish(presented: Bool) {
    condition.withLock { lastPresented = presented }
  }

  func stop() {
    condition.withLock {
      stopped = true
      condition.broadcast()
    }
  }
}
