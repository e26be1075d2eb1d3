import LayerKit

/// A calibration picture drawn straight into pixels, without the compositor.
///
/// A diagonal indigo-to-teal gradient with a faint checkerboard of 32-point tiles, a row
/// of 75 % colour bars along the bottom sixth, and an orange ball that orbits the centre
/// once every ``period`` seconds. Only the ball moves, so consecutive frames differ
/// inside ``ballBounds(time:pixelWidth:pixelHeight:)`` alone. Pure and deterministic:
/// the same request always gives the same bytes.
public enum TestPattern {
  /// Seconds per orbit of the ball.
  public static let period = 4.0

  /// The catalog entry.
  public static let demo = DemoInfo(
    name: "test-pattern", title: "Test Pattern", duration: period
  ) { request in
    render(request)
  }

  /// Draws the pattern.
  ///
  /// Sizes are clamped to 1…`CGImage.maximumDimension`; a scale that is not a positive
  /// finite number counts as 1, and a non-finite time as 0.
  ///
  /// Sizes are clamped to 1…`CGImage.maximumDimension`; a scale that is not a positive
  /// finite number counts as 1, and a non-finite time as 0.
  ///
  /// - Complexity: O(width · height).
  public static func render(_ request: DemoFrameRequest) -> CGImage {
    let limit = CGImage.maximumDimension
    let width = min(max(1, request.pixelWidth), limit)
    let height = min(max(1, request.pixelHeight), limit)
    let scale = request.scale.isFinite && request.scale > 0 ? min(request.scale, 64) : 1
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    let cell = max(1, Int((32 * scale).rounded()))
    let barsTop = height - height / 6
    let bars: [(UInt8, UInt8, UInt8)] = [
      (191, 191, 191), (191, 191, 0), (0, 191, 191), (0, 191, 0),
      (191, 0, 191), (191, 0, 0), (0, 0, 191),
    ]
    pixels.withUnsafeMutableBufferPointer { p in
      for y in 0..<height {
        for x in 0..<width {
          let i = (y * width + x) * 4
          if y >= barsTop {
            let bar = bars[min(bars.count - 1, x * bars.count / width)]
            p[i] = bar.0
            p[i + 1] = bar.1
            p[i + 2] = bar.2
            continue
          }
          // t runs 0…510 along the diagonal; colours blend in integers.
          let t = x * 255 / width + y * 255 / height
          let lift = ((x / cell + y / cell) & 1) * 10
          p[i] = UInt8((30 * (510 - t) + 20 * t) / 510 + lift)
          p[i + 1] = UInt8((27 * (510 - t) + 110 * t) / 510 + lift)
          p[i + 2] = UInt8((75 * (510 - t) + 120 * t) / 510 + lift)
        }
      }
      let time = request.time.isFinite ? request.time : 0
      drawBall(into: p, width: width, height: height, time: time)
    }
    return CGImage(width: width, height: height, premultipliedRGBA: pixels)!
  }

  /// The ball's centre and radius in pixels at `time`.
  static func ball(time: Double, width: Int, height: Int) -> (x: Double, y: Double, r: Double) {
    let side = Double(min(width, height))
    let angle = 2 * Double.pi * time / period
    let cx = Double(width) / 2
    let cy = Double(height - height / 6) / 2
    return (cx + 0.25 * side * cos(angle), cy + 0.25 * side * sin(angle), 0.08 * side)
  }

  /// The pixels the ball may touch at `time` (whole pixels, one pixel of margin for the
  /// anti-aliased edge).
  public static func ballBounds(time: Double, pixelWidth: Int, pixelHeight: Int) -> CGRect {
    let b = ball(time: time, width: pixelWidth, height: pixelHeight)
    return CGRect(x: b.x - b.r - 1, y: b.y - b.r - 1, width: 2 * b.r + 2, height: 2 * b.r + 2)
      .integral
  }

  private static func drawBall(
    into p: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, time: Double
  ) {
    let b = ball(time: time, width: width, height: height)
    let box = ballBounds(time: time, pixelWidth: width, pixelHeight: height)
      .intersection(CGRect(x: 0, y: 0, width: width, height: height))
    guard !box.isNull, box.width > 0 else { return }
    let color: (Double, Double, Double) = (255, 170, 60)
    for y in Int(box.minY)..<Int(box.maxY) {
      for x in Int(box.minX)..<Int(box.maxX) {
        let dx = Double(x) + 0.5 - b.x
        let dy = Double(y) + 0.5 - b.y
        // Coverage of a one-pixel-wide edge, from the distance to the rim.
        let coverage = min(1, max(0, b.r - (dx * dx + dy * dy).squareRoot() + 0.5))
        guard coverage > 0 else { continue }
        let i = (y * width + x) * 4
        p[i] = UInt8((color.0 * coverage + Double(p[i]) * (1 - coverage)).rounded())
        p[i + 1] = UInt8((color.1 * coverage + Double(p[i + 1]) * (1 - coverage)).rounded())
        p[i + 2] = UInt8((color.2 * coverage + Double(p[i + 2]) * (1 - coverage)).rounded())
      }
    }
  }
}
