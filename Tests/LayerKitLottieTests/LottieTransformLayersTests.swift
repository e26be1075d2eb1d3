import Foundation
import LayerKit
import Testing

@testable import LayerKitLottie

/// A Lottie transform becomes a chain of layers; factors that are not animated are folded
/// into one matrix. Every form must place points where After Effects' matrix
/// `T(position) · R · Skew · S · T(−anchor)` puts them.
@Suite struct LottieTransformLayersTests {
  /// position (40, 30), rotation 30°, skew 20° along 15°, scale (150 %, −80 %), anchor
  /// (12, −7): every factor moves points.
  static func transform() -> LottieTransform {
    var t = LottieTransform()
    t.position = Keyframed(constant: [40, 30])
    t.rotation = Keyframed(constant: 30)
    t.skew = Keyframed(constant: 20)
    t.skewAxis = Keyframed(constant: 15)
    t.scale = Keyframed(constant: [150, -80])
    t.anchor = Keyframed(constant: [12, -7])
    return t
  }

  /// Keyframes that start at `value`, so the model value is `value` as for a constant.
  static func animated<V>(_ value: V, then other: V) -> Keyframed<V> {
    Keyframed(keyframes: [Keyframe(time: 0, value: value), Keyframe(time: 10, value: other)])
  }

  /// After Effects' matrix applied to `q`.
  static func expected(_ q: CGPoint) -> CGPoint {
    let scaled = CGPoint(x: (q.x - 12) * 1.5, y: (q.y + 7) * -0.8)
    let skewed = scaled.applying(TransformLayers.skewMatrix(skew: 20, axis: 15))
    let rotated = skewed.applying(CGAffineTransform(rotationAngle: 30 * .pi / 180))
    return CGPoint(x: rotated.x + 40, y: rotated.y + 30)
  }

  /// Where `q`, in the layers' own coordinates, lands in the superlayer of `outer`.
  static func place(_ layers: TransformLayers, _ q: CGPoint) -> CGPoint {
    let root = CALayer()
    root.addSublayer(layers.outer)
    return layers.inner.convert(q, to: root)
  }

  /// How many layers from `outer` down to `inner`.
  static func depth(_ layers: TransformLayers) -> Int {
    var n = 1
    var l: CALayer? = layers.inner
    while let layer = l, layer !== layers.outer {
      n += 1
      l = layer.superlayer
    }
    return n
  }

  static var timing: LayerTiming { LayerTiming(frameRate: 10) }
  static let points = [CGPoint(x: 0, y: 0), CGPoint(x: 12, y: -7), CGPoint(x: 25, y: 40)]

  static func check(_ t: LottieTransform, depth expectedDepth: Int) {
    let layers = TransformLayers(t, timing: timing, opacity: true, name: nil)
    #expect(depth(layers) == expectedDepth)
    for q in points {
      let p = place(layers, q)
      let e = expected(q)
      #expect(abs(p.x - e.x) < 1e-9 && abs(p.y - e.y) < 1e-9, "\(q): \(p) vs \(e)")
    }
  }

  @Test func aConstantTransformIsOneLayer() {
    Self.check(Self.transform(), depth: 1)
  }

  @Test func aConstantScaleSkewAndAnchorShareOneLayerBelowAnAnimatedPosition() {
    var t = Self.transform()
    t.position = Self.animated([40, 30], then: [90, 10])
    Self.check(t, depth: 2)
    t = Self.transform()
    t.rotation = Self.animated(30, then: 90)
    Self.check(t, depth: 2)
  }

  @Test func anAnimatedScaleKeepsItsOwnLayers() {
    var t = Self.transform()
    t.scale = Self.animated([150, -80], then: [100, 100])
    // outer, skew, scale x, scale y (mirrored), inner.
    Self.check(t, depth: 5)
  }

  @Test func aThreeDimensionalRotationIsNotFolded() {
    var t = Self.transform()
    t.rotationX = Keyframed(constant: 30)
    let layers = TransformLayers(t, timing: Self.timing, opacity: true, name: nil)
    #expect(Self.depth(layers) == 2)
    #expect(layers.outer.value(forKeyPath: "transform.rotation.x") as? CGFloat != 0)
  }

  @Test func theFoldedLayerKeepsOpacityAndItsAnimation() {
    var t = Self.transform()
    t.opacity = Self.animated(50, then: 100)
    let layers = TransformLayers(t, timing: Self.timing, opacity: true, name: "group")
    #expect(layers.outer === layers.inner)
    #expect(layers.outer.opacity == 0.5)
    #expect(layers.outer.animation(forKey: "opacity") != nil)
    #expect(layers.outer.name == "group")
  }

  @Test func onlyATransformThatMovesNothingIsIdentity() {
    #expect(TransformLayers.isIdentity(LottieTransform(), opacity: true))
    var t = LottieTransform()
    t.opacity = Keyframed(constant: 50)
    #expect(!TransformLayers.isIdentity(t, opacity: true))
    #expect(TransformLayers.isIdentity(t, opacity: false))
    t = LottieTransform()
    t.position = Self.animated([0, 0], then: [0, 0])
    #expect(!TransformLayers.isIdentity(t, opacity: true))
    for change in [
      { (t: inout LottieTransform) in t.anchor = Keyframed(constant: [1, 0]) },
      { $0.scale = Keyframed(constant: [100, 99]) },
      { $0.rotation = Keyframed(constant: 1) },
      { $0.skew = Keyframed(constant: 1) },
      { $0.positionY = Keyframed(constant: 1) },
      { $0.rotationX = Keyframed(constant: 1) },
    ] {
      var t = LottieTransform()
      change(&t)
      #expect(!TransformLayers.isIdentity(t, opacity: true))
    }
  }

  /// A shape group that moves nothing adds no layer: its paint sits in the layer's content.
  @Test func anIdentityGroupAddsNoLayer() throws {
    let file = #"""
      {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[
       {"ty":4,"ind":1,"ip":0,"op":10,"ks":{},
        "shapes":[{"ty":"gr","it":[
          {"ty":"rc","p":{"k":[50,50]},"s":{"k":[20,20]},"r":{"k":0}},
          {"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}},
          {"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}]}]}
      """#
    let stage = LottieStage(try LottieAnimation(data: Data(file.utf8)), pixelSize: (100, 100))
    var shapeDepth: Int?
    var stack: [(CALayer, Int)] = [(stage.layer, 0)]
    while let (l, d) = stack.popLast() {
      if l is CAShapeLayer { shapeDepth = d }
      stack += (l.sublayers ?? []).map { ($0, d + 1) }
    }
    // The Lottie layer's top layer holds the paint directly, below the timeline layers.
    let top = try #require(stage.layer.sublayers?.first?.sublayers?.first)
    #expect(top.sublayers?.first is CAShapeLayer, "\(String(describing: shapeDepth))")
    let pixel = stage.render(progress: 0).pixel(x: 50, y: 50)
    #expect(pixel.r == 255 && pixel.a == 255)
  }

  /// A constant parent transform and the layer's own constant one are one layer, placing
  /// the content as the two would.
  @Test func constantParentAndOwnTransformsShareOneLayer() throws {
    let file = #"""
      {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[
       {"ty":3,"ind":1,"ip":0,"op":10,"ks":{"p":{"k":[30,20]},"s":{"k":[200,200]}}},
       {"ty":4,"ind":2,"parent":1,"ip":0,"op":10,"ks":{"p":{"k":[10,10]}},
        "shapes":[{"ty":"rc","p":{"k":[0,0]},"s":{"k":[10,10]},"r":{"k":0}},
                  {"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}]}]}
      """#
    let stage = LottieStage(try LottieAnimation(data: Data(file.utf8)), pixelSize: (100, 100))
    // The shape's layer: top, which carries both transforms, then the paint.
    var depth: [ObjectIdentifier: Int] = [:]
    var stack: [(CALayer, Int)] = [(stage.layer, 0)]
    var shape: (CALayer, Int)?
    while let (l, d) = stack.popLast() {
      depth[ObjectIdentifier(l)] = d
      if l is CAShapeLayer { shape = (l, d) }
      stack += (l.sublayers ?? []).map { ($0, d + 1) }
    }
    let (paint, d) = try #require(shape)
    let top = try #require(paint.superlayer)
    #expect(top.name == "layer" && depth[ObjectIdentifier(top)] == d - 1)
    #expect(!CATransform3DIsIdentity(top.transform))
    // (10, 10) in the parent, scaled 2× and moved by (30, 20): a 20 × 20 square at (50, 40).
    let image = stage.render(progress: 0)
    #expect(image.pixel(x: 50, y: 40).r == 255)
    #expect(image.pixel(x: 41, y: 31).a == 255 && image.pixel(x: 58, y: 48).a == 255)
    #expect(image.pixel(x: 50, y: 52).a == 0 && image.pixel(x: 38, y: 40).a == 0)
  }

  /// A constant group's matrix moves onto its content when each layer can carry it:
  /// points land where the group would have put them.
  @Test func aConstantGroupIsCarriedByItsContent() {
    let t = Self.transform()
    let a = CALayer.lottieGroup()
    let b = CAShapeLayer()
    b.position = CGPoint(x: 3, y: 4)
    b.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
    let reference = TransformLayers(t, timing: Self.timing, opacity: true, name: nil)
    let copy = CAShapeLayer()
    copy.position = b.position
    copy.transform = b.transform
    reference.inner.addSublayer(copy)
    let root = CALayer()
    root.addSublayer(reference.outer)
    #expect(TransformLayers.carry(t, into: [a, b]))
    let carried = CALayer()
    carried.addSublayer(a)
    carried.addSublayer(b)
    for q in Self.points {
      let p = b.convert(q, to: carried)
      let e = copy.convert(q, to: root)
      #expect(abs(p.x - e.x) < 1e-9 && abs(p.y - e.y) < 1e-9, "\(q): \(p) vs \(e)")
      let pa = a.convert(q, to: carried)
      let ea = Self.expected(q)
      #expect(abs(pa.x - ea.x) < 1e-9 && abs(pa.y - ea.y) < 1e-9, "\(q): \(pa) vs \(ea)")
    }
  }

  @Test func groupOpacityOverSeveralLayersOrMovingContentKeepsTheGroup() {
    var t = Self.transform()
    t.opacity = Keyframed(constant: 50)
    let one = CAShapeLayer()
    #expect(!TransformLayers.carry(t, into: [CAShapeLayer(), CAShapeLayer()]))
    #expect(TransformLayers.carry(t, into: [one]))
    #expect(one.opacity == 0.5)
    let moving = CAShapeLayer()
    let animation = CABasicAnimation(keyPath: "position.x")
    animation.toValue = 10
    moving.add(animation, forKey: "x")
    #expect(!TransformLayers.carry(Self.transform(), into: [CAShapeLayer(), moving]))
    let tilted = CAShapeLayer()
    tilted.transform = CATransform3DMakeRotation(0.5, 1, 0, 0)
    #expect(!TransformLayers.carry(Self.transform(), into: [tilted]))
    var animated = Self.transform()
    animated.rotation = Self.animated(30, then: 90)
    #expect(!TransformLayers.carry(animated, into: [CAShapeLayer()]))
  }
}
