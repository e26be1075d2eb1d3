import ArgumentParser

/// Parsers for the viewer's option values; a bad value says what was expected.
enum ViewerArgument {
  /// A width and height in points.
  struct Size: Equatable {
    var width: Int
    var height: Int
  }

  /// Largest image side in pixels.
  static let maximumPixels = 16384

  static func size(_ text: String) throws -> Size {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0,
      w <= maximumPixels, h <= maximumPixels
    else {
      throw ValidationError(
        "expected WIDTHxHEIGHT such as 640x480, each from 1 to \(maximumPixels)")
    }
    return Size(width: w, height: h)
  }

  static func seconds(_ text: String, allowingZero: Bool) throws -> Double {
    guard let t = Double(text), t.isFinite, allowingZero ? t >= 0 : t > 0 else {
      throw ValidationError(
        allowingZero ? "expected seconds, 0 or more" : "expected seconds, more than 0")
    }
    return t
  }

  static func positive(_ text: String, expected: String) throws -> Double {
    guard let value = Double(text), value.isFinite, value > 0 else {
      throw ValidationError("expected \(expected)")
    }
    return value
  }

  /// A progress through an animation, 0 to 1.
  static func progress(_ text: String) throws -> Double {
    guard let p = Double(text), p.isFinite, (0...1).contains(p) else {
      throw ValidationError("expected a progress from 0 to 1, such as 0.25")
    }
    return p
  }

  static func count(_ text: String, range: ClosedRange<Int>, what: String) throws -> Int {
    guard let n = Int(text), range.contains(n) else {
      throw ValidationError("expected \(what) from \(range.lowerBound) to \(range.upperBound)")
    }
    return n
  }
}
