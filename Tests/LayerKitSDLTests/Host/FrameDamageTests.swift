import Foundation
import Testing

@testable import LayerKitSDL

@Suite struct FrameDamageTests {
  static func image(_ width: Int, _ height: Int, marks: [(x: Int, y: Int)] = []) -> CGImage {
    var bytes = [UInt8](repeating: 255, count: width * height * 4)
    for m in marks { bytes[(m.y * width + m.x) * 4] = 0 }
    return CGImage(width: width, height: height, premultipliedRGBA: bytes)!
  }

  @Test func noPreviousFrameOrANewSizeMeansEverything() {
    #expect(FrameDamage.changedRects(from: nil, to: Self.image(4, 4)) == nil)
    #expect(FrameDamage.changedRects(from: Self.image(4, 3), to: Self.image(4, 4)) == nil)
  }

  @Test func identicalFramesHaveNoDamage() {
    #expect(FrameDamage.changedRects(from: Self.image(5, 5), to: Self.image(5, 5)) == [])
  }

  @Test(arguments: [
    ([(x: 3, y: 2)], CGRect(x: 3, y: 2, width: 1, height: 1)),
    ([(x: 3, y: 2), (x: 7, y: 5)], CGRect(x: 3, y: 2, width: 5, height: 4)),
    ([(x: 9, y: 0), (x: 0, y: 7)], CGRect(x: 0, y: 0, width: 10, height: 8)),
    ([(x: 6, y: 1), (x: 2, y: 1), (x: 4, y: 6)], CGRect(x: 2, y: 1, width: 5, height: 6)),
  ])
  func damageSpansEveryChangedPixel(marks: [(x: Int, y: Int)], expected: CGRect) {
    let damage = FrameDamage.changedRects(
      from: Self.image(10, 8), to: Self.image(10, 8, marks: marks))
    #expect(damage == [expected])
  }
}
