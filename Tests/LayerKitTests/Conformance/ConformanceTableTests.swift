import Foundation
import Testing

@testable import LayerKit

/// Runs every row of `CoreAnimationConformance.json`: the expected Core Animation values
/// LayerKit is tested against, each with its inputs, tolerance and source (Apple's
/// documentation, a measurement on QuartzCore, an inference from both, or LayerKit's
/// documented choice). Each row's `kind` selects one evaluator in `ConformanceRunner`.
@Suite struct ConformanceTableTests {
  @Test func tableIsWellFormed() throws {
    let table = try ConformanceTable.load()
    #expect(table.schema == 1)
    #expect(!table.cases.isEmpty)
    var seen = Set<String>()
    for row in table.cases {
      #expect(seen.insert(row.id).inserted, "duplicate id \(row.id)")
      #expect(
        ["measured", "doc", "inferred", "choice"].contains(row.source),
        "\(row.id): source \(row.source)")
      #expect(!row.reference.isEmpty, "\(row.id): no reference")
      #expect(ConformanceRunner.kinds.contains(row.kind), "\(row.id): unknown kind \(row.kind)")
    }
  }

  @Test(arguments: ConformanceTable.ids)
  func row(_ id: String) throws {
    let row = try #require(try ConformanceTable.load().cases.first { $0.id == id })
    let actual = try ConformanceRunner.evaluate(row)
    let mismatch = ConformanceValue.mismatch(
      actual: actual, expected: row.expected, tolerance: row.tolerance)
    #expect(mismatch == nil, "\(row.id) (\(row.source)): \(mismatch ?? "")")
  }
}

/// A JSON value of the table.
enum JSON: Decodable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSON])
  case object([String: JSON])

  init(from decoder: Decoder) throws {
    let c = try decoder.singleValueContainer()
    if c.decodeNil() {
      self = .null
    } else if let b = try? c.decode(Bool.self) {
      self = .bool(b)
    } else if let d = try? c.decode(Double.self) {
      self = .number(d)
    } else if let s = try? c.decode(String.self) {
      self = .string(s)
    } else if let a = try? c.decode([JSON].self) {
      self = .array(a)
    } else {
      self = .object(try c.decode([String: JSON].self))
    }
  }

  subscript(key: String) -> JSON? {
    if case .object(let o) = self { return o[key] }
    return nil
  }

  /// A number, or the strings "inf", "-inf", "nan".
  var number: Double? {
    switch self {
    case .number(let d): return d
    case .string("inf"), .string("+inf"): return .infinity
    case .string("-inf"): return -.infinity
    case .string("nan"): return .nan
    default: return nil
    }
  }

  var numbers: [Double]? {
    guard case .array(let a) = self else { return nil }
    let out = a.compactMap(\.number)
    return out.count == a.count ? out : nil
  }

  var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  var bool: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }
}

/// One row of the table.
struct ConformanceCase: Decodable, Sendable {
  var id: String
  var kind: String
  var inputs: JSON
  var expected: JSON
  var tolerance: Double
  var source: String
  var reference: String

  enum CodingKeys: String, CodingKey {
    case id, kind, inputs, expected, tolerance, source, reference
  }

  init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(String.self, forKey: .id)
    kind = try c.decode(String.self, forKey: .kind)
    inputs = try c.decodeIfPresent(JSON.self, forKey: .inputs) ?? .object([:])
    expected = try c.decodeIfPresent(JSON.self, forKey: .expected) ?? .null
    tolerance = try c.decodeIfPresent(Double.self, forKey: .tolerance) ?? 0
    source = try c.decode(String.self, forKey: .source)
    reference = try c.decode(String.self, forKey: .reference)
  }
}

/// The table file, parsed.
struct ConformanceTable: Decodable, Sendable {
  var schema: Int
  var cases: [ConformanceCase]

  static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("CoreAnimationConformance.json")

  static func load() throws -> ConformanceTable {
    try JSONDecoder().decode(ConformanceTable.self, from: Data(contentsOf: url))
  }

  /// Every row's id (empty when the file cannot be read; `tableIsWellFormed` then fails).
  static var ids: [String] { (try? load().cases.map(\.id)) ?? [] }
}

enum ConformanceError: Error, CustomStringConvertible {
  case malformed(String)
  var description: String {
    switch self {
    case .malformed(let s): return s
    }
  }
}

/// Core Animation classes by name.
enum ConformanceClasses {
  static func layerClass(named name: String) -> CALayer.Type? {
    switch name {
    case "CALayer": return CALayer.self
    case "CAShapeLayer": return CAShapeLayer.self
    case "CAGradientLayer": return CAGradientLayer.self
    case "CATextLayer": return CATextLayer.self
    case "CAReplicatorLayer": return CAReplicatorLayer.self
    case "CATransformLayer": return CATransformLayer.self
    default: return nil
    }
  }

  static func layer(named name: String) -> CALayer? {
    switch name {
    case "CALayer": return CALayer()
    case "CAShapeLayer": return CAShapeLayer()
    case "CAGradientLayer": return CAGradientLayer()
    case "CATextLayer": return CATextLayer()
    case "CAReplicatorLayer": return CAReplicatorLayer()
    case "CATransformLayer": return CATransformLayer()
    default: return nil
    }
  }

  static func animationClass(named name: String) -> CAAnimation.Type? {
    switch name {
    case "CAAnimation": return CAAnimation.self
    case "CAPropertyAnimation": return CAPropertyAnimation.self
    case "CABasicAnimation": return CABasicAnimation.self
    case "CAKeyframeAnimation": return CAKeyframeAnimation.self
    case "CASpringAnimation": return CASpringAnimation.self
    case "CATransition": return CATransition.self
    case "CAAnimationGroup": return CAAnimationGroup.self
    default: return nil
    }
  }
}

/// Comparing Swift values with the table's JSON.
enum ConformanceValue {
  /// A Swift value in the table's terms: nil, a number, a bool, a string, or numbers.
  static func normalized(_ value: Any?) -> JSON {
    guard let value, !isNilValue(value), !(value is NSNull) else { return .null }
    switch value {
    case let b as Bool: return .bool(b)
    case let p as CGPoint: return .array([.number(p.x), .number(p.y)])
    case let s as CGSize: return .array([.number(s.width), .number(s.height)])
    case let r as CGRect:
      return .array([r.origin.x, r.origin.y, r.size.width, r.size.height].map { .number($0) })
    case let c as CGColor:
      return .array([c.red, c.green, c.blue, c.alpha].map { .number(Double($0)) })
    case let t as CATransform3D: return .array(t.entries.map { .number(Double($0)) })
    case let s as String: return .string(s)
    case let a as InterpolatableArray<CGFloat>:
      return .array(a.elements.map { .number(Double($0)) })
    case let a as InterpolatableArray<CGColor>: return normalized(a.elements)
    case let r as any RawRepresentable:
      if let s = r.rawValue as? String { return .string(s) }
    default: break
    }
    if let d = animationScalar(value) { return .number(d) }
    if let list = value as? [Any] { return .array(list.map { normalized($0) }) }
    return .string("\(type(of: value))")
  }

  /// Nil when `actual` matches `expected` within `tolerance`, else why not.
  static func mismatch(actual: Any?, expected: JSON, tolerance: Double) -> String? {
    compare(normalized(actual), expected, tolerance)
  }

  static func compare(_ a: JSON, _ e: JSON, _ tolerance: Double) -> String? {
    switch e {
    case .null:
      if case .null = a { return nil }
    case .bool(let b):
      if a.bool == b { return nil }
    case .string(let s) where e.number == nil:
      if a.string == s { return nil }
    case .array(let list):
      if case .array(let got) = a, got.count == list.count,
        zip(got, list).allSatisfy({ compare($0, $1, tolerance) == nil })
      {
        return nil
      }
    default:
      if let x = a.number, let y = e.number, x == y || abs(x - y) <= tolerance { return nil }
    }
    return "expected \(e) (± \(tolerance)), got \(a)"
  }
}
