import Foundation
import LayerKit

/// Scenes, renders and pixel reads shared by the test targets: colours, a test image,
/// root and box layers, a held animation, rendering a tree, reading a pixel.
public enum RenderFixtures {
  public static let red = CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1)
  public static let green = CGColor(red: 0.2, green: 0.75, blue: 0.3, alpha: 1)
  public static let blue = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
  public static let yellow = CGColor(red: 0.95, green: 0.8, blue: 0.2, alpha: 1)
  public static let paper = CGColor(red: 0.96, green: 0.96, blue: 0.94, alpha: 1)
  public static let ink = CGColor(red: 0.15, green: 0.15, blue: 0.2, alpha: 1)

  /// A 16 × 12 test image: four coloured quadrants and a dark one-pixel frame, so its
  /// orientation, scaling and filtering show.
  public static let quadrants: CGImage = {
    let w = 16
    let h = 12
    var px = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      for x in 0..<w {
        let c: CGColor
        if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
          c = ink
        } else if y < h / 2 {
          c = x < w / 2 ? red : green
        } else {
          c = x < w / 2 ? blue : yellow
        }
        let i = (y * w + x) * 4
        px[i] = UInt8(c.red * 255 + 0.5)
        px[i + 1] = UInt8(c.green * 255 + 0.5)
        px[i + 2] = UInt8(c.blue * 255 + 0.5)
        px[i + 3] = 255
      }
    }
    return CGImage(width: w, height: h, premultipliedRGBA: px)!
  }()

  /// A root layer of `size` points with a light background.
  public static func root(_ w: CGFloat, _ h: CGFloat) -> CALayer {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
    root.position = CGPoint(x: w / 2, y: h / 2)
    root.backgroundColor = paper
    return root
  }

  /// A layer with `frame` and a background colour.
  public static func box(_ frame: CGRect, _ color: CGColor?) -> CALayer {
    let l = CALayer()
    l.frame = frame
    l.backgroundColor = color
    return l
  }

  /// A linear 1-second animation of `keyPath` from `from` to `to` that stays applied
  /// (filled both ways, not removed on completion).
  public static func held(_ keyPath: String, from: CGFloat, to: CGFloat) -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: keyPath)
    a.fromValue = from
    a.toValue = to
    a.duration = 1
    a.timingFunction = CAMediaTimingFunction(name: .linear)
    a.fillMode = .both
    a.isRemovedOnCompletion = false
    return a
  }

  /// Renders `root`'s model tree at `scale`.
  public static func render(_ root: CALayer, scale: CGFloat = 1) -> CGImage {
    let w = Int((root.bounds.width * scale).rounded(.up))
    let h = Int((root.bounds.height * scale).rounded(.up))
    return CARenderer(layer: root).render(width: w, height: h, scale: scale)
  }

  /// The straight-alpha colour of pixel (x, y), 0…255 per channel.
  public static func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> (
    r: Int, g: Int, b: Int, a: Int
  ) {
    let p = image.pixel(x: x, y: y)
    return (Int(p.r), Int(p.g), Int(p.b), Int(p.a))
  }

  /// The premultiplied bytes of pixel (x, y): red, green, blue, alpha.
  public static func bytes(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
    let p = image.pixel(x: x, y: y)
    return [p.r, p.g, p.b, p.a]
  }

  /// Whether pixel (x, y) is within `tolerance` of `c` (premultiplied bytes).
  public static func isColor(
    _ image: CGImage, _ x: Int, _ y: Int, _ c: CGColor, tolerance: Int = 2
  )
    -> Bool
  {
    let p = pixel(image, x, y)
    let k = c.alpha
    let e = (
      Int(c.red * k * 255 + 0.5), Int(c.green * k * 255 + 0.5), Int(c.blue * k * 255 + 0.5),
      Int(k * 255 + 0.5)
    )
    return abs(p.r - e.0) <= tolerance && abs(p.g - e.1) <= tolerance && abs(p.b - e.2) <= tolerance
      && abs(p.a - e.3) <= tolerance
  }
}
