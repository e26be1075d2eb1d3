import Foundation
import LayerKit

/// Seed 004's Quartz 2D basics as shape layers: the painter's model, the two fill rules,
/// `addArc` in the y-down and y-up conventions, and quadratic and cubic curves whose
/// control points can be dragged.
public final class CoreGraphicsBasicsScene: DemoScene {
  public static let name = "cg-basics"
  public static let title = "Core Graphics basics"
  public static let duration = 4.0

  private weak var stage: CALayer?
  private weak var curvePanel: CALayer?
  private var quad: CAShapeLayer?
  private var cubic: CAShapeLayer?
  private var guides: CAShapeLayer?
  private var handles: [CALayer] = []
  /// Quad: start, control, end; cubic: start, control 1, control 2, end (panel points).
  private var quadPoints = [CGPoint(x: 20, y: 150), CGPoint(x: 95, y: 20), CGPoint(x: 170, y: 150)]
  private var cubicPoints = [
    CGPoint(x: 200, y: 150), CGPoint(x: 220, y: 20), CGPoint(x: 330, y: 160),
    CGPoint(x: 360, y: 60),
  ]
  private var dragging: Int?

  public init() {}

  public func build(in stage: CALayer) {
    self.stage = stage
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "Later paint covers earlier paint; winding and even-odd fill a self-crossing star "
        + "differently; clockwise depends on the y axis; drag the round handles of the curves.")
    let panels = [
      CGRect(x: 40, y: 120, width: 420, height: 180),
      CGRect(x: 500, y: 120, width: 420, height: 180),
      CGRect(x: 40, y: 320, width: 420, height: 200),
      CGRect(x: 500, y: 320, width: 420, height: 200),
    ]
    let titles = [
      "painter's model", "fill rules: .nonZero | .evenOdd", "addArc(0 → π/2, clockwise: false)",
      "addQuadCurve | addCurve",
    ]
    var cards: [CALayer] = []
    for (frame, heading) in zip(panels, titles) {
      let card = DemoStyle.card(frame, radius: 12)
      card.addSublayer(
        DemoStyle.label(
          heading, frame: CGRect(x: 14, y: 10, width: frame.width - 28, height: 20), size: 14,
          bold: true))
      canvas.addSublayer(card)
      cards.append(card)
    }
    // Painter's model: three translucent discs, drawn in order.
    for (i, color) in [DemoStyle.coral, DemoStyle.amber, DemoStyle.blue].enumerated() {
      let disc = DemoStyle.shape(
        CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 110, height: 110), transform: nil),
        frame: CGRect(
          x: 90 + CGFloat(i) * 70, y: 45 + CGFloat(i % 2) * 14, width: 110, height: 110),
        fill: DemoStyle.faded(color, 0.85), stroke: DemoStyle.panel, lineWidth: 3)
      cards[0].addSublayer(disc)
    }
    // Fill rules.
    let star = CGMutablePath()
    for k in 0..<5 {
      let angle = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
      let point = CGPoint(x: 65 + 60 * cos(angle), y: 65 + 60 * sin(angle))
      if k == 0 { star.move(to: point) } else { star.addLine(to: point) }
    }
    star.closeSubpath()
    for (i, rule) in [CAShapeLayerFillRule.nonZero, .evenOdd].enumerated() {
      let layer = DemoStyle.shape(
        star, frame: CGRect(x: 60 + CGFloat(i) * 180, y: 40, width: 130, height: 130),
        fill: DemoStyle.violet, stroke: DemoStyle.ink, lineWidth: 2)
      layer.fillRule = rule
      cards[1].addSublayer(layer)
    }
    // Arcs: the same call in a y-down layer (screen, UIKit) and a y-up one (flipped, Quartz).
    for (i, flipped) in [false, true].enumerated() {
      let holder = CALayer()
      holder.frame = CGRect(x: 40 + CGFloat(i) * 200, y: 40, width: 150, height: 120)
      holder.isGeometryFlipped = flipped
      let arc = CGMutablePath()
      let center = CGPoint(x: 75, y: 60)
      arc.move(to: center)
      arc.addArc(center: center, radius: 48, startAngle: 0, endAngle: .pi / 2, clockwise: false)
      arc.closeSubpath()
      holder.addSublayer(
        DemoStyle.shape(
          arc, frame: holder.bounds, fill: DemoStyle.faded(DemoStyle.teal, 0.8),
          stroke: DemoStyle.ink, lineWidth: 2))
      cards[2].addSublayer(holder)
      cards[2].addSublayer(
        DemoStyle.label(
          flipped ? "y up (isGeometryFlipped)" : "y down (layer space)",
          frame: CGRect(x: 20 + CGFloat(i) * 200, y: 166, width: 190, height: 20), size: 12,
          color: DemoStyle.muted, alignment: .center))
    }
    // Curves with draggable control points.
    let panel = CALayer()
    panel.frame = CGRect(x: 20, y: 20, width: 380, height: 170)
    cards[3].addSublayer(panel)
    curvePanel = panel
    let guideLayer = DemoStyle.shape(
      CGMutablePath(), frame: panel.bounds, stroke: DemoStyle.hairline, lineWidth: 1.5)
    guideLayer.lineDashPattern = [5, 4]
    panel.addSublayer(guideLayer)
    guides = guideLayer
    quad = DemoStyle.shape(
      CGMutablePath(), frame: panel.bounds, stroke: DemoStyle.blue, lineWidth: 4)
    cubic = DemoStyle.shape(
      CGMutablePath(), frame: panel.bounds, stroke: DemoStyle.coral, lineWidth: 4)
    panel.addSublayer(quad!)
    panel.addSublayer(cubic!)
    for i in 0..<7 {
      let handle = DemoStyle.tile(
        CGRect(x: 0, y: 0, width: 14, height: 14), color: i < 3 ? DemoStyle.blue : DemoStyle.coral,
        radius: 7)
      handle.name = "handle \(i)"
      handle.borderColor = DemoStyle.panel
      handle.borderWidth = 2
      panel.addSublayer(handle)
      handles.append(handle)
    }
    updateCurves()
  }

  private func updateCurves() {
    let q = CGMutablePath()
    q.move(to: quadPoints[0])
    q.addQuadCurve(to: quadPoints[2], control: quadPoints[1])
    let c = CGMutablePath()
    c.move(to: cubicPoints[0])
    c.addCurve(to: cubicPoints[3], control1: cubicPoints[1], control2: cubicPoints[2])
    let g = CGMutablePath()
    g.addLines(between: quadPoints)
    g.move(to: cubicPoints[0])
    g.addLine(to: cubicPoints[1])
    g.move(to: cubicPoints[3])
    g.addLine(to: cubicPoints[2])
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    quad?.path = q
    cubic?.path = c
    guides?.path = g
    for (handle, point) in zip(handles, quadPoints + cubicPoints) { handle.position = point }
    CATransaction.commit()
  }

  public func handle(_ event: SceneEvent) -> Bool {
    guard let panel = curvePanel, let stage else { return false }
    switch event {
    case .press(let p):
      let local = panel.convert(p, from: stage)
      let all = quadPoints + cubicPoints
      guard
        let nearest = all.indices.min(by: { distance(all[$0], local) < distance(all[$1], local) }),
        distance(all[nearest], local) < 20
      else { return false }
      dragging = nearest
      return true
    case .drag(let p):
      guard let index = dragging else { return false }
      let local = panel.convert(p, from: stage)
      let clamped = CGPoint(
        x: min(max(local.x, 0), panel.bounds.width), y: min(max(local.y, 0), panel.bounds.height))
      if index < 3 { quadPoints[index] = clamped } else { cubicPoints[index - 3] = clamped }
      updateCurves()
      return true
    case .release:
      defer { dragging = nil }
      return dragging != nil
    case .key:
      return false
    }
  }

  private func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
    hypot(a.x - b.x, a.y - b.y)
  }
}
