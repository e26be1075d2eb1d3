import Foundation
import Testing

@testable import LayerKit

/// Contents at a fractional place and scale give the same bytes whether they are
/// resampled onto the frame, copied from a kept resampling, or drawn in two bands by two
/// compositors cut at any row: the bytes of a frame never depend on its history or on
/// where the bands fall.
extension KeptContentsTests {
  /// A 40 × 28 gradient image centred in a grey layer, the whole drawn at a third of its
  /// size, so both its edges and its samples fall between pixels.
  static func centredThumbnail() -> CALayer {
    let root = F.root(360, 210)
    let tile = F.box(CGRect(x: 70, y: 40, width: 190, height: 133), F.paper)
    tile.contentsGravity = .center
    let source = CGContext(width: 40, height: 28)!
    for y in 0..<28 {
      for x in 0..<40 {
        source.setFillColor(
          CGColor(red: CGFloat(x) / 40, green: CGFloat(y) / 28, blue: 0.5, alpha: 1))
        source.fill(CGRect(x: x, y: y, width: 1, height: 1))
      }
    }
    tile.contents = source.makeImage()
    root.addSublayer(tile)
    return root
  }

  /// Composites `tree` over `rows` of a 120 × 70 frame with `compositor`, as a band does.
  static func composite(
    _ tree: RenderTree, rows: Range<Int>, into frame: CGContext, with compositor: LayerCompositor
  ) {
    let whole = PixelRect(x0: 0, y0: 0, x1: frame.width, y1: frame.height)
    let band = PixelRect(x0: 0, y0: rows.lowerBound, x1: frame.width, y1: rows.upperBound)
    let surface = RenderSurface(wrapping: frame)
    surface.pendingClear = band
    surface.edgeRows = 0..<frame.height
    compositor.render(tree, into: surface, clip: band, scale: 1.0 / 3, limit: whole)
    surface.flushPendingClear()
  }

  @Test func keptAndResampledContentsGiveTheSameBytesInBandsCutAtAnyRow() throws {
    let renderer = CARenderer(layer: Self.centredThumbnail())
    let tree = try #require(renderer.makeRenderTree())
    let whole = try #require(CGContext(width: 120, height: 70))
    Self.composite(tree, rows: 0..<70, into: whole, with: LayerCompositor())
    var differing: [Int] = []
    for cut in 1..<70 {
      // One compositor for both bands: the second band copies the first band's request,
      // kept. Two compositors: each resamples.
      for shared in [true, false] {
        let banded = try #require(CGContext(width: 120, height: 70))
        let first = LayerCompositor()
        Self.composite(tree, rows: 0..<cut, into: banded, with: first)
        Self.composite(tree, rows: cut..<70, into: banded, with: shared ? first : LayerCompositor())
        if memcmp(whole.data!, banded.data!, 120 * 70 * 4) != 0 { differing.append(cut) }
      }
    }
    #expect(differing.isEmpty, "bands cut at rows \(differing) differ from the whole frame")
  }
}
