import Foundation

/// What a frame callback hands back to ``LayerHost``: new pixels, or nothing new.
///
/// Pixels are premultiplied RGBA8 (bytes R, G, B, A, top row first, tightly packed), the
/// layout of `CGImage`. They are drawn 1:1 at the window's top-left corner over black;
/// the window's framebuffer size is in ``FrameInfo``. `damage` lists the rectangles, in
/// pixels with a top-left origin, that changed since the previous frame: only those are
/// uploaded to the GPU texture. `nil` means everything changed. Damage is ignored (the
/// whole image is uploaded) whenever the size differs from the previous frame's.
public enum FrameOutput: Sendable {
  /// Nothing changed: present the previous frame again.
  case unchanged
  /// An image, with the rectangles that changed (nil: all of it).
  case image(CGImage, damage: [CGRect]?)
  /// Raw premultiplied RGBA8 bytes, `width · height · 4` of them, with the damage.
  case pixels([UInt8], width: Int, height: Int, damage: [CGRect]?)
  /// A persistent bitmap drawn in place, with the rectangles that changed: only those are
  /// read, so no frame copies the whole window. An empty damage list uploads nothing.
  case bitmap(FrameBitmap, damage: [CGRect])

  /// A whole new image.
  public static func image(_ image: CGImage) -> FrameOutput { .image(image, damage: nil) }
}
