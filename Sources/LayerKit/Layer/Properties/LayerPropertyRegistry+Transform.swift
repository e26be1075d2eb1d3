import Foundation

/// The `transform.*` and `sublayerTransform.*` sub-paths.
///
/// A sub-path reads one component of the transform's decomposition
/// (`CATransform3DDecomposition`: scale, skew, Euler x–y–z rotation, translation,
/// perspective) and writes by recomposing the transform with that component replaced and
/// every other component kept:
///
/// | key path                      | value     | reads / writes                                  |
/// |-------------------------------|-----------|-------------------------------------------------|
/// | `rotation.x`, `.y`, `.z`      | radians   | the Euler angle about that axis                 |
/// | `rotation`                    | radians   | same as `rotation.z`                            |
/// | `scale.x`, `.y`, `.z`         | factor    | the scale along that axis                       |
/// | `scale`                       | factor    | reads the mean of x and y; writes all three     |
/// | `translation.x`, `.y`, `.z`   | points    | the translation along that axis                 |
/// | `translation`                 | `CGSize`  | the x and y translation                         |
///
/// A transform that cannot be decomposed (a zero scale, non-finite entries) reads as its
/// translation entries with no rotation and unit scale, and a write starts from that.
extension LayerPropertyRegistry {
  static func transformSubpaths(
    _ root: String, _ kp: WritableKeyPath<LayerState, CATransform3D> & Sendable
  ) -> [any AnyLayerProperty] {
    func scalar(
      _ suffix: String, get: @escaping @Sendable (CATransform3DDecomposition) -> Double,
      set: @escaping @Sendable (inout CATransform3DDecomposition, Double) -> Void
    ) -> any AnyLayerProperty {
      LayerProperty<CGFloat>(
        "\(root).\(suffix)", root: root, animatable: true,
        get: { CGFloat(get($0[keyPath: kp].editableDecomposition)) },
        set: { state, value in
          var d = state[keyPath: kp].editableDecomposition
          set(&d, Double(value))
          state[keyPath: kp] = CATransform3D(d)
        })
    }
    func rotation(_ axis: Int) -> @Sendable (inout CATransform3DDecomposition, Double) -> Void {
      { d, angle in
        var euler = SIMD3(d.rotationX, d.rotationY, d.rotationZ)
        euler[axis] = angle
        d.quaternion = CATransform3DDecomposition.quaternion(
          eulerX: euler.x, y: euler.y, z: euler.z)
      }
    }
    return [
      scalar("rotation.x", get: { $0.rotationX }, set: rotation(0)),
      scalar("rotation.y", get: { $0.rotationY }, set: rotation(1)),
      scalar("rotation.z", get: { $0.rotationZ }, set: rotation(2)),
      scalar("rotation", get: { $0.rotationZ }, set: rotation(2)),
      scalar("scale.x", get: { $0.scale.x }, set: { $0.scale.x = $1 }),
      scalar("scale.y", get: { $0.scale.y }, set: { $0.scale.y = $1 }),
      scalar("scale.z", get: { $0.scale.z }, set: { $0.scale.z = $1 }),
      scalar(
        "scale", get: { ($0.scale.x + $0.scale.y) / 2 }, set: { $0.scale = SIMD3(repeating: $1) }),
      scalar("translation.x", get: { $0.translation.x }, set: { $0.translation.x = $1 }),
      scalar("translation.y", get: { $0.translation.y }, set: { $0.translation.y = $1 }),
      scalar("translation.z", get: { $0.translation.z }, set: { $0.translation.z = $1 }),
      LayerProperty<CGSize>(
        "\(root).translation", root: root, animatable: true,
        get: {
          let t = $0[keyPath: kp].editableDecomposition.translation
          return CGSize(width: t.x, height: t.y)
        },
        set: { state, size in
          var d = state[keyPath: kp].editableDecomposition
          d.translation.x = Double(size.width)
          d.translation.y = Double(size.height)
          state[keyPath: kp] = CATransform3D(d)
        }),
    ]
  }
}

extension CATransform3D {
  /// The decomposition, or for a transform that has none, its translation entries with
  /// identity rotation, scale, skew and perspective.
  var editableDecomposition: CATransform3DDecomposition {
    if let d = decomposed() { return d }
    var d = CATransform3DDecomposition.identity
    let t = SIMD3(Double(m41), Double(m42), Double(m43))
    d.translation = SIMD3(t.x.isFinite ? t.x : 0, t.y.isFinite ? t.y : 0, t.z.isFinite ? t.z : 0)
    return d
  }
}

extension CATransform3DDecomposition {
  /// The unit quaternion of Euler angles applied about x, then y, then z (radians), the
  /// inverse of `rotationX`, `rotationY` and `rotationZ`.
  static func quaternion(eulerX: Double, y: Double, z: Double) -> SIMD4<Double> {
    let (sr, cr) = (sin(eulerX / 2), cos(eulerX / 2))
    let (sp, cp) = (sin(y / 2), cos(y / 2))
    let (sy, cy) = (sin(z / 2), cos(z / 2))
    return SIMD4(
      sr * cp * cy - cr * sp * sy,
      cr * sp * cy + sr * cp * sy,
      cr * cp * sy - sr * sp * cy,
      cr * cp * cy + sr * sp * sy)
  }
}
