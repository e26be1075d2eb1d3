import Dispatch
import Foundation
import LayerKit
import LayerKitSDL

/// The viewer's frame-time panel: where the last frame's time went (evaluate, composite,
/// upload, present, in milliseconds), the host's frame pacing (Apple's hitch time ratio
/// in ms/s, input-to-present latency p50 and p99 in ms and refresh periods) and a graph
/// of the last ``capacity`` frames' totals against the 16.7 ms budget of 60 fps.
///
/// Samples are recorded every frame, but the layers are refreshed at most every
/// ``refreshInterval`` seconds of the clock, so a static demo stays static: between
/// refreshes the panel damages nothing, and the host uploads and presents nothing.
final class FrameTimeOverlay {
  /// One frame's times, in seconds.
  struct Sample: Equatable {
    var evaluate: Double
    var composite: Double
    var upload: Double
    var present: Double
    var total: Double { evaluate + composite + upload + present }
  }

  /// The panel, placed by the chrome's layout.
  let layer = CALayer()
  let label = CATextLayer()
  /// The frame pacing lines, under the times: the hitch time ratio, then the latency.
  let hitchLabel = CATextLayer()
  let latencyLabel = CATextLayer()
  let graph = CAShapeLayer()
  let budget = CAShapeLayer()
  /// Frames kept for the graph: 3 s at 60 fps.
  static let capacity = 180
  /// Clock seconds between refreshes of the layers.
  static let refreshInterval = 0.25
  /// The graph's full height, in milliseconds.
  static let graphRange = 33.3
  private(set) var samples: [Sample] = []
  /// The host's frame pacing, shown on the second and third lines (set before
  /// ``refresh(now:)``).
  var pacing: FramePacing.Summary?
  /// Where frames are drawn (a render server, which compositor, and why), shown first on
  /// the top line; nil shows nothing.
  var compositor: String?
  private var lastRefresh: Double?

  init() {
    layer.name = "viewer.frameTimes"
    layer.backgroundColor = CGColor(red: 0.10, green: 0.11, blue: 0.14, alpha: 0.85)
    layer.cornerRadius = 6
    label.fontSize = 11
    label.font = "Helvetica"
    label.foregroundColor = ViewerChrome.accent
    for text in [hitchLabel, latencyLabel] {
      text.fontSize = 11
      text.font = "Helvetica"
      text.foregroundColor = ViewerChrome.light
    }
    graph.fillColor = nil
    graph.strokeColor = ViewerChrome.light
    graph.lineWidth = 1
    budget.fillColor = nil
    budget.strokeColor = DemoStyle.faded(ViewerChrome.accent, 0.6)
    budget.lineWidth = 1
    budget.lineDashPattern = [3, 3]
    for l in [label, hitchLabel, latencyLabel, graph, budget] { layer.addSublayer(l) }
  }

  /// Wall-clock seconds since an arbitrary origin, whatever clock the scene runs on.
  static func now() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
  }

  /// Places the panel at `frame` (points, in its superlayer).
  func layout(_ frame: CGRect) {
    layer.frame = frame
    label.frame = CGRect(x: 8, y: 4, width: frame.width - 16, height: 16)
    hitchLabel.frame = CGRect(x: 8, y: 20, width: frame.width - 16, height: 16)
    latencyLabel.frame = CGRect(x: 8, y: 36, width: frame.width - 16, height: 16)
    graph.frame = CGRect(x: 8, y: 54, width: frame.width - 16, height: frame.height - 60)
    let y = graph.frame.height * (1 - 16.7 / Self.graphRange)
    let line = CGMutablePath()
    line.move(to: CGPoint(x: 0, y: y))
    line.addLine(to: CGPoint(x: graph.frame.width, y: y))
    budget.frame = graph.frame
    budget.path = line
    lastRefresh = nil
  }

  /// Records a frame's times.
  func record(_ sample: Sample) {
    samples.append(sample)
    if samples.count > Self.capacity { samples.removeFirst(samples.count - Self.capacity) }
  }

  /// Redraws the label and graph when ``refreshInterval`` has passed since the last
  /// refresh at clock time `now`; call inside a transaction with actions disabled.
  func refresh(now: Double) {
    if let last = lastRefresh, now >= last, now - last < Self.refreshInterval { return }
    lastRefresh = now
    label.string = [compositor, Self.describe(samples.last)].compactMap { $0 }
      .filter { !$0.isEmpty }.joined(separator: " · ")
    (hitchLabel.string, latencyLabel.string) = Self.describe(pacing)
    graph.path = Self.path(samples, size: graph.bounds.size)
  }

  /// The label's text for `sample`: each stage in milliseconds.
  static func describe(_ sample: Sample?) -> String {
    guard let s = sample else { return "" }
    func ms(_ t: Double) -> String { String(format: "%.1f", t * 1000) }
    return "eval \(ms(s.evaluate)) · comp \(ms(s.composite)) · upload \(ms(s.upload)) · "
      + "present \(ms(s.present)) ms"
  }

  /// The pacing lines for `summary`: `hitches 0.0 ms/s (Apple's hitch time ratio)` and
  /// `input p50 20.1 ms (1.2 T) · p99 …`, T the refresh period, "–" before any
  /// input was shown; empty without a summary.
  static func describe(_ summary: FramePacing.Summary?) -> (hitches: String, latency: String) {
    guard let s = summary else { return ("", "") }
    let ratio = String(format: "%.1f", s.hitchTimeRatio)
    let hitches = "hitches \(ratio) ms/s (\(s.frameCount) frames)"
    guard let p50 = s.latencyP50, let p99 = s.latencyP99, let t50 = s.latencyP50Periods,
      let t99 = s.latencyP99Periods
    else { return (hitches, "input –") }
    let latency = String(
      format: "input p50 %.1f ms (%.1f T) · p99 %.1f ms (%.1f T)", p50, t50, p99, t99)
    return (hitches, latency)
  }

  /// The frame-time graph: one point per sample, newest at the right, 0 ms at the bottom
  /// and ``graphRange`` at the top (longer frames are clipped there).
  static func path(_ samples: [Sample], size: CGSize) -> CGPath? {
    guard samples.count > 1, size.width > 0, size.height > 0 else { return nil }
    let p = CGMutablePath()
    let dx = size.width / CGFloat(capacity - 1)
    let x0 = size.width - CGFloat(samples.count - 1) * dx
    for (k, s) in samples.enumerated() {
      let v = min(s.total * 1000 / graphRange, 1)
      let point = CGPoint(x: x0 + CGFloat(k) * dx, y: size.height * (1 - v))
      if k == 0 { p.move(to: point) } else { p.addLine(to: point) }
    }
    return p
  }
}
