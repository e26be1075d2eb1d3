import Foundation

/// When presented frames reached the screen, against when they were meant to: Apple's hitch
/// time ratio and the input-to-present latency of the last ``capacity`` frames.
///
/// For every presented frame the host (or a render server) records three things, all in
/// seconds on one monotonic clock:
///
/// - the **expected present time**: the vsync the frame targeted, predicted when it was
///   sampled (the last vsync plus one ``refreshPeriod``);
/// - the **present time**: when it actually reached the screen (the swap returned);
/// - the **arrival times** of the input events whose effect it is the first frame to show.
///
/// ```
///  expected  0      T      2T     3T     4T     5T
///  presented 0      T      2T            4T     5T      frame 3 expected at 3T
///                                         ↑             shows at 4T: 1 period late
///                                  hitch = 4T − 3T = T
/// ```
///
/// **Hitch time** follows Apple ("Explore UI animation hitches and the render loop",
/// XCTest's `XCTOSSignpostMetric` and MetricKit's `hitchTimeRatio`): a frame presented
/// after its expected present time contributes how late it was; on-time frames contribute
/// nothing. The **hitch time ratio** is the total hitch time in milliseconds per second of
/// the interval the frames cover (Apple's "ms per s": at most 5 is good, Xcode's Organizer
/// rates up to 10 good, up to 25 a warning). The interval runs from the first recorded
/// frame's expected present time to one refresh period after the last frame's present
/// time, so that N frames at a steady rate cover N periods.
///
/// Measured present times trail the vsync a little (the swap returns after it, clocks are
/// read late), so a frame counts as late only when it misses by more than
/// ``lateTolerance`` (default half a refresh period, LayerKit's choice where Apple's
/// exact vsync timestamps need none); a late frame then contributes its whole lateness.
///
/// **Input latency** is `present time − arrival time` for every input a frame first
/// shows; ``inputLatency(percentile:)`` takes nearest-rank percentiles (the smallest
/// latency at or above which `p` % of the latencies lie), so p50 and p99 are latencies that
/// were measured, never interpolated.
///
/// Memory is bounded: the last ``capacity`` frames (default 600, ten seconds at 60 Hz) and
/// the last ``capacity`` input latencies are kept in rings; older ones are forgotten, so
/// every figure describes a sliding window. Recording is O(1); the figures are O(capacity)
/// (percentiles O(capacity log capacity)).
///
/// Bad samples are ignored, never fatal: non-finite times, and inputs that arrive after the
/// frame that is said to show them; ``ignoredSampleCount`` counts them.
public struct FramePacing: Sendable {
  /// One presented frame, times in seconds on the recording clock.
  public struct Frame: Sendable, Equatable {
    /// The vsync the frame targeted.
    public var expectedPresentTime: Double
    /// When it reached the screen.
    public var presentTime: Double

    public init(expectedPresentTime: Double, presentTime: Double) {
      self.expectedPresentTime = expectedPresentTime
      self.presentTime = presentTime
    }

    /// Seconds after its expected present time that the frame was shown (negative: early).
    public var lateness: Double { presentTime - expectedPresentTime }
  }

  /// The figures a panel shows, at one moment.
  public struct Summary: Sendable, Equatable {
    /// Frames in the window.
    public var frameCount: Int
    /// Milliseconds of hitches per second (``FramePacing/hitchTimeRatio``).
    public var hitchTimeRatio: Double
    /// Median input-to-present latency, milliseconds; nil without inputs.
    public var latencyP50: Double?
    /// 99th percentile input-to-present latency, milliseconds; nil without inputs.
    public var latencyP99: Double?
    /// The same two in refresh periods.
    public var latencyP50Periods: Double?
    public var latencyP99Periods: Double?
  }

  /// Frames and input latencies kept (at least 1); default 600.
  public let capacity: Int
  /// The display's refresh period in seconds (1/60 by default); a value that is not
  /// finite and positive is replaced by 1/60.
  public let refreshPeriod: Double
  /// How far past its expected present time a frame may be shown and still count as on
  /// time, in seconds; half of ``refreshPeriod`` unless given.
  public let lateTolerance: Double
  /// Samples ignored because a time was not finite or an input arrived after its frame.
  public private(set) var ignoredSampleCount = 0

  private var frameRing: [Frame] = []
  private var frameHead = 0
  private var latencyRing: [Double] = []
  private var latencyHead = 0

  /// The default ``capacity``.
  public static let defaultCapacity = 600

  /// Starts an empty record.
  ///
  /// - Parameters:
  ///   - refreshPeriod: seconds per vsync of the display; defaults to 1/60.
  ///   - capacity: frames (and input latencies) kept; values below 1 keep 1.
  ///   - lateTolerance: seconds of lateness still on time; nil (the default) is half a
  ///     refresh period. Negative or non-finite values count as 0.
  public init(
    refreshPeriod: Double = 1.0 / 60, capacity: Int = FramePacing.defaultCapacity,
    lateTolerance: Double? = nil
  ) {
    let period = refreshPeriod.isFinite && refreshPeriod > 0 ? refreshPeriod : 1.0 / 60
    self.refreshPeriod = period
    self.capacity = max(1, capacity)
    let tolerance = lateTolerance ?? period / 2
    self.lateTolerance = tolerance.isFinite ? max(0, tolerance) : 0
    frameRing.reserveCapacity(min(self.capacity, 4096))
  }

  /// Records a presented frame and the inputs it is the first to show.
  ///
  /// - Parameters:
  ///   - expectedPresentTime: the vsync the frame targeted, in seconds.
  ///   - presentTime: when it was shown, in seconds on the same clock.
  ///   - inputArrivals: when each input it first shows arrived, in seconds on the same
  ///     clock; arrivals after `presentTime` are ignored.
  public mutating func record(
    expectedPresentTime: Double, presentTime: Double, inputArrivals: [Double] = []
  ) {
    guard expectedPresentTime.isFinite, presentTime.isFinite else {
      ignoredSampleCount += 1 + inputArrivals.count
      return
    }
    let frame = Frame(expectedPresentTime: expectedPresentTime, presentTime: presentTime)
    Self.push(frame, into: &frameRing, head: &frameHead, capacity: capacity)
    for arrival in inputArrivals {
      guard arrival.isFinite, arrival <= presentTime else {
        ignoredSampleCount += 1
        continue
      }
      Self.push(presentTime - arrival, into: &latencyRing, head: &latencyHead, capacity: capacity)
    }
  }

  /// Forgets every frame and latency (after a pause, a scene change, a resize).
  public mutating func reset() {
    frameRing.removeAll(keepingCapacity: true)
    latencyRing.removeAll(keepingCapacity: true)
    frameHead = 0
    latencyHead = 0
    ignoredSampleCount = 0
  }

  /// The frames in the window, oldest first.
  public var frames: [Frame] { Self.ordered(frameRing, head: frameHead) }

  /// Input-to-present latencies in the window, in seconds, oldest first.
  public var inputLatencies: [Double] { Self.ordered(latencyRing, head: latencyHead) }

  /// Frames in the window.
  public var frameCount: Int { frameRing.count }

  /// Whether a frame shown `lateness` seconds after its expected time is a hitch.
  public func isHitch(lateness: Double) -> Bool { lateness > lateTolerance }

  /// Seconds of hitches in the window: the sum of the late frames' lateness.
  public var hitchTime: Double {
    frameRing.reduce(0) { $0 + (isHitch(lateness: $1.lateness) ? $1.lateness : 0) }
  }

  /// Seconds the window covers: from the first frame's expected present time to one
  /// refresh period after the last frame's present time; 0 without frames.
  public var duration: Double {
    let frames = self.frames
    guard let first = frames.first, let last = frames.last else { return 0 }
    let end = max(last.presentTime, last.expectedPresentTime) + refreshPeriod
    return max(refreshPeriod, end - first.expectedPresentTime)
  }

  /// Apple's hitch time ratio: milliseconds of hitches per second of the window; 0
  /// without frames.
  public var hitchTimeRatio: Double {
    let duration = self.duration
    return duration > 0 ? hitchTime * 1000 / duration : 0
  }

  /// The nearest-rank percentile `p` (0…100, clamped) of the input latencies, in seconds:
  /// the ⌈p/100 · n⌉-th smallest of n (the smallest for p = 0); nil without inputs.
  public func inputLatency(percentile p: Double) -> Double? {
    guard !latencyRing.isEmpty, !p.isNaN else { return nil }
    let sorted = latencyRing.sorted()
    let rank = Int((min(max(p, 0), 100) / 100 * Double(sorted.count)).rounded(.up))
    return sorted[max(rank, 1) - 1]
  }

  /// `seconds` in refresh periods.
  public func periods(_ seconds: Double) -> Double { seconds / refreshPeriod }

  /// The ratio and the p50/p99 latencies, for a panel.
  public var summary: Summary {
    let p50 = inputLatency(percentile: 50)
    let p99 = inputLatency(percentile: 99)
    return Summary(
      frameCount: frameCount, hitchTimeRatio: hitchTimeRatio, latencyP50: p50.map { $0 * 1000 },
      latencyP99: p99.map { $0 * 1000 }, latencyP50Periods: p50.map(periods),
      latencyP99Periods: p99.map(periods))
  }

  /// Appends to a ring below capacity, else overwrites its oldest element.
  private static func push<T>(_ value: T, into ring: inout [T], head: inout Int, capacity: Int) {
    if ring.count < capacity {
      ring.append(value)
    } else {
      ring[head] = value
      head = (head + 1) % capacity
    }
  }

  /// A ring's elements oldest first.
  private static func ordered<T>(_ ring: [T], head: Int) -> [T] {
    Array(ring[head...] + ring[..<head])
  }
}
