import Foundation
import LayerKit

/// A text table of `layer`'s presentation values for `keyPaths` at each of `times`, one
/// line per time: `t=0.250 opacity=0.5000 position=(20.0000, 20.0000)`.
///
/// The layer is stepped the way ``renderFrames(of:at:size:scale:)`` steps it (a fresh
/// context on a manual clock from 0, times non-decreasing), and each value is read with
/// `presentation()?.value(forKeyPath:)`. Numbers print with four decimals, so the text is
/// stable across runs and readable in a diff; a key path with no value prints `nil`.
///
/// With `sublayers` true, each sublayer (depth first) adds its own line after its parent's,
/// labelled by its `name` or by its index path such as `[0.1]`.
public func presentationDump(
  of layer: CALayer, keyPaths: [String], at times: [CFTimeInterval], sublayers: Bool = false
) -> String {
  let clock = CAManualClock()
  let context = CAContext(clock: clock)
  context.layer = layer
  context.commit()
  var lines: [String] = []
  for time in times {
    context.advance(by: max(0, time - context.time))
    let stamp = "t=" + String(format: "%.3f", time)
    var stack: [(CALayer, String)] = [(layer, "")]
    while let (current, label) = stack.popLast() {
      let presented = current.presentation() ?? current
      let values = keyPaths.map { key in
        key + "=" + PresentationValueFormat.describe(presented.value(forKeyPath: key))
      }
      lines.append(([stamp] + (label.isEmpty ? [] : [label]) + values).joined(separator: " "))
      guard sublayers else { continue }
      let children = current.sublayers ?? []
      for (i, child) in children.enumerated().reversed() {
        let path = label.isEmpty ? "[\(i)" : String(label.dropLast()) + ".\(i)"
        stack.append((child, child.name.map { "\"\($0)\"" } ?? path + "]"))
      }
    }
  }
  return lines.joined(separator: "\n") + "\n"
}

/// How ``presentationDump(of:keyPaths:at:sublayers:)`` prints a value.
enum PresentationValueFormat {
  static func number(_ value: Double) -> String {
    let text = String(format: "%.4f", value)
    return text == "-0.0000" ? "0.0000" : text
  }

  static func describe(_ value: Any?) -> String {
    guard let value else { return "nil" }
    switch value {
    case let v as CGFloat: return number(Double(v))
    case let v as Double: return number(v)
    case let v as Float: return number(Double(v))
    case let v as Int: return String(v)
    case let v as Bool: return String(v)
    case let v as NSNumber: return number(v.doubleValue)
    case let v as CGPoint: return "(\(number(v.x)), \(number(v.y)))"
    case let v as CGSize: return "(\(number(v.width)) × \(number(v.height)))"
    case let v as CGRect:
      return "(\(number(v.minX)), \(number(v.minY)), \(number(v.width)) × \(number(v.height)))"
    case let v as CGColor:
      let channels = [v.red, v.green, v.blue, v.alpha].map { number(Double($0)) }
      return "rgba(" + channels.joined(separator: ", ") + ")"
    case let v as CATransform3D:
      let rows = [
        [v.m11, v.m12, v.m13, v.m14], [v.m21, v.m22, v.m23, v.m24],
        [v.m31, v.m32, v.m33, v.m34], [v.m41, v.m42, v.m43, v.m44],
      ]
      return "["
        + rows.map { $0.map { number(Double($0)) }.joined(separator: " ") }
        .joined(separator: "; ") + "]"
    case let v as CGAffineTransform:
      return "["
        + [v.a, v.b, v.c, v.d, v.tx, v.ty].map { number(Double($0)) }
        .joined(separator: " ") + "]"
    case let v as String: return "\"\(v)\""
    case let v as [Any]: return "[" + v.map { describe($0) }.joined(separator: ", ") + "]"
    default: return String(describing: value)
    }
  }
}
