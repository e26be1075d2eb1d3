import Foundation
import LayerKit

extension ViewerChrome {
  /// Brings every chrome layer up to date, with actions disabled.
  func update(
    demos: [DemoInfo], current: Int, driver: SceneDriver?, fps: Double?, showsOverlays: Bool,
    inspected: CALayer?, patternTime: Double
  ) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    defer { CATransaction.commit() }
    updateGallery(demos, current: current, parameters: driver?.parameters ?? [])
    if let driver {
      let t = driver.time
      let fraction = min(max(t / max(driver.duration, 0.001), 0), 1)
      fill.frame = CGRect(
        x: 0, y: 0, width: track.bounds.width * fraction, height: track.bounds.height)
      thumb.position = CGPoint(
        x: track.frame.minX + track.bounds.width * fraction, y: track.frame.midY)
      var state = driver.isPaused ? "paused" : (driver.rate < 1 ? "0.1×" : "")
      if !state.isEmpty { state = " " + state }
      timeLabel.string = String(format: "%.2f s", t) + state
    } else {
      thumb.position = CGPoint(x: track.frame.minX, y: track.frame.midY)
      timeLabel.string = "–"
      fill.frame = .zero
      if !pattern.isHidden, container.bounds.width >= 1 {
        let time = patternTime.truncatingRemainder(dividingBy: TestPattern.period)
        pattern.contents = TestPattern.render(
          DemoFrameRequest(
            time: time, pixelWidth: Int(container.bounds.width),
            pixelHeight: Int(container.bounds.height)))
      }
    }
    fpsLabel.string =
      fps.map { String(format: "%.1f ms · %.0f fps", 1000 / max($0, 0.001), $0) } ?? ""
    let stage = driver?.stage
    overlay.isHidden = !showsOverlays
    anchors.isHidden = !showsOverlays
    if showsOverlays, let stage { drawOverlay(stage) }
    if let inspected, let driver {
      selection.isHidden = false
      selection.path = outline(of: inspected)
      inspectorText.string = ViewerInspector.describe(inspected, in: driver)
    } else {
      selection.isHidden = true
      inspectorText.string =
        "Inspector\n\nClick a layer of the demo to see its model and presentation values and its running animations."
    }
  }

  private func updateGallery(_ demos: [DemoInfo], current: Int, parameters: [DemoParameter]) {
    if rows.count != demos.count {
      rows.forEach { $0.removeFromSuperlayer() }
      rows = demos.enumerated().map { i, demo in
        let row = CATextLayer()
        row.frame = CGRect(
          x: 14, y: CGFloat(i) * Self.rowHeight + 5, width: Self.galleryWidth - 20, height: 18)
        row.fontSize = 13
        row.font = "Helvetica"
        row.string = "\(i < 9 ? "\(i + 1)" : " ")  \(demo.title)"
        row.truncationMode = .end
        list.addSublayer(row)
        return row
      }
      let heading = CATextLayer()
      heading.frame = CGRect(x: 14, y: 16, width: Self.galleryWidth - 20, height: 24)
      heading.string = "LayerKit demos"
      heading.font = "Helvetica-Bold"
      heading.fontSize = 17
      heading.foregroundColor = Self.light
      gallery.addSublayer(heading)
    }
    for (i, row) in rows.enumerated() {
      row.foregroundColor = i == current ? Self.accent : Self.light
    }
    rowHighlight.frame = CGRect(
      x: 6, y: CGFloat(current) * Self.rowHeight + 2, width: Self.galleryWidth - 12,
      height: Self.rowHeight - 2)
    layoutList(rows: demos.count, parameterCount: parameters.count)
    if current != revealedRow {
      revealedRow = current
      revealRow(current, rows: demos.count)
    }
    updateSliders(parameters)
  }

  private func updateSliders(_ parameters: [DemoParameter]) {
    // The gallery's height places the sliders, so a resize (or the first layout) redraws them.
    let signature =
      "\(gallery.bounds.height)|"
      + parameters.map { "\($0.name)=\($0.value)" }.joined(separator: ";")
    guard signature != sliderSignature else { return }
    sliderSignature = signature
    sliderLayers.forEach { $0.removeFromSuperlayer() }
    sliderLayers = []
    sliderFrames = []
    var y = gallery.bounds.height - CGFloat(parameters.count) * Self.sliderHeight - 12
    for parameter in parameters {
      let label = CATextLayer()
      label.frame = CGRect(x: 14, y: y, width: Self.galleryWidth - 28, height: 16)
      label.fontSize = 12
      label.foregroundColor = Self.light
      label.string = parameter.name + "  " + String(format: parameter.format, parameter.value)
      let bar = CGRect(x: 14, y: y + 22, width: Self.galleryWidth - 28, height: 6)
      let track = CALayer()
      track.frame = bar
      track.backgroundColor = DemoStyle.faded(Self.light, 0.2)
      track.cornerRadius = 3
      let f =
        (parameter.value - parameter.range.lowerBound)
        / (parameter.range.upperBound - parameter.range.lowerBound)
      let knob = CALayer()
      knob.bounds = CGRect(x: 0, y: 0, width: 14, height: 14)
      knob.cornerRadius = 7
      knob.backgroundColor = Self.accent
      knob.position = CGPoint(x: bar.minX + bar.width * f, y: bar.midY)
      for layer in [label, track, knob] {
        gallery.addSublayer(layer)
        sliderLayers.append(layer)
      }
      sliderFrames.append((parameter.name, gallery.convert(bar, to: root), parameter.range))
      y += Self.sliderHeight
    }
  }

  private func drawOverlay(_ stage: CALayer) {
    let bounds = CGMutablePath()
    let dots = CGMutablePath()
    var stack: [CALayer] = stage.sublayers ?? []
    while let layer = stack.popLast() {
      let presented = layer.presentation() ?? layer
      bounds.addPath(outline(of: layer))
      // The anchor point sits on the layer's position, in its superlayer's space.
      let parent = layer.superlayer.map { $0.presentation() ?? $0 }
      let a = root.convert(presented.position, from: parent)
      if a.x.isFinite, a.y.isFinite {
        dots.addEllipse(in: CGRect(x: a.x - 3, y: a.y - 3, width: 6, height: 6))
      }
      stack.append(contentsOf: layer.sublayers ?? [])
    }
    overlay.path = bounds
    anchors.path = dots
  }

  /// The presented bounds of `layer` as a quadrilateral in window points.
  func outline(of layer: CALayer) -> CGPath {
    let presented = layer.presentation() ?? layer
    let b = presented.bounds
    let corners = [
      CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY),
      CGPoint(x: b.minX, y: b.maxY),
    ].map { root.convert($0, from: presented) }
    let path = CGMutablePath()
    guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return path }
    path.addLines(between: corners)
    path.closeSubpath()
    return path
  }
}
