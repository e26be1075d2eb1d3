import Foundation

/// A source of media time, in seconds, for a `CAContext`.
///
/// LayerKit never reads a real clock below the frame loop: a context reads its clock, and
/// tests inject a `CAManualClock` that moves only when told.
public protocol CAClock: AnyObject {
  /// The current media time, in seconds.
  var time: CFTimeInterval { get }
}

/// A clock that moves only when told: the deterministic twin of `CASystemClock`.
///
/// ```swift
/// let clock = CAManualClock()
/// let context = CAContext(clock: clock)
/// clock.advance(by: 0.5)      // or context.advance(by: 0.5), which commits first
/// clock.time                  // 0.5
/// ```
public final class CAManualClock: CAClock {
  /// The current time in seconds; set it directly to jump.
  public var time: CFTimeInterval

  /// Creates a clock reading `time` (default 0).
  public init(time: CFTimeInterval = 0) {
    self.time = time.isFinite ? time : 0
  }

  /// Moves the clock by `seconds`. Non-finite steps are ignored with a diagnostic; a
  /// negative step moves time back (allowed: scrubbing).
  public func advance(by seconds: CFTimeInterval) {
    guard seconds.isFinite else {
      CADiagnostics.report(key: "CAManualClock", "ignored a non-finite step \(seconds)")
      return
    }
    time += seconds
  }
}

/// The monotonic system clock (`CLOCK_MONOTONIC`), in seconds since an arbitrary start
/// (usually boot), unaffected by wall-clock changes.
public final class CASystemClock: CAClock {
  public init() {}

  /// Now, in seconds.
  public var time: CFTimeInterval { CASystemClock.now() }

  /// The monotonic time in seconds.
  package static func now() -> CFTimeInterval {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return CFTimeInterval(ts.tv_sec) + CFTimeInterval(ts.tv_nsec) * 1e-9
  }
}
