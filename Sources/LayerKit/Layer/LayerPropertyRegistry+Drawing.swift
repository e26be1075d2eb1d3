import Foundation

extension LayerPropertyRegistry {
  /// `CAShapeLayer`'s registry: every `CALayer` property plus the shape's. All are
  /// animatable except `fillRule`, `lineCap` and `lineJoin`.
  package static let shapeLayer = LayerPropertyRegistry.layer.adding([
    LayerProperty("path", \.shapeState.path, animatable: true),
    LayerProperty("fillColor", \.shapeState.fillColor, animatable: true),
    LayerProperty("strokeColor", \.shapeState.strokeColor, animatable: true),
    LayerProperty("lineWidth", \.shapeState.lineWidth, animatable: true),
    LayerProperty("miterLimit", \.shapeState.miterLimit, animatable: true),
    LayerProperty("lineDashPattern", \.shapeState.lineDashPattern, animatable: true),
    LayerProperty("lineDashPhase", \.shapeState.lineDashPhase, animatable: true),
    LayerProperty("strokeStart", \.shapeState.strokeStart, animatable: true),
    LayerProperty("strokeEnd", \.shapeState.strokeEnd, animatable: true),
    PlainLayerProperty(named: "fillRule", \.shapeState.fillRule, known: [.nonZero, .evenOdd]),
    PlainLayerProperty(named: "lineCap", \.shapeState.lineCap, known: [.butt, .round, .square]),
    PlainLayerProperty(named: "lineJoin", \.shapeState.lineJoin, known: [.miter, .round, .bevel]),
  ])

  /// `CAGradientLayer`'s registry: `colors`, `locations`, `startPoint` and `endPoint`
  /// are animatable, `type` is not.
  package static let gradientLayer = LayerPropertyRegistry.layer.adding([
    LayerProperty("colors", \.gradientState.colors, animatable: true),
    LayerProperty("locations", \.gradientState.locations, animatable: true),
    LayerProperty("startPoint", \.gradientState.startPoint, animatable: true),
    LayerProperty("endPoint", \.gradientState.endPoint, animatable: true),
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
