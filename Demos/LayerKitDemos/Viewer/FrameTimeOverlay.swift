import Dispatch
import Foundation
import LayerKit
import LayerKitSDL

/// The viewer's frame-time panel: where the last frame's time went (evaluate, composite,
/// upload, present, in milliseconds) and a graph of the last ``capacity`` frames' totals
/// against the 16.7 ms budget of 60 fps.
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
  let graph = CAShapeLayer()
  let budget = CAShapeLayer()
  /// Frames kept for the graph: 3 s at 60 fps.
  static let capacity = 180
  /// Clock seconds between refreshes of the layers.
  static let refreshInterval = 0.25
  /// The graph's full height, in milliseconds.
  static let graphRange = 33.3
  private(set) var samples: [Sample] = []
  private var lastRefresh: Double?

  init() {
    layer.name = "viewer.frameTimes"
    layer.backgroundColor = CGColor(red: 0.10, green: 0.11, blue: 0.14, alpha: 0.85)
    layer.cornerRadius = 6
    label.fontSize = 11
    label.font = "Helvetica"
    label.foregroundColor = ViewerChrome.accent
    graph.fillColor = nil
    graph.strokeColor = ViewerChrome.light
    graph.lineWidth = 1
    budget.fillColor = nil
    budget.strokeColor = DemoStyle.faded(ViewerChrome.accent, 0.6)
    budget.lineWidth = 1
    budget.lineDashPattern = [3, 3]
    for l in [label, graph, budget] { layer.addSublayer(l) }
  }

  /// Wall-clock seconds since an arbitrary origin, whatever clock the scene runs on.
  static func now() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
  }

  /// Places the panel at `frame` (points, in its superlayer).
  func layout(_ frame: CGRect) {
    layer.frame = frame
    label.frame = CGRect(x: 8, y: 4, width: frame.width - 16, height: 16)
    graph.frame = CGRect(x: 8, y: 22, width: frame.width - 16, height: frame.height - 28)
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
    label.string = Self.describe(samples.last)
    graph.path = Self.path(samples, size: graph.bounds.size)
  }

  /// The label's text for `sample`: each stage in milliseconds.
  static func describe(_ sample: Sample?) -> String {
    guard let s = sample else { return "" }
    func ms(_ t: Double) -> String { String(format: "%.1f", t * 1000) }
    return "eval \(ms(s.evaluate)) · comp \(ms(s.composite)) · upload \(ms(s.upload)) · "
      + "present \(ms(s.present)) ms"
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
