import Foundation
import LayerKit

/// The inspector's text: a layer's model and presentation values side by side and its
/// running animations with their local times.
enum ViewerInspector {
  static func describe(_ layer: CALayer, in driver: SceneDriver) -> String {
    let presented = layer.presentation() ?? layer
    var lines = [
      "\(layer.name ?? String(describing: type(of: layer)))", "", "model | presentation",
    ]
    func row(_ name: String, _ model: String, _ shown: String) {
      lines.append("\(name): \(model) | \(shown)")
    }
    row("position", point(layer.position), point(presented.position))
    row("bounds", size(layer.bounds.size), size(presented.bounds.size))
    row("opacity", number(Double(layer.opacity)), number(Double(presented.opacity)))
    row("zPosition", number(layer.zPosition), number(presented.zPosition))
    row("rotation", angle(layer.transform), angle(presented.transform))
    row("background", color(layer.backgroundColor), color(presented.backgroundColor))
    if let shape = layer as? CAShapeLayer, let shown = presented as? CAShapeLayer {
      row("strokeEnd", number(shape.strokeEnd), number(shown.strokeEnd))
    }
    lines.append("")
    let keys = layer.animationKeys() ?? []
    lines.append(keys.isEmpty ? "no running animations" : "animations (local time):")
    let now = layer.convertTime(CACurrentMediaTime(), from: nil)
    for key in keys {
      guard let animation = layer.animation(forKey: key) else { continue }
      let local = (now - animation.beginTime) * Double(animation.speed) + animation.timeOffset
      let kind = String(describing: type(of: animation))
      lines.append(
        "• \(key): \(kind) \(String(format: "%.2f / %.2f s", local, animation.duration))")
    }
    lines.append("")
    lines.append(
      String(format: "stage time %.3f s · speed %.1f", driver.time, Double(driver.stage.speed)))
    return lines.joined(separator: "\n")
  }

  static func number(_ v: Double) -> String { String(format: "%.2f", v) }
  static func point(_ p: CGPoint) -> String { String(format: "(%.0f, %.0f)", p.x, p.y) }
  static func size(_ s: CGSize) -> String { String(format: "%.0f×%.0f", s.width, s.height) }
  static func angle(_ t: CATransform3D) -> String {
    String(format: "%.1f°", atan2(t.m12, t.m11) * 180 / .pi)
  }
  static func color(_ c: CGColor?) -> String {
    guard let c else { return "nil" }
    return String(format: "#%02X%02X%02X", Int(c.red * 255), Int(c.green * 255), Int(c.blue * 255))
  }
}
