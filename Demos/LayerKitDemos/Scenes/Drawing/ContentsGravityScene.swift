import Foundation
import LayerKit

/// Seed 004's `contentsGravity`: one image in twelve layers, one per gravity, with
/// `isGeometryFlipped` as the seed recommends so `.top` means the top on screen; beside
/// them, a fine zone plate shown about five times smaller than its pixels, once with the
/// `.linear` minification filter (moiré rings) and once with `.trilinear` (mipmapped).
public final class ContentsGravityScene: DemoScene {
  public static let name = "contents-gravity"
  public static let title = "contentsGravity gallery"
  public static let duration = 4.0

  public init() {}

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption: "A 90 × 60 image in 150 × 90 layers. The resize gravities scale it; the others "
        + "place it at its own size, cropped by masksToBounds. Right: a 400-pixel zone plate in "
        + "78-point layers, minificationFilter .linear and .trilinear.")
    let image = DemoImages.landscape(width: 90, height: 60, hue: 0.15)
    let gravities: [CALayerContentsGravity] = [
      .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight,
      .resize, .resizeAspect, .resizeAspectFill,
    ]
    for (i, gravity) in gravities.enumerated() {
      let column = CGFloat(i % 4)
      let row = CGFloat(i / 4)
      let x = 40 + column * 195
      let y = 125 + row * 135
      let layer = CALayer()
      layer.name = gravity.rawValue
      layer.frame = CGRect(x: x, y: y, width: 150, height: 90)
      layer.backgroundColor = DemoStyle.panel
      layer.borderColor = DemoStyle.hairline
      layer.borderWidth = 1
      layer.cornerRadius = 8
      layer.masksToBounds = true
      layer.contents = image
      layer.contentsGravity = gravity
      layer.isGeometryFlipped = true
      canvas.addSublayer(layer)
      canvas.addSublayer(
        DemoStyle.label(
          "." + gravity.rawValue, frame: CGRect(x: x - 10, y: y + 96, width: 170, height: 20),
          size: 13, color: DemoStyle.muted, alignment: .center))
    }
    let plate = Self.zonePlate(size: 400)
    for (i, filter) in [CALayerContentsFilter.linear, .trilinear].enumerated() {
      let y = 125 + CGFloat(i) * 135
      let layer = CALayer()
      layer.name = "zone plate, " + filter.rawValue
      layer.frame = CGRect(x: 820, y: y, width: 78, height: 78)
      layer.contents = plate
      layer.minificationFilter = filter
      canvas.addSublayer(layer)
      canvas.addSublayer(
        DemoStyle.label(
          "." + filter.rawValue, frame: CGRect(x: 804, y: y + 84, width: 110, height: 20), size: 13,
          color: DemoStyle.muted, alignment: .center))
    }
  }

  /// A `size`-pixel zone plate: rings `½ + ½·cos(π·r²/size)` between ink and white
  /// whose frequency rises from the centre to half a cycle per pixel at the edges, so
  /// any minification aliases somewhere unless it filters.
  static func zonePlate(size: Int) -> CGImage {
    var px = [UInt8](repeating: 255, count: size * size * 4)
    let c = Double(size) / 2
    let ink = DemoStyle.ink
    for y in 0..<size {
      for x in 0..<size {
        let dx = Double(x) + 0.5 - c
        let dy = Double(y) + 0.5 - c
        let t = 0.5 + 0.5 * cos(Double.pi * (dx * dx + dy * dy) / Double(size))
        let i = (y * size + x) * 4
        px[i] = UInt8((255 * (t + (1 - t) * Double(ink.red))).rounded())
        px[i + 1] = UInt8((255 * (t + (1 - t) * Double(ink.green))).rounded())
        px[i + 2] = UInt8((255 * (t + (1 - t) * Double(ink.blue))).rounded())
      }
    }
    return CGImage(width: size, height: size, premultipliedRGBA: px)!
  }
}
