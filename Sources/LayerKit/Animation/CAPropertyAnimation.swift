import Foundation

/// An animation of one layer property, named by a key path (`"position"`,
/// `"transform.rotation.z"`, `"backgroundColor"`).
open class CAPropertyAnimation: CAAnimation {
  /// The animated key path, relative to the layer.
  open var keyPath: String?
  /// Whether the animated value is added to the underlying (model or lower animation)
  /// value instead of replacing it; transforms concatenate. Default false.
  open var isAdditive = false
  /// Whether each repeat starts where the previous one ended. Default false.
  open var isCumulative = false
  /// Maps the animated scalars or arrays to a transform before they are applied.
  open var valueFunction: CAValueFunction?

  /// Creates an animation of `path`.
  public convenience init(keyPath path: String?) {
    self.init()
    keyPath = path
  }

  public required init() { super.init() }

  public required init(copying other: CAAnimation) {
    super.init(copying: other)
    if let o = other as? CAPropertyAnimation {
      keyPath = o.keyPath
      isAdditive = o.isAdditive
      isCumulative = o.isCumulative
      valueFunction = o.valueFunction
    }
  }
}
