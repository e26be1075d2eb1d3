import Foundation
import Testing

@testable import LayerKit

/// Each layer property is one `@Model` field; `@LayerModel` writes its public accessor,
/// its registry row and its needs-display key from that field. These check what it wrote
/// against the declarations.
@Suite struct DeclaredPropertyTests {
  /// A generated accessor's write, and the key its change must be reported under.
  typealias Write<L: CALayer> = (key: String, write: (L) -> Void)

  /// The keys whose actions run while `writes` are applied, in order, to a layer of the
  /// committed scene (each write is reported once, under its key). The order events
  /// hiding a layer also runs (`onOrderOut`) are left out.
  private func reportedKeys<L: CALayer>(_ layer: L, _ writes: [Write<L>]) -> [String] {
    let scene = ActionScene()
    let action = RecordingAction("every key")
    let delegate = ActionTableDelegate()
    delegate.everything = action
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    scene.root.addSublayer(layer)
    CATransaction.commit()
    scene.context.commit()
    layer.delegate = delegate
    for (_, write) in writes { write(layer) }
    return withExtendedLifetime(delegate) {
      action.runs.map(\.event).filter { !$0.hasPrefix("onOrder") }
    }
  }

  @Test func layerAccessorsReportTheirDeclaredKeys() {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let writes: [Write<CALayer>] = [
      ("bounds", { $0.bounds = CGRect(x: 0, y: 0, width: 3, height: 4) }),
      ("position", { $0.position = CGPoint(x: 1, y: 2) }),
      ("zPosition", { $0.zPosition = 1 }),
      ("anchorPoint", { $0.anchorPoint = .zero }),
      ("anchorPointZ", { $0.anchorPointZ = 1 }),
      ("transform", { $0.transform = CATransform3DMakeScale(2, 2, 1) }),
      ("sublayerTransform", { $0.sublayerTransform = CATransform3DMakeScale(2, 2, 1) }),
      ("geometryFlipped", { $0.isGeometryFlipped = true }),
      ("hidden", { $0.isHidden = true }),
      ("doubleSided", { $0.isDoubleSided = false }),
      ("opacity", { $0.opacity = 0.5 }),
      ("backgroundColor", { $0.backgroundColor = red }),
      ("cornerRadius", { $0.cornerRadius = 4 }),
      ("maskedCorners", { $0.maskedCorners = .layerMinXMinYCorner }),
      ("borderWidth", { $0.borderWidth = 2 }),
      ("borderColor", { $0.borderColor = red }),
      ("masksToBounds", { $0.masksToBounds = true }),
      ("allowsGroupOpacity", { $0.allowsGroupOpacity = false }),
      ("opaque", { $0.isOpaque = true }),
      ("allowsEdgeAntialiasing", { $0.allowsEdgeAntialiasing = true }),
      ("edgeAntialiasingMask", { $0.edgeAntialiasingMask = [] }),
      ("shadowColor", { $0.shadowColor = red }),
      ("shadowOpacity", { $0.shadowOpacity = 1 }),
      ("shadowOffset", { $0.shadowOffset = .zero }),
      ("shadowRadius", { $0.shadowRadius = 1 }),
      ("contentsRect", { $0.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5) }),
      ("contentsScale", { $0.contentsScale = 2 }),
      ("contentsCenter", { $0.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5) }),
      ("contentsGravity", { $0.contentsGravity = .center }),
      ("minificationFilter", { $0.minificationFilter = .nearest }),
      ("magnificationFilter", { $0.magnificationFilter = .nearest }),
      ("minificationFilterBias", { $0.minificationFilterBias = 1 }),
      ("needsDisplayOnBoundsChange", { $0.needsDisplayOnBoundsChange = true }),
      ("drawsAsynchronously", { $0.drawsAsynchronously = true }),
      ("shouldRasterize", { $0.shouldRasterize = true }),
      ("rasterizationScale", { $0.rasterizationScale = 2 }),
      ("autoreverses", { $0.autoreverses = true }),
      ("fillMode", { $0.fillMode = .both }),
    ]
    #expect(reportedKeys(CALayer(), writes) == writes.map(\.key))
  }

  @Test func subclassAccessorsReportTheirDeclaredKeys() {
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let shape: [Write<CAShapeLayer>] = [
      ("path", { $0.path = CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2), transform: nil) }),
      ("fillColor", { $0.fillColor = blue }), ("fillRule", { $0.fillRule = .evenOdd }),
      ("strokeColor", { $0.strokeColor = blue }), ("lineWidth", { $0.lineWidth = 3 }),
      ("miterLimit", { $0.miterLimit = 4 }), ("lineCap", { $0.lineCap = .round }),
      ("lineJoin", { $0.lineJoin = .bevel }), ("lineDashPhase", { $0.lineDashPhase = 1 }),
      ("strokeStart", { $0.strokeStart = 0.25 }), ("strokeEnd", { $0.strokeEnd = 0.5 }),
    ]
    #expect(reportedKeys(CAShapeLayer(), shape) == shape.map(\.key))

    let gradient: [Write<CAGradientLayer>] = [
      ("startPoint", { $0.startPoint = .zero }), ("endPoint", { $0.endPoint = .zero }),
      ("type", { $0.type = .radial }),
    ]
    #expect(reportedKeys(CAGradientLayer(), gradient) == gradient.map(\.key))

    let replicator: [Write<CAReplicatorLayer>] = [
      ("preservesDepth", { $0.preservesDepth = true }),
      ("instanceTransform", { $0.instanceTransform = CATransform3DMakeTranslation(1, 0, 0) }),
      ("instanceColor", { $0.instanceColor = blue }),
      ("instanceRedOffset", { $0.instanceRedOffset = -0.1 }),
      ("instanceGreenOffset", { $0.instanceGreenOffset = -0.1 }),
      ("instanceBlueOffset", { $0.instanceBlueOffset = -0.1 }),
      ("instanceAlphaOffset", { $0.instanceAlphaOffset = -0.1 }),
    ]
    #expect(reportedKeys(CAReplicatorLayer(), replicator) == replicator.map(\.key))

    let text: [Write<CATextLayer>] = [
      ("foregroundColor", { $0.foregroundColor = blue }), ("wrapped", { $0.isWrapped = true }),
      ("truncationMode", { $0.truncationMode = .end }),
      ("alignmentMode", { $0.alignmentMode = .center }),
      ("allowsFontSubpixelQuantization", { $0.allowsFontSubpixelQuantization = true }),
    ]
    #expect(reportedKeys(CATextLayer(), text) == text.map(\.key))

    let emitter: [Write<CAEmitterLayer>] = [
      ("birthRate", { $0.birthRate = 2 }), ("lifetime", { $0.lifetime = 2 }),
      ("velocity", { $0.velocity = 2 }), ("scale", { $0.scale = 2 }), ("spin", { $0.spin = 2 }),
      ("emitterPosition", { $0.emitterPosition = CGPoint(x: 1, y: 1) }),
      ("emitterZPosition", { $0.emitterZPosition = 1 }),
      ("emitterSize", { $0.emitterSize = CGSize(width: 1, height: 1) }),
      ("emitterDepth", { $0.emitterDepth = 1 }), ("emitterShape", { $0.emitterShape = .circle }),
      ("emitterMode", { $0.emitterMode = .outline }),
      ("renderMode", { $0.renderMode = .additive }),
      ("preservesDepth", { $0.preservesDepth = true }), ("seed", { $0.seed = 7 }),
    ]
    #expect(reportedKeys(CAEmitterLayer(), emitter) == emitter.map(\.key))
  }

  /// Each accessor writes its own field: what it stored reads back through key-value
  /// coding, under the declared key.
  @Test func accessorsWriteTheFieldTheirKeyReads() {
    let layer = CAShapeLayer()
    layer.cornerRadius = 6
    layer.isHidden = true
    layer.lineWidth = 5
    layer.fillRule = .evenOdd
    #expect(layer.value(forKey: "cornerRadius") as? CGFloat == 6)
    #expect(layer.value(forKey: "hidden") as? Bool == true)
    #expect(layer.value(forKey: "lineWidth") as? CGFloat == 5)
    #expect(layer.value(forKey: "fillRule") as? CAShapeLayerFillRule == .evenOdd)
  }

  /// An interpolatable value holding NaN or an infinity is refused with a diagnostic; a
  /// name, an option set or a flag is stored as given.
  @Test func generatedSettersCheckInterpolatableValues() {
    CADiagnostics.drain()
    let layer = CALayer()
    layer.cornerRadius = 3
    layer.cornerRadius = .nan
    layer.shadowOffset = CGSize(width: CGFloat.infinity, height: 0)
    #expect(layer.cornerRadius == 3)
    #expect(layer.shadowOffset == CGSize(width: 0, height: -3))
    #expect(CADiagnostics.drain().map(\.key) == ["cornerRadius", "shadowOffset"])
    layer.maskedCorners = []
    layer.contentsGravity = .topLeft
    #expect(layer.maskedCorners.isEmpty && layer.contentsGravity == .topLeft)
  }

  /// The needs-display flags of `TextLayerState`'s fields are what a text layer answers.
  @Test func textLayerRedrawsForItsDeclaredKeys() {
    #expect(
      TextLayerState.needsDisplayKeys == [
        "string", "font", "fontSize", "foregroundColor", "wrapped", "truncationMode",
        "alignmentMode", "allowsFontSubpixelQuantization",
      ])
    for key in TextLayerState.needsDisplayKeys.union(["contentsScale", "style"]) {
      #expect(CATextLayer.needsDisplay(forKey: key), "\(key)")
    }
    for key in ["bounds", "position", "opacity", "backgroundColor", "contents", "lineWidth"] {
      #expect(!CATextLayer.needsDisplay(forKey: key), "\(key)")
    }
    #expect(LayerState.needsDisplayKeys.isEmpty && ShapeLayerState.needsDisplayKeys.isEmpty)
  }

  /// Every declared row is in its class's registry, with the declared animatability, and
  /// the timing numbers keep infinity while other numbers refuse it.
  @Test func registriesAreTheDeclaredRows() {
    let classes: [(LayerPropertyRegistry, [any AnyLayerProperty])] = [
      (CALayer.propertyRegistry, LayerState.declaredProperties),
      (CAShapeLayer.propertyRegistry, ShapeLayerState.declaredProperties),
      (CAGradientLayer.propertyRegistry, GradientLayerState.declaredProperties),
      (CAReplicatorLayer.propertyRegistry, ReplicatorLayerState.declaredProperties),
      (CATextLayer.propertyRegistry, TextLayerState.declaredProperties),
      (CAEmitterLayer.propertyRegistry, EmitterLayerState.declaredProperties),
    ]
    for (registry, rows) in classes {
      #expect(!rows.isEmpty)
      for row in rows {
        let registered = registry.property(forKeyPath: row.key)
        #expect(registered?.isAnimatable == row.isAnimatable, "\(row.key)")
        #expect(registered.map { $0.valueType == row.valueType } == true, "\(row.key)")
      }
    }
    let animatable = Set(LayerState.declaredProperties.filter(\.isAnimatable).map(\.key))
    #expect(animatable.isSuperset(of: ["bounds", "opacity", "contents", "shadowPath", "hidden"]))
    #expect(animatable.isDisjoint(with: ["speed", "fillMode", "cornerCurve", "opaque"]))

    let layer = CALayer()
    layer.setValue(Double.infinity, forKey: "repeatCount")
    layer.setValue(Double.infinity, forKey: "minificationFilterBias")
    #expect(layer.repeatCount == .infinity)
    #expect(layer.minificationFilterBias == 0)
  }
}
