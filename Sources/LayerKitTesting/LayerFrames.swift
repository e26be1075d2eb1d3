import Foundation
import LayerKit

/// Renders `layer` as the root of a fresh context at each of `times`, in seconds from the
/// first commit.
///
/// The layer becomes the root layer of a new `CAContext` on a `CAManualClock` at 0, which
/// commits (so animations added with `beginTime == 0` start at 0); the clock then moves
/// forward to each time in turn and the frame there is rendered. Times must not decrease,
/// because removed-on-completion animations are gone once passed.
///
/// ```swift
/// let layer = CALayer()
/// layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
/// layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
/// let fade = CABasicAnimation(keyPath: "opacity")
/// fade.fromValue = 1
/// fade.toValue = 0
/// layer.add(fade, forKey: "fade")
/// let frames = renderFrames(of: layer, at: [0, 0.125, 0.25])
/// ```
///
/// - Parameters:
///   - layer: the root layer; it is drawn at its frame, so give it an origin of zero to
///     fill the image.
///   - times: the frame times in seconds, non-decreasing and not negative.
///   - size: the image size in points; the layer's bounds size when nil.
///   - scale: pixels per point (1 by default).
/// - Returns: one image per time, `size · scale` pixels (rounded up, at least 1).
public func renderFrames(
  of layer: CALayer, at times: [CFTimeInterval], size: CGSize? = nil, scale: CGFloat = 1
) -> [CGImage] {
  let clock = CAManualClock()
  let context = CAContext(clock: clock)
  context.layer = layer
  context.commit()
  let points = size ?? layer.bounds.size
  return renderFrames(
    of: context, at: times, width: pixels(points.width, scale),
    height: pixels(points.height, scale), scale: scale)
}

/// Renders `context`'s tree at each of `times` on its clock.
///
/// Before each frame the context commits what is pending and its `CAManualClock` moves
/// forward to the time (a time already passed renders the current time again). A context
/// on another clock renders at the clock's own time.
///
/// - Parameters:
///   - context: the context to step; its clock should be a `CAManualClock`.
///   - times: clock times in seconds, non-decreasing.
///   - width: the image width in pixels.
///   - height: the image height in pixels.
///   - scale: pixels per point.
public func renderFrames(
  of context: CAContext, at times: [CFTimeInterval], width: Int, height: Int,
  scale: CGFloat = 1
) -> [CGImage] {
  let renderer = CARenderer(context: context)
  return times.map { time in
    context.advance(by: max(0, time - context.time))
    return renderer.render(width: width, height: height, scale: scale)
  }
}

/// The frames side by side, left to right, in one image (the first frame's height; each
/// frame at its own width).
///
/// - Returns: nil for no frames.
public func frameStrip(_ frames: [CGImage]) -> CGImage? {
  guard let height = frames.map(\.height).max() else { return nil }
  let width = frames.reduce(0) { $0 + $1.width }
  var pixels = [UInt8](repeating: 0, count: width * height * 4)
  var x0 = 0
  for frame in frames {
    for y in 0..<frame.height {
      let source = y * frame.width * 4
      let target = (y * width + x0) * 4
      pixels.replaceSubrange(
        target..<(target + frame.width * 4), with: frame.pixels[source..<(source + frame.width * 4)]
      )
    }
    x0 += frame.width
  }
  return CGImage(width: width, height: height, premultipliedRGBA: pixels)
}

private func pixels(_ points: CGFloat, _ scale: CGFloat) -> Int {
  let value = (points * scale).rounded(.up)
  guard value.isFinite, value >= 1 else { return 1 }
  return Int(min(value, CGFloat(CGImage.maximumDimension)))
}
