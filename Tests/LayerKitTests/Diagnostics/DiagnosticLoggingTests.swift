import Foundation
import Logging
import Testing

@testable import LayerKit

/// A log handler that keeps what it is given, for checking what LayerKit logs.
final class CapturingLogHandler: LogHandler, @unchecked Sendable {
  struct Entry {
    var label: String
    var level: Logger.Level
    var message: String
    var metadata: Logger.Metadata
  }

  private let lock = NSLock()
  private var stored: [Entry] = []
  let label: String
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  init(label: String) { self.label = label }

  var entries: [Entry] { lock.withLock { stored } }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let entry = Entry(
      label: label, level: event.level, message: event.message.description,
      metadata: event.metadata ?? [:])
    lock.withLock { stored.append(entry) }
  }
}

/// Diagnostics reach swift-log as well as `CADiagnostics`. The logger is process-wide, so
/// the tests that swap it run one at a time and look only for their own messages.
@Suite(.serialized) struct DiagnosticLoggingTests {
  /// Runs `body` with diagnostics logged to a capturing handler, then restores the logger.
  func capturing(_ body: () -> Void) -> CapturingLogHandler {
    let handler = CapturingLogHandler(label: "LayerKit")
    let previous = CADiagnostics.logger
    CADiagnostics.logger = Logger(label: "LayerKit") { _ in handler }
    body()
    CADiagnostics.logger = previous
    return handler
  }

  @Test func theDefaultLoggerIsLabelledLayerKit() {
    #expect(CADiagnostics.logger.label == "LayerKit")
  }

  @Test func wrongValueTypesAreLoggedAtDebugWithTheirKey() throws {
    let layer = CALayer()
    let handler = capturing {
      layer.setValue("not a number", forKeyPath: "opacity")
    }
    #expect(layer.opacity == 1)
    let entry = try #require(
      handler.entries.first { $0.metadata["key"] == "opacity" && $0.message.contains("String") })
    #expect(entry.level == .debug)
    #expect(entry.message.hasPrefix("opacity: "))
    #expect(CADiagnostics.drain().contains { $0.key == "opacity" })
  }

  @Test func nonFiniteGeometryIsLoggedAsWellAsRecorded() {
    let layer = CALayer()
    let handler = capturing {
      layer.frame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
    }
    #expect(
      handler.entries.contains {
        $0.metadata["key"] == "frame" && $0.message.contains("non-finite")
      })
    #expect(CADiagnostics.drain().contains { $0.key == "frame" })
  }
}
