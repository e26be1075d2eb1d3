import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// `CAScrollLayer`, `CALayer.scroll(_:)`, `scrollRectToVisible(_:)` and `visibleRect`.
@Suite struct CAScrollLayerTests {
  typealias F = RenderFixtures

  /// A 100 × 80 scroll layer over a 400 × 300 content layer at its origin.
  static func scene() -> (CAScrollLayer, CALayer) {
    let scroll = CAScrollLayer()
    scroll.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
    let content = F.box(CGRect(x: 0, y: 0, width: 400, height: 300), F.yellow)
    scroll.addSublayer(content)
    return (scroll, content)
  }

  @Test func clipsByDefaultAndScrollsTheBoundsOrigin() {
    let (scroll, _) = Self.scene()
    #expect(scroll.masksToBounds)
    #expect(scroll.scrollMode == .both)
    scroll.scroll(to: CGPoint(x: 30, y: 40))
    #expect(scroll.bounds == CGRect(x: 30, y: 40, width: 100, height: 80))
  }

  @Test(arguments: [
    (CAScrollLayerScrollMode.none, CGPoint.zero), (.horizontally, CGPoint(x: 30, y: 0)),
    (.vertically, CGPoint(x: 0, y: 40)), (.both, CGPoint(x: 30, y: 40)),
  ])
  func scrollModeLimitsTheDirections(mode: CAScrollLayerScrollMode, origin: CGPoint) {
    let (scroll, _) = Self.scene()
    scroll.scrollMode = mode
    scroll.scroll(to: CGPoint(x: 30, y: 40))
    #expect(scroll.bounds.origin == origin)
  }

  @Test func scrollingToARectMovesTheLeast() {
    let (scroll, _) = Self.scene()
    scroll.scroll(to: CGRect(x: 10, y: 10, width: 20, height: 20))  // already visible
    #expect(scroll.bounds.origin == .zero)
    scroll.scroll(to: CGRect(x: 150, y: 100, width: 20, height: 20))  // right and below
    #expect(scroll.bounds.origin == CGPoint(x: 70, y: 40))
    scroll.scroll(to: CGRect(x: 5, y: 60, width: 10, height: 10))  // left: to its edge
    #expect(scroll.bounds.origin == CGPoint(x: 5, y: 40))
  }

  @Test func sublayersScrollTheirAncestorAndSeeTheirVisibleRect() {
    let (scroll, content) = Self.scene()
    let item = F.box(CGRect(x: 200, y: 150, width: 50, height: 50), F.red)
    content.addSublayer(item)
    #expect(item.visibleRect.isEmpty)
    item.scrollRectToVisible(item.bounds)
    #expect(scroll.bounds.origin == CGPoint(x: 150, y: 120))
    #expect(item.visibleRect == CGRect(x: 0, y: 0, width: 50, height: 50))
    content.scroll(CGPoint(x: 10, y: 20))
    #expect(scroll.bounds.origin == CGPoint(x: 10, y: 20))
    #expect(content.visibleRect == CGRect(x: 10, y: 20, width: 100, height: 80))
    let loose = CALayer()
    loose.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
    loose.scroll(CGPoint(x: 1, y: 1))  // no scroll layer: nothing happens
    #expect(loose.visibleRect == loose.bounds)
  }

  @Test func scrolledPixelsShowTheScrolledContent() {
    let (scroll, content) = Self.scene()
    content.addSublayer(F.box(CGRect(x: 200, y: 150, width: 50, height: 50), F.red))
    let root = F.box(CGRect(x: 0, y: 0, width: 100, height: 80), nil)
    root.addSublayer(scroll)
    scroll.scroll(to: CGPoint(x: 180, y: 140))
    let image = F.render(root)
    #expect(F.pixel(image, 30, 20) == (230, 51, 51, 255))  // the red box at (200, 150)
    #expect(F.pixel(image, 5, 5) == (242, 204, 51, 255))
  }

  @Test func nonFiniteInputIsIgnored() {
    CADiagnostics.drain()
    let (scroll, _) = Self.scene()
    scroll.scroll(to: CGPoint(x: CGFloat.nan, y: 1))
    scroll.scroll(to: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
    #expect(scroll.bounds.origin == .zero)
    #expect(CADiagnostics.drain().filter { $0.key == "scroll(to:)" }.count == 2)
  }
}
