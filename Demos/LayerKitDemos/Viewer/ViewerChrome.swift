import Foundation
import LayerKit

/// The viewer's own layers: gallery, timeline, overlay, inspector and frame-rate label.
final class ViewerChrome {
  static let galleryWidth: CGFloat = 230
  static let inspectorWidth: CGFloat = 290
  static let timelineHeight: CGFloat = 64
  static let rowHeight: CGFloat = 26
  /// The top of the demo list, below the heading.
  static let listTop: CGFloat = 54
  /// The height of one parameter slider (label and bar).
  static let sliderHeight: CGFloat = 44
  static let dark = CGColor(red: 0.13, green: 0.15, blue: 0.19, alpha: 1)
  static let darker = CGColor(red: 0.10, green: 0.11, blue: 0.14, alpha: 1)
  static let light = CGColor(red: 0.86, green: 0.88, blue: 0.92, alpha: 1)
  static let dim = CGColor(red: 0.55, green: 0.58, blue: 0.64, alpha: 1)
  static let accent = CGColor(red: 0.98, green: 0.62, blue: 0.25, alpha: 1)

  let root: CALayer
  let gallery = CALayer()
  /// The visible part of the demo list; its bounds' origin is the scroll offset.
  let list = CALayer()
  /// How far the demo list is scrolled, in points (0 shows the first row).
  var listOffset: CGFloat = 0
  /// The row last scrolled into view (the current demo's, once per selection).
  var revealedRow = -1
  let container = CALayer()
  let timeline = CALayer()
  let track = CALayer()
  let fill = CALayer()
  let thumb = CALayer()
  /// Ticks at the demo's markers, over the scrub bar.
  let markerTicks = CAShapeLayer()
  /// The section playing in a loop, on the scrub bar.
  let segmentBand = CALayer()
  var markerLabels: [CATextLayer] = []
  var markerSignature = ""
  let timeLabel = CATextLayer()
  let help = CATextLayer()
  let overlay = CAShapeLayer()
  let anchors = CAShapeLayer()
  let selection = CAShapeLayer()
  let inspector = CALayer()
  let inspectorText = CATextLayer()
  let fpsLabel = CATextLayer()
  let pattern = CALayer()
  var rows: [CATextLayer] = []
  let rowHighlight = CALayer()
  var sliderLayers: [CALayer] = []
  var sliderFrames: [(String, CGRect, ClosedRange<Double>)] = []
  var sliderSignature = ""

  init(root: CALayer) {
    self.root = root
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    root.anchorPoint = .zero
    root.backgroundColor = Self.darker
    for layer in [gallery, timeline, inspector] { layer.backgroundColor = Self.dark }
    gallery.name = "viewer.gallery"
    container.name = "viewer.demo"
    container.masksToBounds = true
    container.backgroundColor = DemoStyle.background
    rowHighlight.backgroundColor = DemoStyle.faded(Self.accent, 0.25)
    rowHighlight.cornerRadius = 5
    list.masksToBounds = true
    list.anchorPoint = .zero
    list.addSublayer(rowHighlight)
    gallery.addSublayer(list)
    track.backgroundColor = DemoStyle.faded(Self.light, 0.2)
    track.cornerRadius = 3
    fill.backgroundColor = Self.accent
    fill.cornerRadius = 3
    fill.anchorPoint = .zero
    thumb.backgroundColor = Self.light
    thumb.bounds = CGRect(x: 0, y: 0, width: 14, height: 14)
    thumb.cornerRadius = 7
    for text in [timeLabel, help, inspectorText, fpsLabel] {
      text.fontSize = 12
      text.foregroundColor = Self.light
      text.font = "Helvetica"
    }
    help.foregroundColor = Self.dim
    help.string =
      "Space pause · ←/→ frame · S 0.1× · R restart · B block app 0.5 s · M next marker section · O overlays · I inspector · P screenshot · ↑/↓ demo"
    fpsLabel.alignmentMode = .right
    fpsLabel.foregroundColor = Self.accent
    inspectorText.isWrapped = true
    for shape in [overlay, anchors, selection] { shape.fillColor = nil }
    overlay.strokeColor = CGColor(red: 0.2, green: 0.75, blue: 0.95, alpha: 0.8)
    overlay.lineWidth = 1
    overlay.lineDashPattern = [4, 3]
    anchors.fillColor = CGColor(red: 0.95, green: 0.25, blue: 0.45, alpha: 0.9)
    selection.strokeColor = Self.accent
    selection.lineWidth = 2.5
    pattern.isHidden = true
    timeline.addSublayer(track)
    track.addSublayer(segmentBand)
    track.addSublayer(fill)
    segmentBand.backgroundColor = DemoStyle.faded(Self.light, 0.45)
    segmentBand.anchorPoint = .zero
    markerTicks.fillColor = Self.light
    timeline.addSublayer(markerTicks)
    timeline.addSublayer(thumb)
    timeline.addSublayer(timeLabel)
    timeline.addSublayer(help)
    inspector.addSublayer(inspectorText)
    for layer in [
      gallery, container, pattern, overlay, anchors, selection, timeline, inspector, fpsLabel,
    ] {
      root.addSublayer(layer)
    }
    CATransaction.commit()
  }

  /// The demo area and the chrome around it for a window of `size` points.
  func layout(_ size: CGSize) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    root.bounds = CGRect(origin: .zero, size: size)
    let inspectorWidth = size.width > 900 ? Self.inspectorWidth : 0
    let demoWidth = max(1, size.width - Self.galleryWidth - inspectorWidth)
    let demoHeight = max(1, size.height - Self.timelineHeight)
    gallery.frame = CGRect(x: 0, y: 0, width: Self.galleryWidth, height: size.height)
    container.frame = CGRect(x: Self.galleryWidth, y: 0, width: demoWidth, height: demoHeight)
    pattern.frame = container.frame
    for shape in [overlay, anchors, selection] { shape.frame = root.bounds }
    timeline.frame = CGRect(
      x: Self.galleryWidth, y: demoHeight, width: demoWidth, height: Self.timelineHeight)
    track.frame = CGRect(x: 140, y: 14, width: max(1, demoWidth - 160), height: 6)
    timeLabel.frame = CGRect(x: 12, y: 8, width: 118, height: 18)
    help.frame = CGRect(x: 12, y: 36, width: demoWidth - 24, height: 18)
    inspector.frame = CGRect(
      x: size.width - inspectorWidth, y: 0, width: inspectorWidth, height: size.height)
    inspector.isHidden = inspectorWidth == 0
    inspectorText.frame = CGRect(
      x: 14, y: 14, width: max(1, inspectorWidth - 28), height: size.height - 28)
    fpsLabel.frame = CGRect(x: container.frame.maxX - 210, y: 6, width: 200, height: 18)
    CATransaction.commit()
  }

  func showPattern(_ shown: Bool) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    pattern.isHidden = !shown
    CATransaction.commit()
  }

  /// The gallery row under `point`, if any: only where the list is visible, so the
  /// sliders below it and the rows scrolled out of view never select a demo.
  func galleryRow(at point: CGPoint, count: Int) -> Int? {
    guard point.x < Self.galleryWidth, list.frame.contains(point) else { return nil }
    let row = Int((point.y - list.frame.minY + listOffset) / Self.rowHeight)
    return row < count ? row : nil
  }

  /// Places the demo list between the heading and `parameterCount` sliders at the bottom,
  /// and clamps the scroll offset to the rows.
  func layoutList(rows: Int, parameterCount: Int) {
    let sliders = parameterCount == 0 ? 0 : CGFloat(parameterCount) * Self.sliderHeight + 20
    let height = max(Self.rowHeight, gallery.bounds.height - Self.listTop - sliders)
    if height != list.bounds.height {
      // A new height starts from the top again, then shows the current row.
      listOffset = 0
      revealedRow = -1
    }
    list.frame = CGRect(x: 0, y: Self.listTop, width: Self.galleryWidth, height: height)
    scrollList(by: 0, rows: rows)
  }

  /// Scrolls the demo list by `delta` points (positive shows later rows), within its rows.
  func scrollList(by delta: CGFloat, rows: Int) {
    let content = CGFloat(rows) * Self.rowHeight + 6
    listOffset = min(max(0, listOffset + delta), max(0, content - list.bounds.height))
    list.bounds.origin = CGPoint(x: 0, y: listOffset)
  }

  /// Scrolls the least needed to show row `index` whole.
  func revealRow(_ index: Int, rows: Int) {
    let top = CGFloat(index) * Self.rowHeight
    let bottom = top + Self.rowHeight + 6
    if top < listOffset {
      scrollList(by: top - listOffset, rows: rows)
    } else if bottom > listOffset + list.bounds.height {
      scrollList(by: bottom - listOffset - list.bounds.height, rows: rows)
    }
  }

  /// Where `point` falls along the scrub bar, 0…1, or nil when it is not on it.
  func scrubFraction(at point: CGPoint, clamped: Bool = false) -> Double? {
    let bar = timeline.convert(track.frame, to: root).insetBy(dx: -8, dy: -10)
    guard clamped || bar.contains(point) else { return nil }
    let local = point.x - (bar.minX + 8)
    return min(max(Double(local / max(1, bar.width - 16)), 0), 1)
  }

  /// The parameter slider under `point` and the value there.
  func slider(at point: CGPoint, parameters: [DemoParameter]) -> (String, Double)? {
    for (name, frame, range) in sliderFrames where frame.insetBy(dx: -6, dy: -8).contains(point) {
      let f = min(max(Double((point.x - frame.minX) / frame.width), 0), 1)
      return (name, range.lowerBound + f * (range.upperBound - range.lowerBound))
    }
    return nil
  }
}
