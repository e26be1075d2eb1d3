import Foundation
import LayerKit

/// A parsed Lottie file: its size, frame rate and timeline, ready to build layer trees.
///
/// Parsing validates the whole file up front; every failure is a `LottieError` naming
/// the JSON path of the offending value, never a crash. Immutable once parsed (one `let`
/// holding the parsed model, never mutated; building reads it), so one animation may be
/// shared between threads, which the conformance to `Sendable` states unchecked.
///
/// ```swift
/// let animation = try LottieAnimation(contentsOf: url)
/// let layer = LottieLayer(animation: animation)
/// layer.currentProgress = 0.5
/// ```
public final class LottieAnimation: @unchecked Sendable {
  // Sendable: immutable once parsed (one `let` of value types); players only read it.
  let composition: Composition

  /// Parses Lottie JSON, or the default animation of a dotLottie (`.lottie`) archive
  /// (recognised by its zip signature; see ``DotLottie``).
  public init(data: Data) throws(LottieError) {
    if ZipArchive.isArchive(data) {
      composition = try DotLottie(data: data).composition(id: nil)
    } else {
      composition = try Composition(try JSONNode.parse(data))
    }
  }

  init(composition: Composition) {
    self.composition = composition
  }

  /// Reads and parses a Lottie JSON file or a dotLottie file (its default animation).
  public convenience init(contentsOf url: URL) throws(LottieError) {
    try self.init(data: try Self.read(url))
  }

  /// The bytes of the file at `url`.
  static func read(_ url: URL) throws(LottieError) -> Data {
    do {
      return try Data(contentsOf: url)
    } catch {
      throw .unreadableFile(path: url.path, reason: (error as NSError).localizedDescription)
    }
  }

  /// The composition's size in points (`w`, `h`).
  public var size: CGSize { CGSize(width: composition.width, height: composition.height) }
  /// Frames per second (`fr`).
  public var frameRate: Double { composition.frameRate }
  /// The first frame (`ip`).
  public var startFrame: Double { composition.inPoint }
  /// The out point (`op`): playback ends there; a paused animation can show it.
  public var endFrame: Double { composition.outPoint }
  /// The playing time from `startFrame` to `endFrame`, in seconds.
  public var duration: Double { (endFrame - startFrame) / frameRate }

  /// The frame shown at `progress` (0…1): `ip + progress · (op − ip)`, not rounded.
  public func frame(atProgress progress: Double) -> Double {
    startFrame + min(1, max(0, progress.isFinite ? progress : 0)) * (endFrame - startFrame)
  }

  /// The progress (0…1) of `frame`.
  public func progress(atFrame frame: Double) -> Double {
    (frame - startFrame) / (endFrame - startFrame)
  }

  // MARK: Markers

  /// The file's markers, in file order.
  public var markers: [LottieMarker] { composition.markers }

  /// The names of the file's markers, in file order.
  public var markerNames: [String] { composition.markers.map(\.name) }

  /// The frame of the first marker named `named`, nil when there is none.
  public func frameTime(forMarker named: String) -> Double? {
    composition.markers.first { $0.name == named }?.frameTime
  }

  /// The progress (0…1, clamped) of the first marker named `named`, nil when there is none.
  public func progressTime(forMarker named: String) -> Double? {
    frameTime(forMarker: named).map { min(1, max(0, progress(atFrame: $0))) }
  }

  /// The duration in frames of the first marker named `named`, nil when there is none.
  public func durationFrameTime(forMarker named: String) -> Double? {
    composition.markers.first { $0.name == named }?.durationFrameTime
  }
}
