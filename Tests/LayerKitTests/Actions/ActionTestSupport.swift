import Foundation

@testable import LayerKit

/// A committed context with a manual clock and a root layer, for action tests.
struct ActionScene {
  let clock = CAManualClock()
  let context: CAContext
  let root = CALayer()

  init() {
    settleTransactions()
    context = CAContext(clock: clock)
    root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
    context.layer = root
    context.commit()
  }

  /// A sublayer of the committed root, committed too.
  func attachedLayer() -> CALayer {
    let layer = CALayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    root.addSublayer(layer)
    CATransaction.commit()
    context.commit()
    return layer
  }
}

extension ActionScene {
  /// A committed scene whose attached layer runs `animation` for 1 s from time 0, filled
  /// both ways and kept after its end.
  static func layer(running animation: CAAnimation) -> (ActionScene, CALayer) {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    animation.duration = 1
    animation.fillMode = .both
    animation.isRemovedOnCompletion = false
    layer.add(animation, forKey: "animation")
    scene.context.commit()
    return (scene, layer)
  }
}

/// An action that records every run.
final class RecordingAction: CAAction {
  let name: String
  private(set) var runs: [(event: String, layer: CALayer?)] = []
  var onRun: ((String, CALayer) -> Void)?

  init(_ name: String) { self.name = name }

  func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
    runs.append((event, anObject as? CALayer))
    if let layer = anObject as? CALayer { onRun?(event, layer) }
  }
}

/// A delegate that answers the action search from a table (nil: continue the search).
final class ActionTableDelegate: CALayerDelegate {
  var table: [String: any CAAction] = [:]
  var everything: (any CAAction)?
  func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
    table[event] ?? everything
  }
}

/// An animation delegate that writes to an event log.
final class LoggingAnimationDelegate: CAAnimationDelegate {
  let log: EventLog
  let name: String
  var onStop: (() -> Void)?
  init(_ log: EventLog, _ name: String) {
    self.log = log
    self.name = name
  }
  func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
    log.record("\(name) stop \(flag)")
    onStop?()
  }
}

/// The four control points' coordinates of a timing function.
func controlPoints(_ f: CAMediaTimingFunction?) -> [Float]? {
  guard let f else { return nil }
  var result: [Float] = []
  for i in 0..<4 {
    var v: [Float] = [0, 0]
    f.getControlPoint(at: i, values: &v)
    result += v
  }
  return result
}

/// A 2×2 opaque image of one colour.
func solidImage(_ value: UInt8) -> CGImage {
  CGImage(width: 2, height: 2, premultipliedRGBA: [UInt8](repeating: value, count: 16))!
}
