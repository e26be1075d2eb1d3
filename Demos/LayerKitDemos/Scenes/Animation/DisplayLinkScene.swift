import Foundation
import LayerKit

/// `CADisplayLink`: an app-driven animation loop. Two rows of bouncing balls are moved by
/// display-link callbacks, not by Core Animation animations: the top row by a link at the
/// native 60 frames per second, the bottom row by one whose `preferredFrameRateRange`
/// asks for 30 (it fires every other frame, so its balls step visibly). Each callback
/// reads the link's `timestamp`, converts it to the stage's time and places the balls
/// with closed-form physics, so pausing, scrubbing and slow motion apply and every frame
/// is reproducible; the panels show what each link reports.
public final class DisplayLinkScene: DemoScene {
  public static let name = "display-link"
  public static let title = "CADisplayLink: an app-driven animation loop"
  public static let duration = 6.0

  /// One row of balls and the link that moves it.
  private final class Row {
    let link: CADisplayLink
    let box: CALayer
    let balls: [CALayer]
    let readout: CATextLayer
    var fired = 0

    init(link: CADisplayLink, box: CALayer, balls: [CALayer], readout: CATextLayer) {
      self.link = link
      self.box = box
      self.balls = balls
      self.readout = readout
    }
  }

  private var rows: [Row] = []
  private weak var stage: CALayer?

  /// Gravity, in points per second squared.
  static let gravity: CGFloat = 900
  static let ballSize: CGFloat = 26

  public init() {}

  deinit {
    for row in rows { row.link.invalidate() }
  }

  public func build(in stage: CALayer) {
    self.stage = stage
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption:
        "The balls are moved by CADisplayLink callbacks: each reads link.timestamp and places "
        + "them with closed-form physics. Top: the native 60 fps. Bottom: "
        + "preferredFrameRateRange 15…30, so the link fires every other frame.")
    let colors = [
      DemoStyle.coral, DemoStyle.teal, DemoStyle.amber, DemoStyle.violet, DemoStyle.blue,
      DemoStyle.sage,
    ]
    let specs: [(y: CGFloat, range: CAFrameRateRange)] = [
      (120, .default),
      (330, CAFrameRateRange(minimum: 15, maximum: 30, preferred: 30)),
    ]
    for spec in specs {
      let box = DemoStyle.card(CGRect(x: 40, y: spec.y, width: 560, height: 190))
      box.masksToBounds = true
      canvas.addSublayer(box)
      let balls = colors.map { color -> CALayer in
        let ball = DemoStyle.tile(
          CGRect(x: 0, y: 0, width: Self.ballSize, height: Self.ballSize), color: color,
          radius: Self.ballSize / 2)
        box.addSublayer(ball)
        return ball
      }
      let panel = DemoStyle.card(CGRect(x: 620, y: spec.y, width: 300, height: 190))
      canvas.addSublayer(panel)
      let readout = DemoStyle.label(
        "", frame: CGRect(x: 16, y: 14, width: 268, height: 166), size: 14, wrapped: true)
      panel.addSublayer(readout)
      let link = CADisplayLink { [weak self] link in self?.step(link) }
      link.preferredFrameRateRange = spec.range
      let row = Row(link: link, box: box, balls: balls, readout: readout)
      rows.append(row)
      place(row, at: 0)
      link.add(to: .current, forMode: .common)
    }
  }

  /// The link's callback: the app's frame step.
  private func step(_ link: CADisplayLink) {
    guard let stage, let row = rows.first(where: { $0.link === link }) else { return }
    row.fired += 1
    let t = stage.convertTime(link.timestamp, from: nil)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    place(row, at: t)
    let range = link.preferredFrameRateRange
    let preferred = range.preferred.map { String(format: "%.0f", $0) } ?? "none"
    row.readout.string = [
      String(format: "timestamp  %.4f s", link.timestamp),
      String(format: "targetTimestamp  %.4f s", link.targetTimestamp),
      String(format: "duration  %.1f ms (%.0f fps)", link.duration * 1000, 1 / link.duration),
      String(
        format: "preferredFrameRateRange  %.0f…%.0f, preferred %@", range.minimum, range.maximum,
        preferred),
      String(format: "stage time  %.3f s", t),
      "callbacks  \(row.fired)",
    ].joined(separator: "\n")
    CATransaction.commit()
  }

  /// Places the row's balls at stage time `t`.
  private func place(_ row: Row, at t: Double) {
    for (i, ball) in row.balls.enumerated() {
      ball.position = Self.position(ofBall: i, at: t, in: row.box.bounds.size)
    }
  }

  /// Where ball `i` is at stage time `t` in a box of `size`: it bounces `90 + 12·i`
  /// points high without losing energy and crosses the box at `60 + 25·i` points per
  /// second, reflecting off the walls.
  static func position(ofBall i: Int, at t: Double, in size: CGSize) -> CGPoint {
    let floor = size.height - ballSize / 2 - 8
    let width = size.width - ballSize
    let height = 90 + 12 * CGFloat(i)
    let period = 2 * (2 * height / gravity).squareRoot()
    let tau = (CGFloat(t) + CGFloat(i) * 0.13).truncatingRemainder(dividingBy: period)
    let v0 = gravity * period / 2
    let y = floor - (v0 * tau - gravity * tau * tau / 2)
    let travel = (60 + 25 * CGFloat(i)) * CGFloat(t) + CGFloat(i) * 70
    let lap = travel.truncatingRemainder(dividingBy: 2 * width)
    return CGPoint(x: ballSize / 2 + (lap < width ? lap : 2 * width - lap), y: y)
  }

  /// How many times each row's link has called back (top row first).
  var callbackCounts: [Int] { rows.map(\.fired) }

  /// The model positions of row `k`'s balls, and the size of their box.
  func balls(inRow k: Int) -> (positions: [CGPoint], box: CGSize) {
    (rows[k].balls.map(\.position), rows[k].box.bounds.size)
  }

  /// The text row `k`'s readout shows.
  func readout(ofRow k: Int) -> String { rows[k].readout.string as? String ?? "" }
}
