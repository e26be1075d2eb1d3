import Foundation

// The geometric model properties. Setters refuse NaN and infinities (recording a
// diagnostic) and go through the funnel.
extension CALayer {
  /// The layer's own coordinate space: `origin` is the coordinate of its top-left
  /// corner, `size` its size in points. Default `.zero`. Animatable.
  ///
  /// A size change marks the layer as needing layout.
  public var bounds: CGRect {
    get { state.bounds }
    set { setCheckedModelValue(\.bounds, newValue, forKey: "bounds") }
  }

  /// Where the anchor point lies in the superlayer's coordinate space, in points.
  /// Default `.zero`. Animatable.
  public var position: CGPoint {
    get { state.position }
    set { setCheckedModelValue(\.position, newValue, forKey: "position") }
  }

  /// The layer's position on the z axis of the superlayer's space, in points; also
  /// orders siblings (higher is in front). Default 0. Animatable.
  public var zPosition: CGFloat {
    get { state.zPosition }
    set { setCheckedModelValue(\.zPosition, newValue, forKey: "zPosition") }
  }

  /// The point, in the unit square of `bounds`, that `position` places and `transform`
  /// turns about; (0, 0) is the top-left corner, (1, 1) the bottom-right. Changing it
  /// keeps `position` and moves `frame`. Default (0.5, 0.5). Animatable.
  public var anchorPoint: CGPoint {
    get { state.anchorPoint }
    set { setCheckedModelValue(\.anchorPoint, newValue, forKey: "anchorPoint") }
  }

  /// The anchor point's z coordinate, in points. Default 0. Animatable.
  public var anchorPointZ: CGFloat {
    get { state.anchorPointZ }
    set { setCheckedModelValue(\.anchorPointZ, newValue, forKey: "anchorPointZ") }
  }

  /// The transform applied to the layer about its anchor point. Default identity.
  /// Animatable (through its decomposition).
  public var transform: CATransform3D {
    get { state.transform }
    set { setCheckedModelValue(\.transform, newValue, forKey: "transform") }
  }

  /// The transform applied to the sublayers, about this layer's anchor point; the usual
  /// place for a shared perspective (`m34 = −1/d`). Default identity. Animatable.
  public var sublayerTransform: CATransform3D {
    get { state.sublayerTransform }
    set { setCheckedModelValue(\.sublayerTransform, newValue, forKey: "sublayerTransform") }
  }

  /// Whether the sublayers' coordinate space has its y axis pointing up (origin at the
  /// bottom-left of `bounds`). Default false.
  public var isGeometryFlipped: Bool {
    get { state.isGeometryFlipped }
    set { setModelValue(\.isGeometryFlipped, newValue, forKey: "geometryFlipped") }
  }

  /// Whether the layer and its sublayers are not drawn and not hit. Default false.
  /// Animatable.
  public var isHidden: Bool {
    get { state.isHidden }
    set { setModelValue(\.isHidden, newValue, forKey: "hidden") }
  }

  /// Whether the layer draws when facing away from the viewer. Default true.
  public var isDoubleSided: Bool {
    get { state.isDoubleSided }
    set { setModelValue(\.isDoubleSided, newValue, forKey: "doubleSided") }
  }

  /// The layer's opacity, in 0…1 (values outside are clamped when drawn). Default 1.
  /// Animatable.
  public var opacity: Float {
    get { state.opacity }
    set { setCheckedModelValue(\.opacity, newValue, forKey: "opacity") }
  }

  /// Whether sublayers (and contents) are clipped to the bounds, rounded by
  /// `cornerRadius`; also limits hit testing of sublayers. Default false. Animatable.
  public var masksToBounds: Bool {
    get { state.masksToBounds }
    set { setModelValue(\.masksToBounds, newValue, forKey: "masksToBounds") }
  }
}
