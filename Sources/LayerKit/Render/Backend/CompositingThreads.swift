import Foundation

/// How many threads compositing may use: the one rule behind the compositor's bands
/// (`BandedCompositor`) and the row kernels (`ParallelRows`).
///
/// `LAYERKIT_THREADS` caps the threads of all compositing when it is a whole number (1: one
/// thread, for measuring one core; values below 1 count as 1); otherwise the cap is 8.
/// Either way no more threads run than the machine has active cores. Values that are not
/// whole numbers are ignored.
package enum CompositingThreads {
  /// The most threads compositing runs on, by the rule above.
  package static func limit(environment: [String: String], processors: Int) -> Int {
    let asked = environment["LAYERKIT_THREADS"].flatMap { Int($0) }.map { Swift.max(1, $0) }
    return Swift.max(1, Swift.min(asked ?? 8, Swift.max(1, processors)))
  }

  /// ``limit(environment:processors:)`` for this process's environment and cores.
  package static let current = limit(
    environment: ProcessInfo.processInfo.environment,
    processors: ProcessInfo.processInfo.activeProcessorCount)
}
