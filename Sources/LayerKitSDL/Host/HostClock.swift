import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The source of frame times for a ``LayerHost``.
///
/// The host reads `time` once at the start of every frame and hands it to the frame
/// callback in ``FrameInfo/time``. It has the shape of LayerKit's `CAClock` (`var time`),
/// so any `CAClock` can become a host clock with a one-line conformance.
public protocol HostClock {
  /// The current time in seconds; only differences between readings matter.
  var time: Double { get }
}

/// The monotonic system clock (`CLOCK_MONOTONIC`), which never jumps with wall-clock changes.
public struct SystemHostClock: HostClock, Sendable {
  public init() {}

  /// Seconds since an arbitrary fixed point (usually boot).
  public var time: Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
  }
}

/// A clock that moves only when told, for tests and for rendering frames at exact times.
public final class ManualHostClock: HostClock {
  /// The current time in seconds; set it or ``advance(by:)`` it.
  public var time: Double

  /// - Parameter time: the starting time in seconds; defaults to 0.
  public init(time: Double = 0) {
    self.time = time
  }

  /// Moves the clock forward (or back, for a negative `seconds`).
  public func advance(by seconds: Double) {
    time += seconds
  }
}
