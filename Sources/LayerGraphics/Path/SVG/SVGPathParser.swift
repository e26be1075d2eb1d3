import Foundation

/// Parses SVG path data (the `d` attribute) into path storage.
///
/// The grammar is SVG 1.1/2's: commands `M L H V C S Q T A Z` in absolute (upper case)
/// and relative (lower case) forms; a command's arguments may repeat without repeating the
/// letter (after `M`, repeats are line-tos); numbers are `[+-]digits[.digits][e[+-]digits]`
/// or `[+-].digits…`, and a second `.` or a sign starts a new number (`1.5.5` is 1.5 and
/// .5); arguments are separated by white space and at most one comma, or by nothing when
/// unambiguous; arc flags are a single `0` or `1` and need no separator
/// (`a3.504 3.504 0 004.176 2.658` has flags 0 and 0, then x 4.176).
///
/// Arcs are converted with the endpoint-to-center conversion of the SVG implementation
/// notes: radii too small to reach the end point are scaled up, a zero radius gives a
/// line, an arc to its own start point is dropped; negative radii are taken as absolute.
/// The first error stops parsing: there is no partial result.
package struct SVGPathParser {
  private let bytes: [UInt8]
  private var i = 0
  private var storage = PathStorage()
  private var current = CGPoint.zero
  private var subpathStart = CGPoint.zero
  /// The reflected control point for `S`/`T`, or nil when the previous command was of the
  /// other family.
  private var lastCubicControl: CGPoint?
  private var lastQuadControl: CGPoint?

  package init(_ text: String) {
    self.bytes = Array(text.utf8)
  }

  /// Parses the whole string.
  package static func parse(_ text: String) throws(SVGPathError) -> PathStorage {
    var parser = SVGPathParser(text)
    try parser.run()
    return parser.storage
  }

  // MARK: - Lexing

  @inline(__always)
  private static func isSpace(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C
  }

  @inline(__always)
  private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

  private mutating func skipSpaces() {
    while i < bytes.count && Self.isSpace(bytes[i]) { i += 1 }
  }

  /// Skips white space and at most one comma; returns whether a comma was skipped.
  private mutating func skipSeparator() -> Bool {
    skipSpaces()
    if i < bytes.count && bytes[i] == UInt8(ascii: ",") {
      i += 1
      skipSpaces()
      return true
    }
    return false
  }

  /// Whether the next byte can start a number.
  private var atNumberStart: Bool {
    guard i < bytes.count else { return false }
    let c = bytes[i]
    return Self.isDigit(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
      || c == UInt8(ascii: ".")
  }

  private func failure(_ kind: SVGPathError.Kind, at offset: Int? = nil) -> SVGPathError {
    if offset == nil && i >= bytes.count {
      return SVGPathError(kind: .unexpectedEnd, offset: bytes.count)
    }
    return SVGPathError(kind: kind, offset: offset ?? i)
  }

  /// Reads one number at the cursor (no leading white space).
  private mutating func number() throws(SVGPathError) -> CGFloat {
    let begin = i
    guard i < bytes.count else { throw failure(.expectedNumber) }
    if bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
    var digits = 0
    while i < bytes.count && Self.isDigit(bytes[i]) {
      i += 1
      digits += 1
    }
    if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
      i += 1
      while i < bytes.count && Self.isDigit(bytes[i]) {
        i += 1
        digits += 1
      }
    }
    guard digits > 0 else {
      // A lone sign or dot: point at what follows it (or at the bad byte itself).
      let at = i > begin ? i : begin
      if at >= bytes.count { throw SVGPathError(kind: .unexpectedEnd, offset: bytes.count) }
      throw SVGPathError(kind: .expectedNumber, offset: at)
    }
    if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
      i += 1
      if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) {
        i += 1
      }
      guard i < bytes.count else { throw SVGPathError(kind: .unexpectedEnd, offset: bytes.count) }
      guard Self.isDigit(bytes[i]) else { throw SVGPathError(kind: .expectedNumber, offset: i) }
      while i < bytes.count && Self.isDigit(bytes[i]) { i += 1 }
    }
    var text = String(decoding: bytes[begin..<i], as: UTF8.self)
    if text.hasSuffix(".") { text += "0" }
    if text.hasPrefix(".") || text.hasPrefix("-.") || text.hasPrefix("+.") {
      text = text.replacingOccurrences(of: ".", with: "0.")
    }
    guard let value = Double(text), value.isFinite else {
      throw SVGPathError(kind: .numberOutOfRange, offset: begin)
    }
    return CGFloat(value)
  }

  /// Reads an argument: separators first (a comma only between arguments), then a number.
  private mutating func argument(first: Bool) throws(SVGPathError) -> CGFloat {
    if first { skipSpaces() } else { _ = skipSeparator() }
    guard i < bytes.count else { throw SVGPathError(kind: .unexpectedEnd, offset: bytes.count) }
    return try number()
  }

  private mutating func flag() throws(SVGPathError) -> Bool {
    _ = skipSeparator()
    guard i < bytes.count else { throw SVGPathError(kind: .unexpectedEnd, offset: bytes.count) }
    let c = bytes[i]
    guard c == UInt8(ascii: "0") || c == UInt8(ascii: "1") else {
      throw SVGPathError(kind: .invalidFlag, offset: i)
    }
    i += 1
    return c == UInt8(ascii: "1")
  }

  /// A point from two coordinates, finite or an out-of-range error at `offset`.
  private func checked(_ p: CGPoint, offset: Int) throws(SVGPathError) -> CGPoint {
    guard p.x.isFinite && p.y.isFinite else {
      throw SVGPathError(kind: .numberOutOfRange, offset: offset)
    }
    return p
  }

  private mutating func pair(relative: Bool, first: Bool) throws(SVGPathError) -> CGPoint {
    let at = i
    let x = try argument(first: first)
    let y = try argument(first: false)
    let p = relative ? CGPoint(x: current.x + x, y: current.y + y) : CGPoint(x: x, y: y)
    return try checked(p, offset: at)
  }

  // MARK: - Commands

  private mutating func run() throws(SVGPathError) {
    skipSpaces()
    if i >= bytes.count { return }
    guard bytes[i] == UInt8(ascii: "M") || bytes[i] == UInt8(ascii: "m") else {
      let c = bytes[i]
      let isLetter = (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z")
      throw SVGPathError(kind: isLetter ? .expectedMoveTo : .expectedCommand, offset: i)
    }
    while true {
      skipSpaces()
      if i >= bytes.count { return }
      let letter = bytes[i]
      let command = letter | 0x20
      let relative = letter == command
      guard "mlhvcsqtaz".utf8.contains(command) else {
        throw SVGPathError(kind: .expectedCommand, offset: i)
      }
      i += 1
      if command == UInt8(ascii: "z") {
        closePath()
        continue
      }
      var firstRound = true
      repeat {
        try execute(command, relative: relative, firstRound: firstRound)
        firstRound = false
        // Another set of arguments follows when the next token is a number; a comma here
        // promises one.
        let comma = skipSeparator()
        if comma && !atNumberStart {
          if i >= bytes.count { throw SVGPathError(kind: .unexpectedEnd, offset: bytes.count) }
          throw SVGPathError(kind: .expectedNumber, offset: i)
        }
      } while atNumberStart
    }
  }

  private mutating func closePath() {
    storage.close()
    current = subpathStart
    lastCubicControl = nil
    lastQuadControl = nil
  }

  private mutating func execute(_ command: UInt8, relative: Bool, firstRound: Bool)
    throws(SVGPathError)
  {
    var cubicControl: CGPoint? = nil
    var quadControl: CGPoint? = nil
    switch command {
    case UInt8(ascii: "m"):
      let p = try pair(relative: relative, first: true)
      if firstRound {
        storage.move(to: p)
        subpathStart = p
      } else {
        storage.line(to: p)
      }
      current = p
    case UInt8(ascii: "l"):
      let p = try pair(relative: relative, first: true)
      storage.line(to: p)
      current = p
    case UInt8(ascii: "h"):
      let at = i
      let x = try argument(first: true)
      let p = try checked(CGPoint(x: relative ? current.x + x : x, y: current.y), offset: at)
      storage.line(to: p)
      current = p
    case UInt8(ascii: "v"):
      let at = i
      let y = try argument(first: true)
      let p = try checked(CGPoint(x: current.x, y: relative ? current.y + y : y), offset: at)
      storage.line(to: p)
      current = p
    case UInt8(ascii: "c"):
      let c1 = try pair(relative: relative, first: true)
      let c2 = try pair(relative: relative, first: false)
      let p = try pair(relative: relative, first: false)
      storage.curve(to: p, control1: c1, control2: c2)
      cubicControl = c2
      current = p
    case UInt8(ascii: "s"):
      let c1 = reflect(lastCubicControl)
      let c2 = try pair(relative: relative, first: true)
      let p = try pair(relative: relative, first: false)
      storage.curve(to: p, control1: c1, control2: c2)
      cubicControl = c2
      current = p
    case UInt8(ascii: "q"):
      let c = try pair(relative: relative, first: true)
      let p = try pair(relative: relative, first: false)
      storage.quad(to: p, control: c)
      quadControl = c
      current = p
    case UInt8(ascii: "t"):
      let c = reflect(lastQuadControl)
      let p = try pair(relative: relative, first: true)
      storage.quad(to: p, control: c)
      quadControl = c
      current = p
    default:  // "a"
      let at = i
      let rx = abs(try argument(first: true))
      let ry = abs(try argument(first: false))
      let angle = try argument(first: false)
      let largeArc = try flag()
      let sweep = try flag()
      let p = try pair(relative: relative, first: false)
      _ = try checked(CGPoint(x: rx, y: ry), offset: at)
      SVGArc.append(
        to: &storage, from: current, to: p, rx: rx, ry: ry, xAxisRotation: angle * .pi / 180,
        largeArc: largeArc, sweep: sweep)
      current = p
    }
    lastCubicControl = cubicControl
    lastQuadControl = quadControl
  }

  /// The reflection of `control` about the current point, or the current point itself.
  private func reflect(_ control: CGPoint?) -> CGPoint {
    guard let c = control else { return current }
    return CGPoint(x: 2 * current.x - c.x, y: 2 * current.y - c.y)
  }
}
