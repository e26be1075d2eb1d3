import LayerKit

/// The UIKit animation scope open on this thread: what views answer when their layer asks
/// for an action.
///
/// UIKit keeps a stack of animation states per thread; here the innermost scope is a value
/// of the thread's `CATransaction` (under ``transactionKey``), so it nests, closes and
/// stays on its thread exactly as transactions do, with no state of its own anywhere else.
/// Every block (`UIView.animate`, `performWithoutAnimation`, keyframes, a property
/// animator's animations) opens one explicit transaction around its closure.
final class UIViewAnimationScope {
  /// What the scope does with a view's property change.
  enum Mode {
    /// An animation block: changes animate with these settings.
    case block(UIViewBlockAnimation)
    /// `performWithoutAnimation`, or a zero duration: changes apply at once.
    case withoutAnimation
    /// Keyframes or a property animator: changes are recorded, and animated afterwards
    /// by the one that opened the scope.
    case recording(UIViewAnimationRecorder)
  }

  let mode: Mode

  init(_ mode: Mode) { self.mode = mode }

  /// The transaction key under which the innermost scope is kept.
  static let transactionKey = "LayerKitUIKitCompat.UIViewAnimationScope"

  /// The innermost open scope, or nil outside every block.
  static var current: UIViewAnimationScope? {
    CATransaction.value(forKey: transactionKey) as? UIViewAnimationScope
  }

  /// The settings of the innermost animation block, or nil.
  static var currentBlock: UIViewBlockAnimation? {
    guard case .block(let block)? = current?.mode else { return nil }
    return block
  }

  /// Runs `body` inside a transaction whose scope is `mode`.
  ///
  /// - Parameters:
  ///   - completion: the transaction's completion block: it runs once every animation
  ///     added inside has finished or been removed, or inside the outermost commit when
  ///     none was added (LayerKit's `CATransaction` rule).
  ///   - afterBody: runs after `body`, still inside the transaction (keyframes and
  ///     animators add their animations there, so the completion waits for them).
  static func perform(
    _ mode: Mode, completion: (() -> Void)? = nil, _ body: () -> Void,
    afterBody: () -> Void = {}
  ) {
    CATransaction.begin()
    CATransaction.setValue(UIViewAnimationScope(mode), forKey: transactionKey)
    if let completion { CATransaction.setCompletionBlock(completion) }
    body()
    afterBody()
    CATransaction.commit()
  }

  /// The action a view answers for `event` on its own `layer` in this scope: nil (the
  /// view then answers `NSNull`) unless `event` is an animatable property.
  func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
    guard Self.isAnimatable(event, of: layer) else { return nil }
    switch mode {
    case .withoutAnimation: return nil
    case .block(let block): return block.duration > 0 ? UIViewAnimationAction(block) : nil
    case .recording(let recorder): return UIViewRecordingAction(recorder)
    }
  }

  /// Whether `event` names a whole animatable property of `layer` (not `hidden` or
  /// `contents`, which UIKit does not animate in blocks, and no event such as
  /// `onOrderIn`).
  static func isAnimatable(_ event: String, of layer: CALayer) -> Bool {
    guard event != "hidden", event != "contents",
      let property = type(of: layer).propertyRegistry.property(forKeyPath: event)
    else { return false }
    return property.isAnimatable && property.rootKey == event
  }
}
