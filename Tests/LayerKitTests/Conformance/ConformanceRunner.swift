import Foundation
import Testing

@testable import LayerKit

/// The evaluators of the conformance table, one per `kind`. Each reads its row's inputs,
/// drives LayerKit the way an app would (a manual clock, commits, `presentation()`), and
/// returns the Swift value that the row's `expected` is compared with.
///
/// Kinds and their inputs:
/// - `defaultValue`, `needsDisplay`, `defaultAction`: `class`, `key`; the class method's
///   answer (`defaultAction` answers the action's class name, or nil).
/// - `action`: `class`, `key`; the class name of `layer.action(forKey:)`, or nil.
/// - `convertPoint`, `convertRect`, `convertTime`: `layers` (each `name`, `parent`,
///   optional `bounds`, `position`, `anchorPoint`, `rotationZ`, `isGeometryFlipped`,
///   `beginTime`, `speed`, `timeOffset`), `from`, `to` (nil: absolute time or the root's
///   space), `value`; `from.convert(value, to: to)`, or with `"direction": "from"`
///   `to.convert(value, from: from)` (`convertTime` alike).
/// - `spring`: either `mass`, `stiffness`, `damping`, `initialVelocity`,
///   `allowsOverdamping`, or `perceptualDuration` and `bounce`; `property` names what is
///   read (`settlingDuration` when absent).
/// - `animationValue`: `layerClass` (default CALayer), `model` (key path → value, set
///   before the animation), `animation` (see `makeAnimation`), `time` (seconds after the
///   commit at 0 that starts the animation), `read` (key path read from the
///   presentation, default the animation's key path); the presented value.
/// - `transaction`: `scenario` `completionWithoutAnimations` (whether the block has run
///   when `commit()` returns) or `heldCopyTiming` (`animationDuration`, `commitTime`:
///   [held beginTime, held duration, given beginTime, given duration]).
enum ConformanceRunner {
  static let kinds: Set<String> = [
    "defaultValue", "needsDisplay", "defaultAction", "action", "convertPoint", "convertRect",
    "convertTime",
    "spring", "animationValue", "transaction",
  ]

  static func evaluate(_ row: ConformanceCase) throws -> Any? {
    let i = row.inputs
    switch row.kind {
    case "defaultValue":
      let key = try string(i, "key")
      let name = try string(i, "class")
      if let c = ConformanceClasses.animationClass(named: name) {
        return c.defaultValue(forKey: key)
      }
      return try layerClass(name).defaultValue(forKey: key)
    case "needsDisplay":
      return try layerClass(string(i, "class")).needsDisplay(forKey: string(i, "key"))
    case "defaultAction":
      return try layerClass(string(i, "class")).defaultAction(forKey: string(i, "key")).map {
        "\(type(of: $0))"
      }
    case "action":
      let layer = try #require(ConformanceClasses.layer(named: string(i, "class")))
      return try layer.action(forKey: string(i, "key")).map { "\(type(of: $0))" }
    case "convertPoint", "convertRect", "convertTime":
      return try convert(i, kind: row.kind)
    case "spring":
      return try spring(i)
    case "animationValue":
      return try animationValue(i)
    case "transaction":
      return try transaction(i)
    default:
      throw ConformanceError.malformed("unknown kind \(row.kind)")
    }
  }

  // MARK: Inputs

  static func string(_ i: JSON, _ key: String) throws -> String {
    guard let s = i[key]?.string else {
      throw ConformanceError.malformed("missing string '\(key)'")
    }
    return s
  }

  static func number(_ i: JSON, _ key: String) throws -> Double {
    guard let d = i[key]?.number else {
      throw ConformanceError.malformed("missing number '\(key)'")
    }
    return d
  }

  static func layerClass(_ name: String) throws -> CALayer.Type {
    guard let c = ConformanceClasses.layerClass(named: name) else {
      throw ConformanceError.malformed("unknown class \(name)")
    }
    return c
  }

  // MARK: Conversions

  /// Builds the named layers of `i["layers"]`, parents before children.
  static func layers(_ i: JSON) throws -> [String: CALayer] {
    guard case .array(let specs)? = i["layers"] else {
      throw ConformanceError.malformed("missing layers")
    }
    var byName: [String: CALayer] = [:]
    for spec in specs {
      let name = try string(spec, "name")
      let layer = CALayer()
      if let b = spec["bounds"]?.numbers, b.count == 4 {
        layer.bounds = CGRect(x: b[0], y: b[1], width: b[2], height: b[3])
      }
      if let p = spec["position"]?.numbers, p.count == 2 {
        layer.position = CGPoint(x: p[0], y: p[1])
      }
      if let a = spec["anchorPoint"]?.numbers, a.count == 2 {
        layer.anchorPoint = CGPoint(x: a[0], y: a[1])
      }
      if let r = spec["rotationZ"]?.number {
        layer.transform = CATransform3DMakeRotation(r, 0, 0, 1)
      }
      if let f = spec["isGeometryFlipped"]?.bool { layer.isGeometryFlipped = f }
      if let t = spec["beginTime"]?.number { layer.beginTime = t }
      if let s = spec["speed"]?.number { layer.speed = Float(s) }
      if let o = spec["timeOffset"]?.number { layer.timeOffset = o }
      if let parent = spec["parent"]?.string {
        guard let p = byName[parent] else {
          throw ConformanceError.malformed("parent \(parent) not defined yet")
        }
        p.addSublayer(layer)
      }
      byName[name] = layer
    }
    return byName
  }

  static func convert(_ i: JSON, kind: String) throws -> Any? {
    let all = try layers(i)
    func named(_ key: String) throws -> CALayer? {
      guard let n = i[key]?.string else { return nil }
      guard let l = all[n] else { throw ConformanceError.malformed("no layer \(n)") }
      return l
    }
    let from = try named("from")
    let to = try named("to")
    let reverse = i["direction"]?.string == "from"
    guard let receiver = reverse ? to : from else {
      throw ConformanceError.malformed("no receiver layer")
    }
    let other = reverse ? from : to
    switch kind {
    case "convertTime":
      let t = try number(i, "value")
      return reverse ? receiver.convertTime(t, from: other) : receiver.convertTime(t, to: other)
    case "convertPoint":
      guard let v = i["value"]?.numbers, v.count == 2 else {
        throw ConformanceError.malformed("value [x, y]")
      }
      let p = CGPoint(x: v[0], y: v[1])
      return reverse ? receiver.convert(p, from: other) : receiver.convert(p, to: other)
    default:
      guard let v = i["value"]?.numbers, v.count == 4 else {
        throw ConformanceError.malformed("value [x, y, w, h]")
      }
      let r = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
      return reverse ? receiver.convert(r, from: other) : receiver.convert(r, to: other)
    }
  }

  // MARK: Springs

  static func spring(_ i: JSON) throws -> Any? {
    let s: CASpringAnimation
    if let d = i["perceptualDuration"]?.number {
      s = CASpringAnimation(perceptualDuration: d, bounce: CGFloat(try number(i, "bounce")))
    } else {
      s = CASpringAnimation()
      if let v = i["mass"]?.number { s.mass = v }
      if let v = i["stiffness"]?.number { s.stiffness = v }
      if let v = i["damping"]?.number { s.damping = v }
      if let v = i["initialVelocity"]?.number { s.initialVelocity = v }
      if let v = i["allowsOverdamping"]?.bool { s.allowsOverdamping = v }
    }
    switch i["property"]?.string ?? "settlingDuration" {
    case "settlingDuration": return s.settlingDuration
    case "damping": return s.damping
    case "stiffness": return s.stiffness
    case "mass": return s.mass
    case "bounce": return s.bounce
    case "duration": return s.duration
    case "allowsOverdamping": return s.allowsOverdamping
    case let p: throw ConformanceError.malformed("unknown spring property \(p)")
    }
  }

  // MARK: Animation values

  /// A value for `keyPath` on `layer` from JSON: numbers as numbers, `[x, y]` as a point
  /// or size, `[x, y, w, h]` as a rect or colour (by the property's type), other arrays
  /// as arrays of numbers, `{"path": "<SVG path data>"}` as a path, `{"translate": [x, y, z]}`
  /// as a translation transform.
  static func value(_ j: JSON, forKeyPath keyPath: String?, on layer: CALayer) throws -> Any {
    if let d = j.number { return d }
    if let b = j.bool { return b }
    if let svg = j["path"]?.string { return try CGPath(svgPath: svg) }
    if let t = j["translate"]?.numbers, t.count == 3 {
      return CATransform3DMakeTranslation(t[0], t[1], t[2])
    }
    guard case .array(let items) = j else {
      throw ConformanceError.malformed("unsupported value \(j)")
    }
    let type = keyPath.flatMap {
      Swift.type(of: layer).propertyRegistry.property(forKeyPath: $0)?.valueType
    }
    if let n = j.numbers {
      if type == CGPoint.self, n.count == 2 { return CGPoint(x: n[0], y: n[1]) }
      if type == CGSize.self, n.count == 2 { return CGSize(width: n[0], height: n[1]) }
      if type == CGRect.self, n.count == 4 {
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
      }
      if type == CGColor?.self || type == CGColor.self, n.count == 4 {
        return CGColor(red: n[0], green: n[1], blue: n[2], alpha: n[3])
      }
      return n.map { NSNumber(value: $0) }
    }
    // Arrays of arrays: colour lists (gradient `colors`) or nested number lists.
    return try items.map { item -> Any in
      guard let n = item.numbers else {
        throw ConformanceError.malformed("unsupported value \(item)")
      }
      if keyPath == "colors", n.count == 4 {
        return CGColor(red: n[0], green: n[1], blue: n[2], alpha: n[3])
      }
      return n.map { NSNumber(value: $0) }
    }
  }

  static func timingFunction(_ j: JSON?) -> CAMediaTimingFunction? {
    guard let name = j?.string else { return nil }
    return CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: name))
  }

  /// An animation from its JSON description: `type` (`basic`, `spring`, `keyframe`,
  /// `group`), `keyPath`, `fromValue`, `toValue`, `byValue`, `values`, `keyTimes`,
  /// `path`, `calculationMode`, `valueFunction`, `timingFunction`, `animations`, and the
  /// timing properties (`beginTime`, `duration`, `speed`, `timeOffset`, `repeatCount`,
  /// `autoreverses`, `fillMode`, `isRemovedOnCompletion`, `isAdditive`, `isCumulative`),
  /// plus spring parameters (or `perceptualDuration` and `bounce`).
  static func makeAnimation(_ j: JSON, on layer: CALayer) throws -> CAAnimation {
    let keyPath = j["keyPath"]?.string
    let animation: CAAnimation
    switch j["type"]?.string ?? "basic" {
    case "group":
      let g = CAAnimationGroup()
      guard case .array(let children)? = j["animations"] else {
        throw ConformanceError.malformed("group animations")
      }
      g.animations = try children.map { try makeAnimation($0, on: layer) }
      animation = g
    case "keyframe":
      let k = CAKeyframeAnimation(keyPath: keyPath)
      if case .array(let values)? = j["values"] {
        k.values = try values.map { try value($0, forKeyPath: keyPath, on: layer) }
      }
      if let svg = j["path"]?.string { k.path = try CGPath(svgPath: svg) }
      if let times = j["keyTimes"]?.numbers { k.keyTimes = times.map { NSNumber(value: $0) } }
      if let mode = j["calculationMode"]?.string {
        k.calculationMode = CAAnimationCalculationMode(rawValue: mode)
      }
      animation = k
    case let type:
      let b: CABasicAnimation
      if type == "spring", let d = j["perceptualDuration"]?.number, let bounce = j["bounce"]?.number
      {
        b = CASpringAnimation(perceptualDuration: d, bounce: CGFloat(bounce))
        b.keyPath = keyPath
      } else {
        b =
          type == "spring"
          ? CASpringAnimation(keyPath: keyPath) : CABasicAnimation(keyPath: keyPath)
      }
      if let v = j["fromValue"] { b.fromValue = try value(v, forKeyPath: keyPath, on: layer) }
      if let v = j["toValue"] { b.toValue = try value(v, forKeyPath: keyPath, on: layer) }
      if let v = j["byValue"] { b.byValue = try value(v, forKeyPath: keyPath, on: layer) }
      if let s = b as? CASpringAnimation {
        if let v = j["mass"]?.number { s.mass = v }
        if let v = j["stiffness"]?.number { s.stiffness = v }
        if let v = j["damping"]?.number { s.damping = v }
        if let v = j["initialVelocity"]?.number { s.initialVelocity = v }
        if let v = j["allowsOverdamping"]?.bool { s.allowsOverdamping = v }
      }
      animation = b
    }
    if let p = animation as? CAPropertyAnimation {
      if let f = j["valueFunction"]?.string {
        p.valueFunction = CAValueFunction(name: CAValueFunctionName(rawValue: f))
      }
      if let v = j["isAdditive"]?.bool { p.isAdditive = v }
      if let v = j["isCumulative"]?.bool { p.isCumulative = v }
    }
    animation.timingFunction = timingFunction(j["timingFunction"])
    if let v = j["beginTime"]?.number { animation.beginTime = v }
    if let v = j["duration"]?.number { animation.duration = v }
    if let v = j["speed"]?.number { animation.speed = Float(v) }
    if let v = j["timeOffset"]?.number { animation.timeOffset = v }
    if let v = j["repeatCount"]?.number { animation.repeatCount = Float(v) }
    if let v = j["autoreverses"]?.bool { animation.autoreverses = v }
    if let v = j["fillMode"]?.string { animation.fillMode = CAMediaTimingFillMode(rawValue: v) }
    if let v = j["isRemovedOnCompletion"]?.bool { animation.isRemovedOnCompletion = v }
    return animation
  }

  static func animationValue(_ i: JSON) throws -> Any? {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    context.layer = root
    let layer = try #require(ConformanceClasses.layer(named: i["layerClass"]?.string ?? "CALayer"))
    if case .object(let model)? = i["model"] {
      for (keyPath, v) in model {
        layer.setValue(try value(v, forKeyPath: keyPath, on: layer), forKeyPath: keyPath)
      }
    }
    root.addSublayer(layer)
    context.commit()
    guard let spec = i["animation"] else { throw ConformanceError.malformed("missing animation") }
    let animation = try makeAnimation(spec, on: layer)
    layer.add(animation, forKey: "conformance")
    context.commit()
    clock.time = try number(i, "time")
    guard let read = i["read"]?.string ?? spec["keyPath"]?.string else {
      throw ConformanceError.malformed("nothing to read")
    }
    return layer.presentation()?.value(forKeyPath: read)
  }

  // MARK: Transactions

  static func transaction(_ i: JSON) throws -> Any? {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = CALayer()
    context.layer = root
    let layer = CALayer()
    root.addSublayer(layer)
    context.commit()
    switch try string(i, "scenario") {
    case "completionWithoutAnimations":
      nonisolated(unsafe) var ran = false
      CATransaction.begin()
      CATransaction.setCompletionBlock { ran = true }
      CATransaction.commit()
      return ran
    case "heldCopyTiming":
      clock.time = try number(i, "commitTime")
      let given = CABasicAnimation(keyPath: "opacity")
      given.fromValue = 0
      given.toValue = 1
      CATransaction.begin()
      CATransaction.setAnimationDuration(try number(i, "animationDuration"))
      layer.add(given, forKey: "fade")
      CATransaction.commit()
      let held = try #require(layer.animation(forKey: "fade"))
      return [held.beginTime, held.duration, given.beginTime, given.duration]
    case let s:
      throw ConformanceError.malformed("unknown scenario \(s)")
    }
  }
}
