import Foundation

/// What `CGContext.fillPath(using:paint:)` and `strokePath(paint:)` paint a path's coverage
/// with, instead of the fill or stroke colour.
package enum PathPaint {
  /// A gradient ramp placed in user space.
  case ramp(RampShader)
  /// The pixels of a bitmap lying on the context's pixel grid: premultiplied RGBA8,
  /// `width` × `height` with rows packed (`width` may be the row length of a larger
  /// bitmap whose left part is meant), its pixel (0, 0) on the context's bitmap pixel
  /// (`x`, `y`). Sampled without resampling (an offscreen composited through a path's
  /// coverage in one pass); pixels covered outside it take its nearest edge pixel, so the
  /// clip should stay inside it. The memory must stay valid while the path is drawn.
  case pixels(UnsafePointer<UInt32>, width: Int, height: Int, x: Int, y: Int)
}
