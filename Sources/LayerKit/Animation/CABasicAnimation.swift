import Foundation

/// An animation between two values of one property.
///
/// Which two values depends on which of `fromValue`, `toValue` and `byValue` are set
/// (model is the layer's model value, all in the property's type):
///
/// | set          | from → to                 |
/// |--------------|---------------------------|
/// | from, to     | from → to                 |
/// | from, by     | from → from + by          |
/// | by, to       | to − by → to              |
/// | from         | from → model              |
/// | to           | model → to                |
/// | by           | model → model + by        |
/// | none         | presentation → model      |
///
/// With `isAdditive`, a by-only animation runs 0 → by and the layer adds the value below
/// it once (model opacity 0.5, by 0.2: 0.5 → 0.7).
///
/// Values are converted to the property's type once, when the animation is added; a
/// value of the wrong type makes the whole animation do nothing and records a diagnostic.
open class CABasicAnimation: CAPropertyAnimation {
  /// The start value, or nil.
  open var fromValue: Any?
  /// The end value, or nil.
  open var toValue: Any?
  /// The change relative to the start (or end), or nil.
  open var byValue: Any?

  public required init() { super.init() }

  public required init(copying other: CAAnimation) {
    super.init(copying: other)
    if let o = other as? CABasicAnimation {
      fromValue = o.fromValue
      toValue = o.toValue
      byValue = o.byValue
    }
  }
}
