import Foundation

/// Which parts of a frame's bitmap go up to the presenter's texture: the plan of
/// `glTexImage2D` / `glTexSubImage2D` calls for one frame.
///
/// The texture keeps the bitmap's rows in order (texture row 0 is the frame's top row) and
/// is flipped when it is drawn, so a damage rectangle in pixels with a top-left origin is
/// uploaded at the same x and y. Each rectangle is standardized, clipped to the frame and
/// expanded to whole pixels; empty, NaN and infinite ones are dropped. More than
/// ``maximumBoxes`` rectangles are merged into their bounding box (each upload call has a
/// fixed cost in the driver, and a scattered damage list is rarely worth it).
///
/// A texture of another size, or none yet, is (re)created and uploaded whole, whatever the
/// damage says; so is a frame whose damage is nil ("everything").
struct GLTextureUpdate: Equatable {
  /// A box of whole pixels, top-left origin.
  struct Box: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    var pixelCount: Int { width * height }
  }

  /// Whether the texture must be (re)allocated at the frame's size first.
  var recreatesTexture: Bool
  /// The boxes to upload, in order.
  var boxes: [Box]

  /// Upload calls at most per frame before the damage is merged into one box.
  static let maximumBoxes = 8

  /// Pixels the plan uploads.
  var pixelCount: Int { boxes.reduce(0) { $0 + $1.pixelCount } }

  /// The plan for a frame of `width × height` pixels with `damage` (nil: all of it), onto
  /// a texture of `textureSize` (nil: none yet).
  static func plan(
    damage: [CGRect]?, width: Int, height: Int, textureSize: (width: Int, height: Int)?
  ) -> GLTextureUpdate {
    let whole = Box(x: 0, y: 0, width: width, height: height)
    guard width > 0, height > 0 else { return GLTextureUpdate(recreatesTexture: false, boxes: []) }
    guard let textureSize, textureSize.width == width, textureSize.height == height else {
      return GLTextureUpdate(recreatesTexture: true, boxes: [whole])
    }
    guard let damage else { return GLTextureUpdate(recreatesTexture: false, boxes: [whole]) }
    let bounds = CGRect(x: 0, y: 0, width: width, height: height)
    var boxes: [Box] = []
    for rect in damage {
      guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite,
        rect.height.isFinite
      else { continue }
      let r = rect.standardized.intersection(bounds).integral
      guard !r.isNull, r.width >= 1, r.height >= 1 else { continue }
      boxes.append(Box(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height)))
    }
    if boxes.count > maximumBoxes {
      let minX = boxes.map(\.x).min()!
      let minY = boxes.map(\.y).min()!
      let maxX = boxes.map { $0.x + $0.width }.max()!
      let maxY = boxes.map { $0.y + $0.height }.max()!
      boxes = [Box(x: minX, y: minY, width: maxX - minX, height: maxY - minY)]
    }
    return GLTextureUpdate(recreatesTexture: false, boxes: boxes)
  }
}
