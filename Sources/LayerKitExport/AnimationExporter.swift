import Foundation
import LayerGraphics

/// Renders every frame of a timeline and writes it as an animated GIF, animated WebP or
/// MP4, chosen by the file name.
///
/// ```swift
/// let timeline = FrameTimeline(duration: 2, fps: 25)   // 50 frames, 4 cs each
/// try AnimationExporter.export(to: "spin.gif", width: 320, height: 240, timeline: timeline) {
///   index, time in render(at: time)   // time = index / 25 seconds
/// }
/// ```
public enum AnimationExporter {
  /// The writer for `path`'s format.
  public static func writer(
    for path: String, width: Int, height: Int, timeline: FrameTimeline
  ) throws(AnimationExportError) -> any AnimationWriter {
    switch AnimationFormat(path: path) {
    case .gif:
      try AnimatedGIFWriter(path: path, width: width, height: height, timeline: timeline)
    case .webp:
      try AnimatedWebPWriter(path: path, width: width, height: height, timeline: timeline)
    case .mp4:
      try FFmpegVideoWriter(path: path, width: width, height: height, timeline: timeline)
    case nil:
      throw .unsupportedFormat(path: path)
    }
  }

  /// Asks `frame` for each frame in order (index, time in seconds from the start) and
  /// writes them to `path`.
  public static func export(
    to path: String, width: Int, height: Int, timeline: FrameTimeline,
    frame: (Int, Double) -> CGImage
  ) throws(AnimationExportError) {
    let writer = try writer(for: path, width: width, height: height, timeline: timeline)
    for index in 0..<timeline.count {
      try writer.append(frame(index, timeline.time(ofFrame: index)), index: index)
    }
    try writer.finish()
  }
}
