import LayerKit

/// `CAScrollLayer`: a 400 × 260 window onto a 1200 × 780 picture. Cues scroll it with
/// `scroll(to:)`, `scrollRectToVisible(_:)` from a marker inside the content, and a
/// horizontal-only `scrollMode`; each change of `bounds` animates implicitly. The
/// minimap on the right shows the scroll layer's `visibleRect` of the content.
public final class ScrollLayerScene: DemoScene {
  public static let name = "scroll-layer"
  public static let title = "CAScrollLayer: scroll(to:) and scrollRectToVisible"
  public static let duration = 6.0

  private weak var scroller: CAScrollLayer?
  private weak var marker: CALayer?
  private weak var content: CALayer?
  private weak var viewport: CALayer?

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption:
        "The scroll layer clips a picture three times its size; scrolling moves its bounds.origin "
        + "(an implicit animation). Right: the whole picture and the scroll layer's visibleRect.")
    let picture = DemoImages.landscape(width: 600, height: 390, hue: 0.45)
    let scroll = CAScrollLayer()
    scroll.name = "scroll"
    scroll.frame = CGRect(x: 40, y: 130, width: 400, height: 260)
    scroll.borderWidth = 3
    scroll.borderColor = DemoStyle.ink
    let content = CALayer()
    content.name = "content"
    content.frame = CGRect(x: 0, y: 0, width: 1200, height: 780)
    content.contents = picture
    let marker = DemoStyle.tile(
      CGRect(x: 980, y: 600, width: 120, height: 90), color: DemoStyle.coral, radius: 12)
    marker.name = "marker"
    content.addSublayer(marker)
    scroll.addSublayer(content)
    canvas.addSublayer(scroll)

    let mapScale: CGFloat = 0.35
    let map = CALayer()
    map.frame = CGRect(x: 480, y: 130, width: 1200 * mapScale, height: 780 * mapScale)
    map.contents = picture
    map.borderWidth = 1
    map.borderColor = DemoStyle.hairline
    let dot = DemoStyle.tile(
      CGRect(x: 980 * mapScale, y: 600 * mapScale, width: 120 * mapScale, height: 90 * mapScale),
      color: DemoStyle.coral, radius: 4)
    map.addSublayer(dot)
    let view = CALayer()
    view.frame = CGRect(x: 0, y: 0, width: 400 * mapScale, height: 260 * mapScale)
    view.borderWidth = 3
    view.borderColor = DemoStyle.ink
    map.addSublayer(view)
    canvas.addSublayer(map)
    canvas.addSublayer(
      DemoStyle.label(
        "scroll(to:) · scrollRectToVisible(marker) · scrollMode = .horizontally",
        frame: CGRect(x: 40, y: 410, width: 880, height: 24), size: 15, color: DemoStyle.muted))
    scroller = scroll
    self.marker = marker
    self.content = content
    viewport = view
  }

  public var cues: [SceneCue] {
    [
      SceneCue(at: 1, "scroll(to: (400, 200))") { [weak self] in
        self?.scroller?.scroll(to: CGPoint(x: 400, y: 200))
        self?.showVisibleRect()
      },
      SceneCue(at: 2.5, "marker.scrollRectToVisible") { [weak self] in
        guard let marker = self?.marker else { return }
        marker.scrollRectToVisible(marker.bounds)
        self?.showVisibleRect()
      },
      SceneCue(at: 4, "scrollMode .horizontally; scroll(to: (0, 0))") { [weak self] in
        self?.scroller?.scrollMode = .horizontally
        self?.scroller?.scroll(to: CGPoint.zero)
        self?.showVisibleRect()
      },
    ]
  }

  /// Moves the minimap's frame to the content's `visibleRect` (in its scale).
  private func showVisibleRect() {
    guard let content, let viewport else { return }
    let r = content.visibleRect
    viewport.frame = CGRect(
      x: r.minX * 0.35, y: r.minY * 0.35, width: r.width * 0.35, height: r.height * 0.35)
  }
}
