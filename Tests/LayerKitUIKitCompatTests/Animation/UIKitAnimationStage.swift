import LayerKit

@testable import LayerKitUIKitCompat

/// A window's worth of views in a context driven by a manual clock, for animation tests.
final class UIKitAnimationStage {
  let clock = CAManualClock()
  let context: CAContext
  let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
  let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))

  init() {
    context = CAContext(clock: clock)
    context.layer = root.layer
    root.addSubview(view)
    context.commit()
  }

  /// Commits, then moves the clock by `seconds` and evaluates the frame.
  func step(_ seconds: Double) { context.advance(by: seconds) }

  var shown: CALayer { view.layer.presentation()! }
  var opacity: Double { Double(shown.opacity) }
  var position: CGPoint { shown.position }
}

/// UIKit's ease in and out at `t` (Core Animation's control points (0.42, 0), (0.58, 1)).
func easeInOut(_ t: Double) -> Double {
  Double(CAMediaTimingFunction(name: .easeInEaseOut)._solve(forInput: Float(t)))
}
