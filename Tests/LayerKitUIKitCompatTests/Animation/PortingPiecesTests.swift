import LayerKit
import Testing

@testable import LayerKitUIKitCompat

@Suite struct PortingPiecesTests {
  @Test func edgeInsetsInsetARectAsUIGeometryDoes() {
    let r = CGRect(x: 10, y: 20, width: 100, height: 50)
    let insets = UIEdgeInsets(top: 5, left: 10, bottom: 15, right: 20)
    #expect(r.inset(by: insets) == CGRect(x: 20, y: 25, width: 70, height: 30))
    #expect(r.inset(by: .zero) == r)
    // Too large: a negative size, with no clamping, as UIEdgeInsetsInsetRect.
    #expect(r.inset(by: UIEdgeInsets(top: 0, left: 60, bottom: 0, right: 60)).size.width == -20)
  }

  @Test func contentModesAreTheMatchingGravities() {
    let view = UIView()
    #expect(view.contentMode == .scaleToFill)
    view.contentMode = .scaleAspectFit
    #expect(view.layer.contentsGravity == .resizeAspect)
    view.contentMode = .scaleAspectFill
    #expect(view.layer.contentsGravity == .resizeAspectFill)
    // Core Animation's gravity names are y-up: UIKit's top is the bottom gravity.
    view.contentMode = .top
    #expect(view.layer.contentsGravity == .bottom)
    view.contentMode = .bottomRight
    #expect(view.layer.contentsGravity == .topRight)
    #expect(view.contentMode == .bottomRight)
  }

  @Test func anImageViewShowsItsImageOrTheHighlightedOne() throws {
    let plain = UIImage(
      cgImage: try #require(
        CGImage(width: 4, height: 2, straightRGBA: Array(repeating: 255, count: 32))), scale: 2)
    let lit = UIImage(
      cgImage: try #require(CGImage(width: 1, height: 1, straightRGBA: [255, 0, 0, 255])))
    let imageView = UIImageView(image: plain, highlightedImage: lit)
    #expect(imageView.frame.size == CGSize(width: 2, height: 1))
    #expect((imageView.layer.contents as? CGImage) === plain.cgImage)
    #expect(imageView.layer.contentsScale == 2)
    imageView.isHighlighted = true
    #expect((imageView.layer.contents as? CGImage) === lit.cgImage)
    imageView.highlightedImage = nil
    #expect((imageView.layer.contents as? CGImage) === plain.cgImage)
    imageView.contentMode = .center
    #expect(imageView.layer.contentsGravity == .center)
  }
}
