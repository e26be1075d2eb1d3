import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// CAShapeLayer, CAGradientLayer, CATransformLayer and CAReplicatorLayer, drawn.
@Suite struct LayerClassRenderTests {
  typealias F = RenderFixtures

  static func wave() -> CGPath {
    let p = CGMutablePath()
    p.move(to: CGPoint(x: 10, y: 60))
    p.addCurve(
      to: CGPoint(x: 110, y: 60), control1: CGPoint(x: 40, y: -10), control2: CGPoint(x: 80, y: 130)
    )
    p.addLine(to: CGPoint(x: 150, y: 20))
    return p
  }

  @Test(arguments: [0.0, 0.25, 0.5, 0.75, 1.0])
  func strokeEndAnimationFrames(t: Double) {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = F.root(160, 90)
    let shape = CAShapeLayer()
    shape.frame = root.bounds
    shape.path = Self.wave()
    shape.fillColor = nil
    shape.strokeColor = F.blue
    shape.lineWidth = 6
    shape.lineCap = .round
    shape.lineJoin = .round
    root.addSublayer(shape)
    context.layer = root
    context.commit()
    shape.add(F.held("strokeEnd", from: 0, to: 1), forKey: "draw")
    context.advance(by: t)
    #expect(abs((shape.presentation()?.strokeEnd ?? -1) - t) < 1e-9)
    let image = CARenderer(context: context).render(width: 160, height: 90, scale: 1)
    // The start of the path is drawn once the stroke has begun.
    #expect(F.isColor(image, 12, 58, F.blue, tolerance: 60) == (t > 0))
    // The last segment's end only at the end.
    #expect(F.isColor(image, 148, 23, F.blue, tolerance: 60) == (t >= 1))
    assertMatchesGolden(image, named: "shape-stroke-end-\(Int(t * 100))")
  }

  @Test func shapeFillRulesDashesAndJoinsMatchGolden() {
    let root = F.root(240, 100)
    let star = CGMutablePath()
    for k in 0..<5 {
      let a = -CGFloat.pi / 2 + CGFloat(k) * 4 * .pi / 5
      let p = CGPoint(x: 50 + 40 * cos(a), y: 50 + 40 * sin(a))
      if k == 0 { star.move(to: p) } else { star.addLine(to: p) }
    }
    star.closeSubpath()
    let nonZero = CAShapeLayer()
    nonZero.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    nonZero.path = star
    nonZero.fillColor = F.red
    let evenOdd = CAShapeLayer()
    evenOdd.frame = CGRect(x: 80, y: 0, width: 100, height: 100)
    evenOdd.path = star
    evenOdd.fillColor = F.green
    evenOdd.fillRule = .evenOdd
    evenOdd.strokeColor = F.ink
    evenOdd.lineWidth = 3
    evenOdd.lineJoin = .bevel
    let dashed = CAShapeLayer()
    dashed.frame = CGRect(x: 170, y: 10, width: 60, height: 80)
    dashed.path = CGPath(
      roundedRect: CGRect(x: 5, y: 5, width: 50, height: 70), cornerWidth: 10, cornerHeight: 10,
      transform: nil)
    dashed.fillColor = nil
    dashed.strokeColor = F.blue
    dashed.lineWidth = 4
    dashed.lineDashPattern = [10, 5]
    dashed.lineDashPhase = 3
    root.sublayers = [nonZero, evenOdd, dashed]
    let image = F.render(root)
    #expect(F.isColor(image, 50, 52, F.red))  // non-zero fills the centre
    #expect(F.isColor(image, 130, 52, F.paper))  // even-odd leaves it empty
    assertMatchesGolden(image, named: "shape-fill-rules-dashes")
  }

  @Test func pathMorphsPointByPoint() {
    let a = CGMutablePath()
    a.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
    let b = CGMutablePath()
    b.addRect(CGRect(x: 10, y: 20, width: 30, height: 10))
    let mid = CGPath.interpolate(a, b, fraction: 0.5)
    #expect(mid.boundingBoxOfPath == CGRect(x: 5, y: 10, width: 20, height: 10))
  }

  @Test(arguments: [CAGradientLayerType.axial, .radial, .conic])
  func gradientTypesMatchGolden(type: CAGradientLayerType) {
    let root = F.root(120, 80)
    let g = CAGradientLayer()
    g.frame = CGRect(x: 10, y: 10, width: 100, height: 60)
    g.colors = [F.red, F.yellow, F.blue]
    g.locations = [0, 0.3, 1]
    g.type = type
    if type == .axial {
      g.startPoint = CGPoint(x: 0, y: 0.5)
      g.endPoint = CGPoint(x: 1, y: 0.5)
    } else {
      g.startPoint = CGPoint(x: 0.5, y: 0.5)
      g.endPoint = CGPoint(x: 1, y: 1)
    }
    g.cornerRadius = 10
    g.masksToBounds = true
    root.addSublayer(g)
    let image = F.render(root)
    if type == .axial {
      #expect(F.isColor(image, 11, 40, F.red, tolerance: 8))
      #expect(F.isColor(image, 108, 40, F.blue, tolerance: 8))
    } else if type == .radial {
      #expect(F.isColor(image, 60, 40, F.red, tolerance: 24))
    }
    assertMatchesGolden(image, named: "gradient-\(type.rawValue)")
  }

  @Test func transformLayerSortsSublayersByDepth() {
    // Two cards in a transform layer: the later one in tree order is further away, so
    // it must be drawn first and the nearer one covers it.
    let root = F.root(120, 100)
    let scene = CATransformLayer()
    scene.frame = root.bounds
    var p = CATransform3DIdentity
    p.m34 = -1.0 / 400
    root.sublayerTransform = p
    let near = F.box(CGRect(x: 20, y: 20, width: 60, height: 60), F.red)
    near.zPosition = 40
    let far = F.box(CGRect(x: 40, y: 30, width: 60, height: 60), F.blue)
    far.zPosition = -40
    scene.sublayers = [near, far]
    scene.transform = CATransform3DMakeRotation(0.4, 0, 1, 0)
    root.addSublayer(scene)
    let image = F.render(root)
    let overlap = (60, 50)
    #expect(F.isColor(image, overlap.0, overlap.1, F.red, tolerance: 6))
    assertMatchesGolden(image, named: "transform-layer-depth")
    // A plain layer in its place draws in tree order: the far card covers the near one.
    let flatRoot = F.root(120, 100)
    flatRoot.sublayerTransform = p
    let flat = CALayer()
    flat.frame = flatRoot.bounds
    flat.transform = scene.transform
    flat.sublayers = [F.box(near.frame, F.red), F.box(far.frame, F.blue)]
    flatRoot.addSublayer(flat)
    #expect(F.isColor(F.render(flatRoot), overlap.0, overlap.1, F.blue, tolerance: 6))
  }

  @Test func transformLayerCubeMatchesGolden() {
    let root = F.root(160, 160)
    var p = CATransform3DIdentity
    p.m34 = -1.0 / 500
    root.sublayerTransform = p
    let cube = CATransformLayer()
    cube.frame = CGRect(x: 40, y: 40, width: 80, height: 80)
    let faces: [(CATransform3D, CGColor)] = [
      (CATransform3DMakeTranslation(0, 0, 40), F.red),
      (CATransform3DRotate(CATransform3DMakeTranslation(40, 0, 0), .pi / 2, 0, 1, 0), F.green),
      (CATransform3DRotate(CATransform3DMakeTranslation(0, -40, 0), .pi / 2, 1, 0, 0), F.blue),
      (CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -40), .pi, 0, 1, 0), F.yellow),
      (CATransform3DRotate(CATransform3DMakeTranslation(-40, 0, 0), -.pi / 2, 0, 1, 0), F.ink),
      (CATransform3DRotate(CATransform3DMakeTranslation(0, 40, 0), -.pi / 2, 1, 0, 0), F.paper),
    ]
    for (t, c) in faces {
      let f = F.box(CGRect(x: 0, y: 0, width: 80, height: 80), c)
      f.borderWidth = 2
      f.borderColor = F.ink
      f.transform = t
      cube.addSublayer(f)
    }
    cube.transform = CATransform3DRotate(CATransform3DMakeRotation(-0.5, 0, 1, 0), 0.4, 1, 0, 0)
    root.addSublayer(cube)
    assertMatchesGolden(F.render(root), named: "transform-layer-cube")
  }

  @Test func replicatorDrawsTransformedTintedCopies() {
    let root = F.root(140, 140)
    let rep = CAReplicatorLayer()
    rep.frame = root.bounds
    rep.instanceCount = 12
    rep.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
    rep.instanceColor = F.blue
    rep.instanceAlphaOffset = -1.0 / 12
    rep.instanceRedOffset = 0.06
    let dot = F.box(CGRect(x: 64, y: 10, width: 12, height: 24), .white)
    dot.cornerRadius = 6
    rep.addSublayer(dot)
    root.addSublayer(rep)
    let image = F.render(root)
    #expect(F.isColor(image, 70, 20, F.blue, tolerance: 3))  // the first copy, tinted
    #expect(F.isColor(image, 120, 70, F.paper) == false)  // a copy a quarter turn on
    assertMatchesGolden(image, named: "replicator-spinner")
  }

  @Test func doubleSidedFalseCullsBackFaces() {
    let root = F.root(100, 60)
    let back = F.box(CGRect(x: 20, y: 10, width: 60, height: 40), F.red)
    back.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
    back.isDoubleSided = false
    root.addSublayer(back)
    #expect(F.isColor(F.render(root), 50, 30, F.paper))
    back.isDoubleSided = true
    #expect(F.isColor(F.render(root), 50, 30, F.red))
  }
}
