import Foundation
import Logging

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

/// The diagnostics recorded on the current thread, each also sent to the `LayerKit` logger.
///
/// Layers are confined to their context's thread, so diagnostics are kept per thread:
/// tests running in parallel on different threads never see each other's notes. At most
/// `capacity` notes are kept; older ones are dropped first.
///
/// Every note is also logged at `debug` level to ``logger`` (label `LayerKit`, metadata
/// `key`), so an app sees them through whatever swift-log backend it bootstraps. Debug,
/// because Core Animation itself is silent about such input and many notes are expected
/// (a fallback that a test checks); an app that bootstraps nothing sees nothing. LayerKit
/// never bootstraps the logging system: the viewer and the demo executables do, with the
/// level from `LAYERKIT_LOG` (see `LayerKitLog` in LayerKitSDL).
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

  private static let loggerLock = NSLock()
  nonisolated(unsafe) private static var currentLogger: Logger?

  /// Where diagnostics are logged: `Logger(label: "LayerKit")`, made from the bootstrapped
  /// logging system on first use (so bootstrap before LayerKit reports anything). Setting
  /// it sends later diagnostics, from every thread, to another logger.
  public static var logger: Logger {
    get {
      loggerLock.lock()
      defer { loggerLock.unlock() }
      if let currentLogger { return currentLogger }
      let made = Logger(label: "LayerKit")
      currentLogger = made
      return made
    }
    set {
      loggerLock.lock()
      defer { loggerLock.unlock() }
      currentLogger = newValue
    }
  }

  /// Records a diagnostic on the current thread and logs it at debug level.
  public static func report(key: String, _ message: String) {
    let b = box
    if b.notes.count >= capacity { b.notes.removeFirst(b.notes.count - capacity + 1) }
    b.notes.append(CADiagnostic(key: key, message: message))
    logger.debug("\(key): \(message)", metadata: ["key": .string(key)])
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
