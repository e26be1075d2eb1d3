import Foundation
import LayerKit
import Testing

@testable import LayerKitLottie

/// An opaque stroke listed right above an opaque fill of the same geometry is drawn by the
/// fill's shape layer, which strokes over its fill as the stroke's own layer would.
@Suite struct LottieFillStrokeTests {
  /// A 40 × 40 square at (50, 50) with the paints `paints` (JSON items, top first).
  static func stage(_ paints: String) throws -> LottieStage {
    let file = """
      {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[
       {"ty":4,"ind":1,"ip":0,"op":10,"ks":{},
        "shapes":[{"ty":"rc","p":{"k":[50,50]},"s":{"k":[40,40]},"r":{"k":0}},\(paints)]}]}
      """
    return LottieStage(try LottieAnimation(data: Data(file.utf8)), pixelSize: (100, 100))
  }

  static let stroke =
    #"{"ty":"st","c":{"k":[0,0,1,1]},"o":{"k":OPACITY},"w":{"k":6},"lc":1,"lj":1}"#
  static let fill = #"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}"#

  static func shapeLayers(_ stage: LottieStage) -> [CAShapeLayer] {
    var out: [CAShapeLayer] = []
    var stack: [CALayer] = [stage.layer]
    while let l = stack.popLast() {
      if let s = l as? CAShapeLayer { out.append(s) }
      stack += l.sublayers ?? []
    }
    return out
  }

  @Test func anOpaqueStrokeOverAnOpaqueFillSharesItsLayer() throws {
    let stage = try Self.stage(
      Self.stroke.replacingOccurrences(of: "OPACITY", with: "100") + "," + Self.fill)
    let layers = Self.shapeLayers(stage)
    #expect(layers.count == 1)
    #expect(layers.first?.fillColor != nil && layers.first?.strokeColor != nil)
    #expect(layers.first?.lineWidth == 6)
    let image = stage.render(progress: 0)
    let center = image.pixel(x: 50, y: 50)
    let edge = image.pixel(x: 50, y: 31)
    #expect(center.r == 255 && center.b == 0)
    #expect(edge.b == 255 && edge.r == 0)
  }

  @Test func aTranslucentStrokeOrAFillAboveKeepsTwoLayers() throws {
    let translucent = try Self.stage(
      Self.stroke.replacingOccurrences(of: "OPACITY", with: "50") + "," + Self.fill)
    #expect(Self.shapeLayers(translucent).count == 2)
    let fillAbove = try Self.stage(
      Self.fill + "," + Self.stroke.replacingOccurrences(of: "OPACITY", with: "100"))
    #expect(Self.shapeLayers(fillAbove).count == 2)
  }
}
