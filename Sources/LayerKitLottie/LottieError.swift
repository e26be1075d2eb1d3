import Foundation

/// Why a Lottie file could not be loaded; every case names the JSON path of the offending
/// value (`$.layers[3].ks.p.k`) so the file can be fixed.
public enum LottieError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes are not JSON (truncated, wrong syntax, not UTF-8); `reason` is the parser's.
  case malformedJSON(reason: String)
  /// The value at `path` exists but has the wrong type or an impossible value.
  case invalidValue(path: String, expected: String)
  /// A required member is absent.
  case missingValue(path: String)
  /// A layer refers to an asset id that the file does not define.
  case missingAsset(path: String, id: String)
  /// Precomposition assets refer to each other in a cycle.
  case cyclicPrecomposition(path: String, id: String)
  /// The file exceeds a limit that keeps loading and rendering bounded.
  case limitExceeded(path: String, limit: String)
  /// The file could not be read from disk.
  case unreadableFile(path: String, reason: String)
  /// A dotLottie (`.lottie`) zip archive is damaged or uses what it may not: `entry` names
  /// the archive member (`animations/a.json`, `manifest.json`) or is `archive` for the
  /// archive's own structure.
  case invalidArchive(entry: String, reason: String)

  public var description: String {
    switch self {
    case .malformedJSON(let r): return "malformed JSON: \(r)"
    case .invalidValue(let p, let e): return "\(p): expected \(e)"
    case .missingValue(let p): return "\(p): missing"
    case .missingAsset(let p, let id): return "\(p): no asset with id \"\(id)\""
    case .cyclicPrecomposition(let p, let id):
      return "\(p): precomposition \"\(id)\" contains itself"
    case .limitExceeded(let p, let l): return "\(p): exceeds \(l)"
    case .unreadableFile(let p, let r): return "cannot read \(p): \(r)"
    case .invalidArchive(let e, let r): return "dotLottie \(e): \(r)"
    }
  }
}
