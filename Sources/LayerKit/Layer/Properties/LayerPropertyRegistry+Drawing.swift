import Foundation

extension LayerPropertyRegistry {
  /// `CAShapeLayer`'s registry: every `CALayer` property plus the shape's. All are
  /// animatable except `fillRule`, `lineCap` and `lineJoin`.
  package static let shapeLayer = LayerPropertyRegistry.layer.adding(
    ShapeLayerState.declaredProperties)

  /// `CAGradientLayer`'s registry: `colors`, `locations`, `startPoint` and `endPoint`
  /// are animatable, `type` is not.
  package static let gradientLayer = LayerPropertyRegistry.layer.adding(
    GradientLayerState.declaredProperties + [
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
    ])

  /// `CAReplicatorLayer`'s registry: the instance transform, delay, colour and colour
  /// offsets are animatable; `instanceCount` and `preservesDepth` are not.
  package static let replicatorLayer = LayerPropertyRegistry.layer.adding(
    ReplicatorLayerState.declaredProperties)
}
