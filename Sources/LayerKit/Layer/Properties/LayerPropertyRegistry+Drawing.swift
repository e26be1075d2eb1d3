import Foundation

extension LayerPropertyRegistry {
  /// `CAShapeLayer`'s registry: every `CALayer` property plus the shape's. All are
  /// animatable except `fillRule`, `lineCap` and `lineJoin`.
  package static let shapeLayer = LayerPropertyRegistry.layer.adding([
    LayerProperty(
      "path", animatable: true, get: { $0.shapeState.path }, set: { $0.shapeState.path = $1 }),
    LayerProperty(
      "fillColor", animatable: true, get: { $0.shapeState.fillColor },
      set: { $0.shapeState.fillColor = $1 }),
    LayerProperty(
      "strokeColor", animatable: true, get: { $0.shapeState.strokeColor },
      set: { $0.shapeState.strokeColor = $1 }),
    LayerProperty(
      "lineWidth", animatable: true, get: { $0.shapeState.lineWidth },
      set: { $0.shapeState.lineWidth = $1 }),
    LayerProperty("miterLimit", \.shapeState.miterLimit, animatable: true),
    LayerProperty("lineDashPattern", \.shapeState.lineDashPattern, animatable: true),
    LayerProperty(
      "lineDashPhase", animatable: true, get: { $0.shapeState.lineDashPhase },
      set: { $0.shapeState.lineDashPhase = $1 }),
    LayerProperty(
      "strokeStart", animatable: true, get: { $0.shapeState.strokeStart },
      set: { $0.shapeState.strokeStart = $1 }),
    LayerProperty(
      "strokeEnd", animatable: true, get: { $0.shapeState.strokeEnd },
      set: { $0.shapeState.strokeEnd = $1 }),
    PlainLayerProperty(named: "fillRule", \.shapeState.fillRule, known: [.nonZero, .evenOdd]),
    PlainLayerProperty(named: "lineCap", \.shapeState.lineCap, known: [.butt, .round, .square]),
    PlainLayerProperty(named: "lineJoin", \.shapeState.lineJoin, known: [.miter, .round, .bevel]),
  ])

  /// `CAGradientLayer`'s registry: `colors`, `locations`, `startPoint` and `endPoint`
  /// are animatable, `type` is not.
  package static let gradientLayer = LayerPropertyRegistry.layer.adding([
    LayerProperty(
      "colors", animatable: true, get: { $0.gradientState.colors },
      set: { $0.gradientState.colors = $1 }),
    LayerProperty(
      "locations", animatable: true, get: { $0.gradientState.locations },
      set: { $0.gradientState.locations = $1 }),
    LayerProperty(
      "startPoint", animatable: true, get: { $0.gradientState.startPoint },
      set: { $0.gradientState.startPoint = $1 }),
    LayerProperty(
      "endPoint", animatable: true, get: { $0.gradientState.endPoint },
      set: { $0.gradientState.endPoint = $1 }),
    LayerProperty(
      "startPoint.x", root: "startPoint", animatable: true,
      get: { $0.gradientState.startPoint.x }, set: { $0.gradientState.startPoint.x = $1 }),
    LayerProperty(
      "startPoint.y", root: "startPoint", animatable: true,
      get: { $0.gradientState.startPoint.y }, set: { $0.gradientState.startPoint.y = $1 }),
    LayerProperty(
      "endPoint.x", root: "endPoint", animatable: true,
      get: { $0.gradientState.endPoint.x }, set: { $0.gradientState.endPoint.x = $1 }),
    LayerProperty(
      "endPoint.y", root: "endPoint", animatable: true,
      get: { $0.gradientState.endPoint.y }, set: { $0.gradientState.endPoint.y = $1 }),
    PlainLayerProperty(named: "type", \.gradientState.type, known: [.axial, .radial, .conic]),
  ])

  /// `CAReplicatorLayer`'s registry: the instance transform, delay, colour and colour
  /// offsets are animatable; `instanceCount` and `preservesDepth` are not.
  package static let replicatorLayer = LayerPropertyRegistry.layer.adding([
    PlainLayerProperty("instanceCount", \.replicatorState.instanceCount) { any in
      animationScalar(any).flatMap { $0.isFinite && $0 >= 0 ? Int($0) : nil }
    },
    LayerProperty("preservesDepth", \.replicatorState.preservesDepth, animatable: false),
    LayerProperty("instanceTransform", \.replicatorState.instanceTransform, animatable: true),
    LayerProperty<CGFloat>(
      "instanceDelay", animatable: true,
      get: { CGFloat($0.replicatorState.instanceDelay) },
      set: { $0.replicatorState.instanceDelay = Double($1) }),
    LayerProperty("instanceColor", \.replicatorState.instanceColor, animatable: true),
    LayerProperty("instanceRedOffset", \.replicatorState.instanceRedOffset, animatable: true),
    LayerProperty("instanceGreenOffset", \.replicatorState.instanceGreenOffset, animatable: true),
    LayerProperty("instanceBlueOffset", \.replicatorState.instanceBlueOffset, animatable: true),
    LayerProperty("instanceAlphaOffset", \.replicatorState.instanceAlphaOffset, animatable: true),
  ])
}
