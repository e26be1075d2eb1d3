import Foundation

/// Why SVG path data could not be parsed, and where.
///
/// `offset` is a UTF-8 byte offset into the string: the first byte of the offending
/// token, or the string's UTF-8 length when the data ends too early.
public struct SVGPathError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// What the parser expected.
  public enum Kind: Equatable, Hashable, Sendable {
    /// Path data must begin with a moveto (`M` or `m`).
    case expectedMoveTo
    /// A command letter was expected (an unknown character, or a number after `Z`).
    case expectedCommand
    /// A number was expected (a coordinate, radius or angle).
    case expectedNumber
    /// An arc flag must be exactly `0` or `1`.
    case invalidFlag
    /// The data ended inside a command.
    case unexpectedEnd
    /// A number, or a coordinate it produced, is not finite (for example `1e999`).
    case numberOutOfRange
  }

  /// What went wrong.
  public var kind: Kind
  /// The UTF-8 byte offset of the problem in the path data.
  public var offset: Int

  public init(kind: Kind, offset: Int) {
    self.kind = kind
    self.offset = offset
  }

  /// A sentence saying what was expected and where.
  public var message: String {
    switch kind {
    case .expectedMoveTo:
      return "path data must start with a moveto command (M or m) at offset \(offset)"
    case .expectedCommand: return "expected a path command letter at offset \(offset)"
    case .expectedNumber: return "expected a number at offset \(offset)"
    case .invalidFlag: return "expected an arc flag (0 or 1) at offset \(offset)"
    case .unexpectedEnd: return "path data ended unexpectedly at offset \(offset)"
    case .numberOutOfRange: return "number out of range at offset \(offset)"
    }
  }

  public var description: String { "SVGPathError: \(message)" }
}
