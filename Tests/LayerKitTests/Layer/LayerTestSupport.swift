import Foundation

@testable import LayerKit

/// Whether two boxed property values are equal, numbers and geometry within `tolerance`.
func valuesMatch(_ a: Any?, _ b: Any?, tolerance: Double = 1e-9) -> Bool {
  func near(_ x: Double, _ y: Double) -> Bool { x == y || abs(x - y) <= tolerance }
  switch (a, b) {
  case (nil, nil): return true
  case (let x as CGFloat, let y as CGFloat): return near(x, y)
  case (let x as Float, let y as Float): return near(Double(x), Double(y))
  case (let x as Double, let y as Double): return near(x, y)
  case (let x as CGPoint, let y as CGPoint): return near(x.x, y.x) && near(x.y, y.y)
  case (let x as CGSize, let y as CGSize): return near(x.width, y.width) && near(x.height, y.height)
  case (let x as CGRect, let y as CGRect):
    return valuesMatch(x.origin, y.origin, tolerance: tolerance)
      && valuesMatch(x.size, y.size, tolerance: tolerance)
  case (let x as CATransform3D, let y as CATransform3D):
    return zip(x.entries, y.entries).allSatisfy { near($0, $1) }
  case (let x?, let y?):
    guard let hx = x as? AnyHashable, let hy = y as? AnyHashable else { return false }
    return hx == hy
  default: return false
  }
}

/// Whether two points are within `tolerance` of each other on both axes.
func pointsMatch(_ a: CGPoint, _ b: CGPoint, tolerance: Double = 1e-9) -> Bool {
  abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// Whether two rectangles are within `tolerance` of each other in every field.
func rectsMatch(_ a: CGRect, _ b: CGRect, tolerance: Double = 1e-9) -> Bool {
  valuesMatch(a, b, tolerance: tolerance)
}

/// A layer with the given frame (identity transform, default anchor point).
func makeLayer(_ frame: CGRect, name: String? = nil) -> CALayer {
  let layer = CALayer()
  layer.frame = frame
  layer.name = name
  return layer
}

/// A one-pixel opaque black image.
func onePixelImage() -> CGImage {
  CGImage(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 255])!
}

/// Records the order in which layers are laid out and displayed.
final class RecordingDelegate: CALayerDelegate {
  var laidOut: [String] = []
  var displayed: [String] = []
  var onLayout: ((CALayer) -> Void)?

  func layoutSublayers(of layer: CALayer) {
    laidOut.append(layer.name ?? "?")
    onLayout?(layer)
  }

  func display(_ layer: CALayer) {
    displayed.append(layer.name ?? "?")
  }
}
