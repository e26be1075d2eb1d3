import Foundation
import Logging

/// The log handler LayerKit's executables bootstrap swift-log with: standard error, at the
/// level named by the `LAYERKIT_LOG` environment variable.
///
/// `LAYERKIT_LOG` takes swift-log's level names (`trace`, `debug`, `info`, `notice`,
/// `warning`, `error`, `critical`); unset or unknown means `info`. LayerKit's diagnostics
/// (`CADiagnostics`) are logged at `debug`, so `LAYERKIT_LOG=debug` shows them. An app
/// bootstraps once, first thing, from its own `main`:
///
/// ```swift
/// LoggingSystem.bootstrap(LayerKitLog.handler)
/// ```
///
/// The library never bootstraps: the logging system belongs to the app.
public enum LayerKitLog {
  /// The level `LAYERKIT_LOG` names in `environment`, or `info`.
  public static func level(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Logger.Level {
    environment["LAYERKIT_LOG"].flatMap { Logger.Level(rawValue: $0.lowercased()) } ?? .info
  }

  /// A standard-error handler for `label` at ``level(environment:)``.
  @Sendable public static func handler(label: String) -> any LogHandler {
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = level()
    return handler
  }
}
