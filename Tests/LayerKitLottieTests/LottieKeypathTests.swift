import Foundation
import LayerKit
import Testing

@testable import LayerKitLottie

/// Keypaths with `*` and `**`, the keypath listing, value providers for colour, opacity,
/// stroke width and transform, and the image provider.
@Suite struct LottieKeypathTests {
  /// 10 fps, frames 0…20, 100 × 100: the precomposition "Inner" used by layers "A"
  /// (left half) and "B" (right half), each a 50 × 100 box "Box" filled red by "Fill 1",
  /// whose colour animates red to green, and stroked by "Stroke 1"; and a shape layer
  /// "Square" on top of nothing (20 × 20 blue, at the bottom right corner).
  static let file = #"""
    {"fr":10,"ip":0,"op":20,"w":100,"h":100,
     "assets":[{"id":"inner","layers":[{"ty":4,"nm":"Shape","ind":1,"ks":{},
       "shapes":[{"ty":"gr","nm":"Box","it":[
         {"ty":"rc","nm":"Rect","p":{"k":[25,50]},"s":{"k":[50,100]},"r":{"k":0}},
         {"ty":"fl","nm":"Fill 1","c":{"a":1,"k":[{"t":0,"s":[1,0,0,1]},{"t":20,"s":[0,1,0,1]}]},
          "o":{"k":100}},
         {"ty":"st","nm":"Stroke 1","c":{"k":[0,0,0,1]},"o":{"k":100},"w":{"k":2}},
         {"ty":"tr","nm":"Transform","p":{"k":[0,0]}}]}]}]}],
     "layers":[
       {"ty":4,"nm":"Square","ind":1,"ks":{"p":{"k":[80,80]}},
        "shapes":[{"ty":"rc","nm":"Rect","p":{"k":[10,10]},"s":{"k":[20,20]},"r":{"k":0}},
                  {"ty":"fl","nm":"Fill 1","c":{"k":[0,0,1,1]},"o":{"k":100}}]},
       {"ty":0,"nm":"A","ind":2,"refId":"inner","w":50,"h":100,"ks":{}},
       {"ty":0,"nm":"B","ind":3,"refId":"inner","w":50,"h":100,"ks":{"p":{"k":[50,0]}}}]}
    """#

  static func stage() throws -> LottieStage {
    LottieStage(try LottieAnimation(data: Data(file.utf8)), pixelSize: (100, 100))
  }

  static func rgb(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
    let p = image.pixel(x: x, y: y)
    return [p.r, p.g, p.b]
  }

  @Test(
    arguments: [
      ("A.Shape.Box.Fill 1.Color", true), ("*.Shape.*.Fill 1.Color", true),
      ("**.Color", true), ("A.**", true), ("**", true), ("A.*.Color", false),
      ("**.Box.**.Color", true), ("B.Shape.Box.Fill 1.Color", false), ("A.Shape.Box", false),
      ("**.Fill 1.Color.**", true), ("*", false),
    ])
  func keypathsMatchWithWildcards(keypath: String, matches: Bool) {
    let names = ["A", "Shape", "Box", "Fill 1", "Color"]
    #expect(AnimationKeypath(keypath: keypath).matches(names) == matches)
  }

  @Test func theListingNamesEveryNodeAndPropertyThroughPrecompositions() throws {
    let layer = LottieLayer(animation: try LottieAnimation(data: Data(Self.file.utf8)))
    let all = layer.allHierarchyKeypaths()
    for expected in [
      "Square", "Square.Transform", "Square.Transform.Position", "Square.Transform.Opacity",
      "Square.Rect.Size", "Square.Fill 1.Color", "A.Shape.Box.Transform.Scale",
      "A.Shape.Box.Fill 1.Opacity", "B.Shape.Box.Stroke 1.Stroke Width",
    ] {
      #expect(all.contains(expected), "\(expected)")
    }
    #expect(all.count == Set(all).count)
    #expect(all.firstIndex(of: "Square")! < all.firstIndex(of: "Square.Transform")!)
  }

  @Test func aColourProviderReplacesTheKeyframesOfOnePrecompositionUse() throws {
    let stage = try Self.stage()
    #expect(Self.rgb(stage.render(progress: 0), 20, 50) == [255, 0, 0])
    stage.layer.setValueProvider(
      ColorValueProvider(LottieColor(r: 0, g: 0, b: 1)),
      keypath: AnimationKeypath(keypath: "A.**.Fill 1.Color"))
    let image = stage.render(progress: 0.5)
    #expect(Self.rgb(image, 20, 50) == [0, 0, 255])
    // B keeps the file's animation: halfway from red to green.
    let b = Self.rgb(image, 70, 50)
    #expect(abs(Int(b[0]) - 128) <= 2 && abs(Int(b[1]) - 128) <= 2 && b[2] == 0)
  }

  @Test func opacityStrokeWidthAndTransformProvidersApply() throws {
    let stage = try Self.stage()
    stage.layer.setValueProvider(
      FloatValueProvider(0), keypath: AnimationKeypath(keypath: "B.Transform.Opacity"))
    stage.layer.setValueProvider(
      PointValueProvider(CGPoint(x: 0, y: 0)),
      keypath: AnimationKeypath(keypath: "Square.Transform.Position"))
    stage.layer.setValueProvider(
      FloatValueProvider(12), keypath: AnimationKeypath(keypath: "A.**.Stroke Width"))
    let image = stage.render(progress: 0)
    #expect(image.pixel(x: 70, y: 50).a == 0)  // B hidden
    #expect(Self.rgb(image, 10, 10) == [0, 0, 255])  // the square moved to the corner
    #expect(image.pixel(x: 85, y: 85).a == 0)  // and left its place
    // A's stroke (under its fill, clipped by the precomposition) is 12 points wide, B's 2.
    let widths = LayerBudgetTests.all(stage.layer).compactMap { layer -> CGFloat? in
      guard let shape = layer as? CAShapeLayer, shape.strokeColor != nil else { return nil }
      return shape.lineWidth
    }
    #expect(widths.sorted() == [2, 12])
  }

  @Test func aScaleProviderAndAProviderOfTheWrongTypeForAProperty() throws {
    let stage = try Self.stage()
    stage.layer.setValueProvider(
      SizeValueProvider(CGSize(width: 200, height: 200)),
      keypath: AnimationKeypath(keypath: "Square.Transform.Scale"))
    // A colour for an opacity does not fit: the file's opacity stays.
    stage.layer.setValueProvider(
      ColorValueProvider(LottieColor(r: 0, g: 0, b: 0)),
      keypath: AnimationKeypath(keypath: "Square.Transform.Opacity"))
    let image = stage.render(progress: 0)
    #expect(Self.rgb(image, 99, 99) == [0, 0, 255])
    #expect(Self.rgb(image, 82, 82) == [0, 0, 255])
    #expect(stage.layer.valueProviders.count == 2)
    stage.layer.removeValueProvider(for: AnimationKeypath(keypath: "Square.Transform.Scale"))
    #expect(stage.layer.valueProviders.count == 1)
  }

  struct RedImages: AnimationImageProvider {
    func imageForAsset(asset: LottieImageAsset) -> CGImage? {
      guard asset.name == "img_0.png", asset.directory == "images/" else { return nil }
      return CGImage(
        width: 2, height: 2,
        premultipliedRGBA: [UInt8](repeating: 0, count: 16).enumerated().map {
          $0.offset % 4 == 0 || $0.offset % 4 == 3 ? 255 : 0
        })
    }
  }

  @Test func anImageProviderSuppliesImageLayers() throws {
    let json = #"""
      {"fr":10,"ip":0,"op":20,"w":10,"h":10,
       "assets":[{"id":"image_0","w":10,"h":10,"u":"images/","p":"img_0.png"}],
       "layers":[{"ty":2,"nm":"Picture","refId":"image_0","ks":{}}]}
      """#
    let animation = try LottieAnimation(data: Data(json.utf8))
    let stage = LottieStage(animation, pixelSize: (10, 10))
    #expect(stage.render(progress: 0).pixel(x: 5, y: 5).a == 0)
    stage.layer.imageProvider = RedImages()
    #expect(Self.rgb(stage.render(progress: 0), 5, 5) == [255, 0, 0])
  }
}
