import Foundation

/// A note LayerKit records when it ignores or clamps bad input instead of crashing:
/// an animation value of the wrong type, NaN geometry, invalid keyTimes, a mask cycle.
public struct CADiagnostic: Equatable, Sendable, CustomStringConvertible {
  /// The key path or subsystem involved (for example `"position"` or `"keyTimes"`).
  public var key: String
  /// What was wrong and what LayerKit did instead.
  public var message: String

  public init(key: String, message: String) {
    self.key = key
    self.message = message
  }

  public var description: String { "\(key): \(message)" }
}

/// The diagnostics recorded on the current thread.
///
/// Layers are confined to their context's thread, so diagnostics are kept per thread:
/// tests running in parallel on different threads never see each other's notes. At most
/// `capacity` notes are kept; older ones are dropped first.
public enum CADiagnostics {
  /// How many notes are kept per thread.
  public static let capacity = 256

  private final class Box {
    var notes: [CADiagnostic] = []
  }

  private static let threadKey = "LayerKit.CADiagnostics"

  private static var box: Box {
    let dict = Thread.current.threadDictionary
    if let b = dict[threadKey] as? Box { return b }
    let b = Box()
    dict[threadKey] = b
    return b
  }

  /// Records a diagnostic on the current thread.
  public static func report(key: String, _ message: String) {
    let b = box
    if b.notes.count >= capacity { b.notes.removeFirst(b.notes.count - capacity + 1) }
    b.notes.append(CADiagnostic(key: key, message: message))
  }

  /// The diagnostics recorded on this thread so far, oldest first.
  public static var recorded: [CADiagnostic] { box.notes }

  /// Returns and forgets the diagnostics recorded on this thread.
  @discardableResult
  public static func drain() -> [CADiagnostic] {
    let b = box
    defer { b.notes.removeAll() }
    return b.notes
  }
}
