import Foundation
import Testing

@testable import LayerKitSDL

/// Which rectangles of a frame go up to the GL presenter's texture.
@Suite struct GLTextureUpdateTests {
  typealias Box = GLTextureUpdate.Box

  static func plan(_ damage: [CGRect]?, texture: (Int, Int)? = (64, 48)) -> GLTextureUpdate {
    GLTextureUpdate.plan(damage: damage, width: 64, height: 48, textureSize: texture)
  }

  @Test func aMissingOrResizedTextureIsMadeAndFilledWhole() {
    let whole = [Box(x: 0, y: 0, width: 64, height: 48)]
    let damage = [CGRect(x: 1, y: 1, width: 2, height: 2)]
    #expect(Self.plan(damage, texture: nil) == .init(recreatesTexture: true, boxes: whole))
    #expect(Self.plan(damage, texture: (64, 47)) == .init(recreatesTexture: true, boxes: whole))
    #expect(Self.plan(nil) == .init(recreatesTexture: false, boxes: whole))
    #expect(Self.plan(nil).pixelCount == 64 * 48)
  }

  @Test func damageIsClippedAndWidenedToWholePixels() {
    let plan = Self.plan([
      CGRect(x: 10.5, y: 2.2, width: 3, height: 4),  // → x 10…14, y 2…7
      CGRect(x: -5, y: -5, width: 10, height: 10),  // → the 5×5 corner
      CGRect(x: 20, y: 10, width: -10, height: 5),  // standardized: x 10…20
      CGRect(x: 60, y: 40, width: 100, height: 100),  // → to the frame's edge
    ])
    #expect(!plan.recreatesTexture)
    #expect(
      plan.boxes == [
        Box(x: 10, y: 2, width: 4, height: 5), Box(x: 0, y: 0, width: 5, height: 5),
        Box(x: 10, y: 10, width: 10, height: 5), Box(x: 60, y: 40, width: 4, height: 8),
      ])
    #expect(plan.pixelCount == 20 + 25 + 50 + 32)
  }

  @Test func emptyOutsideAndNonFiniteRectanglesUploadNothing() {
    let plan = Self.plan([
      .zero, CGRect(x: 3, y: 3, width: 0, height: 9), CGRect(x: 100, y: 0, width: 5, height: 5),
      CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5),
      CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1),
      .null,
    ])
    #expect(plan == .init(recreatesTexture: false, boxes: []))
    #expect(Self.plan([]).boxes.isEmpty)
  }

  @Test func manyRectanglesMergeIntoTheirBoundingBox() {
    // Nine 1×1 rectangles on a diagonal, more than `maximumBoxes`: one box 2…11 by 3…12.
    let damage = (0..<9).map { CGRect(x: 2 + $0, y: 3 + $0, width: 1, height: 1) }
    #expect(Self.plan(damage).boxes == [Box(x: 2, y: 3, width: 9, height: 9)])
    // Eight stay as they are.
    #expect(Self.plan(Array(damage.prefix(8))).boxes.count == 8)
  }

  @Test func anEmptyFrameUploadsNothing() {
    let plan = GLTextureUpdate.plan(damage: nil, width: 0, height: 10, textureSize: nil)
    #expect(plan == .init(recreatesTexture: false, boxes: []))
  }

  @Test(
    arguments: [
      ("4.5 (Compatibility Profile) Mesa 23.2.1", 4), ("3.0 Mesa 22", 3),
      ("OpenGL ES 3.2 Mesa 23", 3), ("2.1 Mesa", 2), ("", nil), ("garbage", nil),
    ] as [(String, Int?)])
  func glVersionsParse(version: String, major: Int?) {
    #expect(GLFunctions.majorVersion(version) == major)
  }
}
