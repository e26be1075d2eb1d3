import Foundation
import Testing

@testable import LayerKit

/// Values far beyond any screen: each case once trapped converting to `Int` or asked
/// for unbounded memory, so each runs in its own process.
@Suite struct HugeInputTests {
  @Test func shadowRadiusOf1e300DrawsTheLayerWithoutItsShadow() async {
    await #expect(processExitsWith: .success) {
      let (context, root) = BadInput.scene()
      let l = BadInput.box(CGRect(x: 16, y: 16, width: 32, height: 32))
      l.shadowOpacity = 1
      l.shadowRadius = 1e300
      root.addSublayer(l)
      let image = BadInput.render(context)
      precondition(image.pixel(x: 32, y: 32) == (0, 0, 255, 255))
      l.cornerRadius = 4  // the cached-mask (path-shaped) shadow too
      _ = BadInput.render(context)
    }
  }

  @Test func shadowOffsetOf1e300MovesTheShadowOffScreen() async {
    await #expect(processExitsWith: .success) {
      let (context, root) = BadInput.scene()
      let l = BadInput.box(CGRect(x: 16, y: 16, width: 32, height: 32))
      l.shadowOpacity = 1
      l.shadowOffset = CGSize(width: 1e300, height: 1e300)
      let holder = CALayer()
      holder.opacity = 0.5  // a group: the drawn-extent code places the shadow too
      holder.addSublayer(l)
      root.addSublayer(holder)
      let image = BadInput.render(context)
      precondition(image.pixel(x: 4, y: 4) == (255, 255, 255, 255))
      l.shadowPath = CGPath(rect: l.bounds, transform: nil)
      _ = BadInput.render(context)
    }
  }

  @Test func aLongThinDrawnLayerGetsABoundedBackingStore() async {
    await #expect(processExitsWith: .success) {
      let (context, root) = BadInput.scene()
      let delegate = FillingDelegate()
      let l = CALayer()
      l.frame = CGRect(x: 0, y: 10, width: 1e31, height: 1)
      l.delegate = delegate
      l.setNeedsDisplay()
      root.addSublayer(l)
      let image = BadInput.render(context)
      let size = delegate.drawnSizes.first!
      precondition(
        size.width <= CGFloat(DisplayStage.maximumBackingStoreSide) && size.height >= 1)
      precondition(image.pixel(x: 5, y: 10).r == 255)
      withExtendedLifetime(delegate) {}
    }
  }

  @Test func aBillionReplicatorInstancesAreCappedWithADiagnostic() async {
    await #expect(processExitsWith: .success) {
      let (context, root) = BadInput.scene()
      let r = CAReplicatorLayer()
      r.frame = root.bounds
      r.instanceCount = 1_000_000_000
      r.instanceTransform = CATransform3DMakeTranslation(1, 0, 0)
      r.addSublayer(BadInput.box(CGRect(x: 0, y: 0, width: 1, height: 1)))
      root.addSublayer(r)
      CADiagnostics.drain()
      let image = BadInput.render(context)
      precondition(image.pixel(x: 63, y: 0) == (0, 0, 255, 255))
      precondition(CADiagnostics.drain().contains { $0.key == "instanceCount" })
    }
  }

  @Test func aDashPatternOf1e9OnAHugeLineDashesOnlyWhatShows() async {
    await #expect(processExitsWith: .success) {
      let (context, root) = BadInput.scene()
      let shape = CAShapeLayer()
      let path = CGMutablePath()
      path.move(to: CGPoint(x: -1e6, y: 32))
      path.addLine(to: CGPoint(x: 1e6, y: 32))
      shape.path = path
      shape.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
      shape.lineWidth = 4
      shape.lineDashPattern = [4, 4]
      root.addSublayer(shape)
      let image = BadInput.render(context)
      // 4 on, 4 off from x = −1e6: x = 0…4 is on, 4…8 off.
      precondition(image.pixel(x: 2, y: 32).r < 50 && image.pixel(x: 6, y: 32).r == 255)
      CATransaction.begin()
      CATransaction.setDisableActions(true)
      shape.lineDashPattern = [1e-9, 1e-9]
      CATransaction.commit()
      let solid = BadInput.render(context)
      precondition(solid.pixel(x: 6, y: 32).r < 50)
    }
  }
}
