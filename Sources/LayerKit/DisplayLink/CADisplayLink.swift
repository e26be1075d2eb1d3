import Foundation

/// A timer that calls a block once per frame, in step with a context's clock: Core
/// Animation's display link.
///
/// ```swift
/// let link = CADisplayLink { [weak self] link in self?.step(link) }
/// link.add(to: .current, forMode: .common)   // attaches to CAContext.current
/// ```
///
/// **Porting target/selector code.** Apple's `CADisplayLink(target:selector:)` needs the
/// Objective-C runtime. LayerKit offers the closure form, modelled on Foundation's
/// `Timer(timeInterval:repeats:block:)`:
/// `CADisplayLink(target: self, selector: #selector(step(_:)))` becomes
/// `CADisplayLink { [weak self] link in self?.step(link) }`. Capture the target weakly:
/// the context keeps an attached link (and so its block) alive until `invalidate()`,
/// as Apple's run loop retains the link and the link its target. Every other member is
/// Apple's.
///
/// **When it fires.** An attached link fires once per frame of its context: every
/// `CAContext.advance(by:)` (after the clock has moved and the frame has been
/// evaluated, so `presentation()` already shows the new time), which is also what
/// `LayerHost.run(context:onEvent:)` calls each host frame. Then `timestamp` is the
/// clock's time and `targetTimestamp == timestamp + duration`. It never fires while
/// `isPaused`, while detached, or after `invalidate()`. Under a `CAManualClock` the
/// callbacks and their timestamps are exact, so an app's animation loop can be tested
/// deterministically.
///
/// **Frame rate.** `duration` is the link's frame interval: `1 / rate`, where the rate
/// is `preferredFrameRateRange.preferred`, else its `maximum`, else
/// `preferredFramesPerSecond`, else the native 60 frames per second (and never above
/// 60), divided by `frameInterval`. A link slower than the frames skips frames: it
/// fires when at least `duration − 1 ms` has passed since it last fired (a 30 fps link
/// on 60 Hz frames fires every other frame).
///
/// A link belongs to the thread of its context, like layers.
public final class CADisplayLink {
  /// LayerKit's native frame rate, in frames per second.
  public static let nativeFramesPerSecond: Float = 60

  private var block: ((CADisplayLink) -> Void)?
  /// The context the link is attached to, and the run loop modes it was added for.
  private weak var context: CAContext?
  private var modes: Set<RunLoop.Mode> = []
  private var lastFired: CFTimeInterval?
  private var isInvalidated = false

  /// The clock time of the frame the link last fired for, in seconds (the context's
  /// clock). 0 before it first fires.
  public private(set) var timestamp: CFTimeInterval = 0

  /// When the next frame is due: `timestamp + duration`. 0 before it first fires.
  public private(set) var targetTimestamp: CFTimeInterval = 0

  /// Whether the link stops firing (it stays attached). Default false.
  public var isPaused = false

  /// The frame rates the link would like. Default `.default` (the native rate). A range
  /// with a negative, infinite or NaN rate, or a minimum above its maximum, is refused
  /// with a diagnostic.
  public var preferredFrameRateRange: CAFrameRateRange = .default {
    didSet {
      if !preferredFrameRateRange.isValid {
        CADiagnostics.report(
          key: "preferredFrameRateRange",
          "\(preferredFrameRateRange) is not a valid range; kept \(oldValue)")
        preferredFrameRateRange = oldValue
      }
    }
  }

  /// The frame rate the link would like, in frames per second; 0 (the default) is the
  /// native rate. Negative values count as 0.
  public var preferredFramesPerSecond: Int = 0

  /// How many frames pass between callbacks: 2 fires every other frame. Default 1;
  /// values below 1 count as 1. Apple deprecated it in favour of
  /// `preferredFrameRateRange`; it is kept for ported code and divides the rate the
  /// other settings give.
  public var frameInterval: Int = 1

  /// Creates a detached link that calls `block` with itself once per frame once added
  /// to a run loop (that is, to the current thread's context).
  public init(block: @escaping (CADisplayLink) -> Void) {
    self.block = block
  }

  /// The interval between frames at the link's rate, in seconds.
  public var duration: CFTimeInterval { 1 / Double(rate) }

  /// The rate the link runs at, in frames per second (see the type's discussion).
  var rate: Float {
    let range = preferredFrameRateRange
    let native = Self.nativeFramesPerSecond
    let asked: Float
    if let p = range.preferred, p > 0 {
      asked = p
    } else if range.maximum > 0 {
      asked = range.maximum
    } else if preferredFramesPerSecond > 0 {
      asked = Float(preferredFramesPerSecond)
    } else {
      asked = native
    }
    return Swift.min(asked, native) / Float(Swift.max(frameInterval, 1))
  }

  /// Attaches the link to the current thread's context (`CAContext.current`) for
  /// `mode`; it fires from that context's next frame on. Adding it for a second mode
  /// keeps one attachment. With no current context, or after `invalidate()`, nothing
  /// happens (with a diagnostic).
  public func add(to runLoop: RunLoop, forMode mode: RunLoop.Mode) {
    guard !isInvalidated else {
      CADiagnostics.report(key: "CADisplayLink", "added after invalidate(); it never fires again")
      return
    }
    guard let current = CAContext.current else {
      CADiagnostics.report(
        key: "CADisplayLink", "no current CAContext on this thread; the link is not attached")
      return
    }
    if let context, context !== current {
      context.displayLinks.remove(self)
      modes.removeAll()
    }
    context = current
    modes.insert(mode)
    current.displayLinks.add(self)
  }

  /// Removes the link from `mode`; once it is in no mode it is detached and stops
  /// firing.
  public func remove(from runLoop: RunLoop, forMode mode: RunLoop.Mode) {
    modes.remove(mode)
    if modes.isEmpty { detach() }
  }

  /// Detaches the link from every mode for good and releases its block. It never fires
  /// again.
  public func invalidate() {
    isInvalidated = true
    detach()
    block = nil
  }

  private func detach() {
    modes.removeAll()
    context?.displayLinks.remove(self)
    context = nil
  }

  /// Fires for the frame at clock time `time`, unless paused, invalidated or too soon
  /// for its rate.
  func frame(at time: CFTimeInterval) {
    guard !isPaused, !isInvalidated, let block else { return }
    if let last = lastFired, time - last < duration - 0.001 { return }
    lastFired = time
    timestamp = time
    targetTimestamp = time + duration
    block(self)
  }
}
