import Logging
import Testing

@testable import LayerKitSDL

/// `LAYERKIT_LOG` picks the level of the executables' log handler.
@Suite struct LayerKitLogTests {
  @Test(
    arguments: [
      (nil, Logger.Level.info), ("debug", .debug), ("DEBUG", .debug), ("trace", .trace),
      ("warning", .warning), ("loud", .info), ("", .info),
    ] as [(String?, Logger.Level)])
  func levelComesFromTheEnvironment(value: String?, expected: Logger.Level) {
    let environment = value.map { ["LAYERKIT_LOG": $0] } ?? [:]
    #expect(LayerKitLog.level(environment: environment) == expected)
  }
}
