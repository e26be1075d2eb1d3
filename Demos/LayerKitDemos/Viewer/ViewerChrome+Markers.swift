import Foundation
import LayerKit

extension ViewerChrome {
  /// Draws the demo's markers on the scrub bar (a tick and a name each, the names rebuilt
  /// only when the markers or the bar change) and the section playing in a loop as a band.
  func updateMarkers(_ driver: SceneDriver?) {
    let markers = driver?.markers ?? []
    let duration = max(driver?.duration ?? 1, 0.001)
    func x(_ t: Double) -> CGFloat {
      track.frame.minX + track.bounds.width * CGFloat(min(max(t / duration, 0), 1))
    }
    let signature =
      markers.map { "\($0.label)@\($0.time)" }.joined(separator: ",")
      + "|\(track.frame)"
    if signature != markerSignature {
      markerSignature = signature
      for label in markerLabels { label.removeFromSuperlayer() }
      markerLabels = []
      let ticks = CGMutablePath()
      for m in markers {
        ticks.addRect(CGRect(x: x(m.time) - 1, y: track.frame.minY - 5, width: 2, height: 16))
        let label = CATextLayer()
        label.string = m.label
        label.fontSize = 10
        label.font = "Helvetica"
        label.foregroundColor = Self.dim
        label.frame = CGRect(x: x(m.time) + 3, y: track.frame.maxY + 2, width: 90, height: 14)
        timeline.addSublayer(label)
        markerLabels.append(label)
      }
      markerTicks.path = ticks
    }
    if let segment = driver?.segment {
      segmentBand.isHidden = false
      let lo = x(segment.lowerBound) - track.frame.minX
      segmentBand.frame = CGRect(
        x: lo, y: -3, width: x(segment.upperBound) - track.frame.minX - lo,
        height: track.bounds.height + 6)
    } else {
      segmentBand.isHidden = true
    }
  }
}
