internal import CSDL2
import Foundation
import LayerKit

// How the host fills its `FramePacing`, on every path that presents:
//
//   iteration k starts (s_k) → events (arrivals a_i) → frame k drawn → presented (p_k)
//   expected(k) = max(p_{k−1}, s_k) + refresh period
//
// A frame is expected one refresh period after the later of the previous present (the
// last vsync) and the start of the loop iteration that sampled it (the first frame, with
// nothing on screen before it, is on time whenever it comes): an event handler or
// prepare step that blocks the loop makes the frame late by as long as it blocked; a loop
// waking from idle is not blamed for the time it had nothing to show. The inputs polled
// in iteration k are first shown by the first frame presented after them.
extension LayerHost {
  /// Inputs waiting for a presented frame, at most this many (older ones are dropped).
  static let maximumPendingInputs = 256

  /// Seconds on `CASystemClock`'s clock: the time base of present and arrival times.
  static func pacingNow() -> Double { CASystemClock.now() }

  /// The display's refresh period in seconds (`SDL_GetWindowDisplayMode`), or 1/60 when
  /// SDL does not know it (virtual displays report 0 Hz).
  static func refreshPeriod(of window: OpaquePointer) -> Double {
    var mode = SDL_DisplayMode()
    if SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 {
      return 1 / Double(mode.refresh_rate)
    }
    return 1.0 / 60
  }

  /// Notes when an input event arrived, from SDL's timestamp (milliseconds of
  /// `SDL_GetTicks`), so that the time it waited in the queue while the thread was busy
  /// counts toward its latency.
  func noteInputArrival(_ event: SDL_Event) {
    let now = Self.pacingNow()
    let waitedMilliseconds = SDL_GetTicks() &- event.common.timestamp
    // A timestamp from the future (or a wrapped counter) counts as arriving now.
    let waited = waitedMilliseconds < 1 << 31 ? Double(waitedMilliseconds) / 1000 : 0
    pendingInputArrivals.append(now - waited)
    if pendingInputArrivals.count > Self.maximumPendingInputs {
      pendingInputArrivals.removeFirst(pendingInputArrivals.count - Self.maximumPendingInputs)
    }
  }

  /// Takes the inputs the next presented frame is the first to show.
  func takePendingInputs() -> [Double] {
    defer { pendingInputArrivals.removeAll(keepingCapacity: true) }
    return pendingInputArrivals
  }

  /// Records a frame presented at `presentTime` that was sampled in a loop iteration
  /// started at `iterationStart`, first showing `inputs`.
  func recordPresent(at presentTime: Double, iterationStart: Double, inputs: [Double]) {
    // The first frame has no earlier frame to be late after: it is on time by definition.
    let expected =
      lastPresentTime.map { max($0, iterationStart) + framePacing.refreshPeriod } ?? presentTime
    framePacing.record(
      expectedPresentTime: expected, presentTime: presentTime, inputArrivals: inputs)
    lastPresentTime = presentTime
  }
}

extension HostEvent {
  /// Whether the event is user input (keys, text, mouse, wheel), whose latency to the
  /// screen ``LayerHost/framePacing`` measures.
  var isInput: Bool {
    switch self {
    case .mouseDown, .mouseUp, .mouseMoved, .scrollWheel, .keyDown, .keyUp, .textInput: true
    default: false
    }
  }
}
