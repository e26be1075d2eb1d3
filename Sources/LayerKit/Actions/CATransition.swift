import Foundation

/// An animation that replaces the whole rendering of a layer — its contents, its
/// appearance and its sublayers — with a fade or a slide.
///
/// Add one under ``kCATransition`` (any key given to `add(_:forKey:)` is replaced by
/// ``kCATransition``, so a layer runs one transition at a time), then change the layer in
/// the same transaction; or make it the action of a property, as seed 004 does:
///
/// ```swift
/// let push = CATransition()
/// push.duration = 1
/// push.timingFunction = CAMediaTimingFunction(name: .easeIn)
/// push.type = .push
/// push.subtype = .fromRight
/// layer.actions = ["contents": push]
/// layer.contents = nextImage   // the old image is pushed out to the left
/// ```
///
/// When added, the transition captures the layer's outgoing state (its last rendered
/// state and its sublayers; for an action, with the changed property's previous value).
/// While it runs, the layer's presentation carries that snapshot and the transition's
/// progress (`TransitionPresentation`), from which the compositor draws both states.
///
/// Progress runs from ``startProgress`` to ``endProgress`` over the animation's active
/// duration, shaped by `timingFunction` (nil: linear).
open class CATransition: CAAnimation {
  /// The kind of transition. Default ``CATransitionType/fade``.
  open var type: CATransitionType = .fade
  /// The direction of a moving transition, or nil for ``CATransitionSubtype/fromLeft``
  /// (Core Animation's default direction). Default nil.
  open var subtype: CATransitionSubtype?
  /// The fraction of the transition shown when it starts, 0…1. Default 0.
  open var startProgress: Float = 0
  /// The fraction of the transition shown when it ends, 0…1 (may be less than
  /// ``startProgress`` to play backwards). Default 1.
  open var endProgress: Float = 1
  /// A filter object. LayerKit draws the four standard types only; a filter is kept but
  /// not used.
  open var filter: Any?

  /// The outgoing state captured when the transition was added to a layer, or nil
  /// before then.
  package var outgoingSnapshot: TransitionSnapshot?

  public required init() { super.init() }

  public required init(copying other: CAAnimation) {
    super.init(copying: other)
    if let o = other as? CATransition {
      type = o.type
      subtype = o.subtype
      startProgress = o.startProgress
      endProgress = o.endProgress
      filter = o.filter
      outgoingSnapshot = o.outgoingSnapshot
    }
  }

  /// `startProgress` and `endProgress` clamped to 0…1; NaN reads as the default.
  package var progressRange: (start: Double, end: Double) {
    func clamp(_ v: Float, _ fallback: Double) -> Double {
      v.isNaN ? fallback : min(max(Double(v), 0), 1)
    }
    return (clamp(startProgress, 0), clamp(endProgress, 1))
  }

  /// The transition's progress for a pass fraction `p` (0…1 of the active pass):
  /// the timing function applied, then mapped onto `startProgress…endProgress`.
  package func progress(atPassFraction p: Double) -> Double {
    let eased = timingFunction.map { $0.curve.evaluate(p) } ?? p
    let range = progressRange
    return range.start + (range.end - range.start) * eased
  }
}
