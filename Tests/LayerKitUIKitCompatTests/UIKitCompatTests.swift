import Foundation
import LayerKit
import Testing

@testable import LayerKitUIKitCompat

@Suite struct UIColorTests {
  @Test func fixedAndSystemColoursHaveUIKitsValues() {
    #expect(UIColor.red.cgColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
    #expect(UIColor.clear.cgColor.alpha == 0)
    #expect(UIColor.systemBlue.cgColor == CGColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1))
    #expect(
      UIColor.systemRed.cgColor == CGColor(red: 1, green: 59.0 / 255, blue: 48.0 / 255, alpha: 1))
    #expect(
      UIColor.systemGray6
        == UIColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255, alpha: 1))
    #expect(UIColor(white: 0.5, alpha: 1) == UIColor.gray)
  }

  @Test(arguments: [
    (0.0, (1.0, 0.0, 0.0)), (1.0 / 3, (0.0, 1.0, 0.0)), (2.0 / 3, (0.0, 0.0, 1.0)),
    (1.0 / 6, (1.0, 1.0, 0.0)), (1.0, (1.0, 0.0, 0.0)),
  ])
  func hueSaturationBrightness(hue: Double, rgb: (Double, Double, Double)) {
    let c = UIColor(hue: hue, saturation: 1, brightness: 1, alpha: 1).cgColor
    #expect(abs(c.red - rgb.0) < 1e-9 && abs(c.green - rgb.1) < 1e-9 && abs(c.blue - rgb.2) < 1e-9)
  }

  @Test func alphaAndComponents() {
    let c = UIColor.systemGreen.withAlphaComponent(0.25)
    var r: CGFloat = 0
    var a: CGFloat = 0
    #expect(c.getRed(&r, green: nil, blue: nil, alpha: &a))
    #expect(r == 52.0 / 255 && a == 0.25)
  }
}

@Suite struct UIBezierPathTests {
  @Test func shapesHaveUIKitsGeometry() {
    #expect(
      UIBezierPath(rect: CGRect(x: 1, y: 2, width: 30, height: 40)).bounds
        == CGRect(x: 1, y: 2, width: 30, height: 40))
    let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 10))
    #expect(oval.contains(CGPoint(x: 10, y: 5)) && !oval.contains(CGPoint(x: 1, y: 1)))
    let rounded = UIBezierPath(
      roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), cornerRadius: 20)
    #expect(!rounded.contains(CGPoint(x: 2, y: 2)) && rounded.contains(CGPoint(x: 50, y: 2)))
  }

  @Test func onlyTheChosenCornersAreRounded() {
    let path = UIBezierPath(
      roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60),
      byRoundingCorners: [.topLeft, .bottomRight],
      cornerRadii: CGSize(width: 20, height: 20))
    #expect(!path.contains(CGPoint(x: 1, y: 1)))  // top left: rounded
    #expect(path.contains(CGPoint(x: 99, y: 1)))  // top right: square
    #expect(path.contains(CGPoint(x: 1, y: 59)))  // bottom left: square
    #expect(!path.contains(CGPoint(x: 99, y: 59)))  // bottom right: rounded
    #expect(path.contains(CGPoint(x: 10, y: 10)))
  }

  @Test func clockwiseMeansClockwiseOnScreen() {
    // Clockwise on a y-down screen from 0 to π/2 is the short quarter through +x, +y.
    let short = UIBezierPath(
      arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
    #expect(abs(short.currentPoint.x) < 1e-9 && abs(short.currentPoint.y - 10) < 1e-9)
    #expect(short.bounds.minX > -1e-9 && short.bounds.minY > -1e-9)
    let long = UIBezierPath(
      arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    #expect(long.bounds.minX < -9 && long.bounds.minY < -9)
  }

  @Test func elementsTransformsAndCGPath() {
    let path = UIBezierPath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addLine(to: CGPoint(x: 10, y: 0))
    path.addQuadCurve(to: CGPoint(x: 10, y: 10), controlPoint: CGPoint(x: 15, y: 5))
    path.addCurve(
      to: CGPoint(x: 0, y: 10), controlPoint1: CGPoint(x: 8, y: 12),
      controlPoint2: CGPoint(x: 2, y: 12))
    path.close()
    #expect(path.cgPath.elements.count == 5)
    path.apply(CGAffineTransform(translationX: 5, y: 7))
    #expect(path.bounds.minX == 5 && path.bounds.minY == 7)
    let copy = UIBezierPath(cgPath: path.cgPath)
    #expect(copy.cgPath == path.cgPath)
  }
}

/// A layer drawing the UIKit way: `UIGraphicsGetCurrentContext()` and UIBezierPath.
private final class UIKitStyleLayer: CALayer {
  var sawContext = false
  override func draw(in ctx: CGContext) {
    sawContext = UIGraphicsGetCurrentContext() === ctx
    UIColor.red.setFill()
    UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20)).fill()
    UIColor.blue.setStroke()
    let line = UIBezierPath()
    line.move(to: CGPoint(x: 10, y: 15))
    line.addLine(to: CGPoint(x: 20, y: 15))
    line.lineWidth = 4
    line.stroke()
  }
}

@Suite struct UIGraphicsTests {
  @Test func aLayersDrawFindsItsContextAndNothingIsCurrentOutside() throws {
    #expect(UIGraphicsGetCurrentContext() == nil)
    let context = CAContext(clock: CAManualClock())
    let layer = UIKitStyleLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
    context.layer = layer
    layer.setNeedsDisplay()
    context.commit()
    let image = CARenderer(context: context).render(width: 20, height: 20, scale: 1)
    #expect(layer.sawContext)
    #expect(UIGraphicsGetCurrentContext() == nil)
    #expect(image.pixel(x: 5, y: 5) == (255, 0, 0, 255))  // filled
    #expect(image.pixel(x: 15, y: 15) == (0, 0, 255, 255))  // stroked, 4 points wide
    #expect(image.pixel(x: 15, y: 5).a == 0)
  }

  @Test func imageRendererAndImageContextsDrawAtTheirScale() throws {
    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 4))
    let image = renderer.image { context in
      UIColor.systemBlue.setFill()
      context.cgContext.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
    }
    #expect(image.size == CGSize(width: 8, height: 4) && image.scale == UIScreen.main.scale)
    let cg = try #require(image.cgImage)
    #expect(cg.pixel(x: 1, y: 1) == (0, 122, 255, 255) && cg.pixel(x: 6, y: 1).a == 0)

    UIGraphicsBeginImageContextWithOptions(CGSize(width: 3, height: 2), false, 2)
    UIColor.red.setFill()
    UIBezierPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1)).fill()
    let doubled = try #require(UIGraphicsGetImageFromCurrentImageContext())
    UIGraphicsEndImageContext()
    #expect(UIGraphicsGetCurrentContext() == nil)
    let pixels = try #require(doubled.cgImage)
    #expect(pixels.width == 6 && doubled.size == CGSize(width: 3, height: 2))
    #expect(pixels.pixel(x: 1, y: 1) == (255, 0, 0, 255))
  }
}

@Suite struct UIImageTests {
  @Test func namedImagesAreFoundWithTheirScaleAndCGImage() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("uiimage-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let picture = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 2)).image { _ in
      UIColor.green.setFill()
      UIBezierPath(rect: CGRect(x: 0, y: 0, width: 4, height: 2)).fill()
    }
    try #require(picture.pngData()).write(to: dir.appendingPathComponent("sample.png"))
    try #require(picture.pngData()).write(to: dir.appendingPathComponent("badge@2x.png"))
    let saved = UIImage.searchDirectories
    UIImage.searchDirectories = [dir]
    defer { UIImage.searchDirectories = saved }

    let sample = try #require(UIImage(named: "sample"))
    let pixels = try #require(sample.cgImage)
    #expect(pixels.width == 4 && sample.scale == 1)
    #expect(pixels.pixel(x: 0, y: 0) == (0, 255, 0, 255))
    #expect(UIImage(named: "sample.png") != nil)
    #expect(UIImage(named: "missing") == nil)
    let badge = try #require(
      UIImage(contentsOfFile: dir.appendingPathComponent("badge@2x.png").path))
    #expect(badge.scale == 2 && badge.size == CGSize(width: 2, height: 1))
    #expect(UIImage(data: Data("not an image".utf8)) == nil)
  }
}

/// A view drawing the UIKit way, on a custom layer class.
private final class RedDotView: UIView {
  final class DotLayer: CALayer {}
  override class var layerClass: AnyClass { DotLayer.self }
  override func draw(_ rect: CGRect) {
    UIColor.red.setFill()
    UIBezierPath(ovalIn: rect.insetBy(dx: 2, dy: 2)).fill()
  }
}

@Suite struct UIViewTests {
  @Test func theViewIsItsLayer() {
    let view = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
    #expect(view.layer.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
    view.backgroundColor = .blue
    #expect(view.layer.backgroundColor == UIColor.blue.cgColor)
    view.layer.backgroundColor = UIColor.yellow.cgColor
    #expect(view.backgroundColor == UIColor.yellow)
    view.alpha = 0.25
    #expect(view.layer.opacity == 0.25)
    view.clipsToBounds = true
    #expect(view.layer.masksToBounds)
    view.center = CGPoint(x: 100, y: 100)
    #expect(view.frame.origin == CGPoint(x: 85, y: 80))
    let child = UIView()
    view.addSubview(child)
    #expect(child.superview === view && view.layer.sublayers?.first === child.layer)
    child.removeFromSuperview()
    #expect(view.subviews.isEmpty && view.layer.sublayers?.isEmpty != false)
  }

  @Test func drawFillsTheLayerAndLayerClassPicksItsType() throws {
    let context = CAContext(clock: CAManualClock())
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
    context.layer = root
    context.commit()
    let view = RedDotView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    #expect(view.layer is RedDotView.DotLayer)
    root.addSublayer(view.layer)
    view.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
    // A view's own layer does not animate implicitly, as in UIKit.
    #expect(view.layer.animationKeys()?.isEmpty != false)
    context.advance(by: 0.1)
    let image = CARenderer(context: context).render(width: 20, height: 20, scale: 1)
    #expect(image.pixel(x: 10, y: 10) == (255, 0, 0, 255))
    #expect(image.pixel(x: 0, y: 0).a == 0)
  }
}
