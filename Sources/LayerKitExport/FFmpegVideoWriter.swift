import Foundation
import LayerGraphics

/// Writes an MP4 by piping raw frames to an `ffmpeg` process: constant frame rate at the
/// timeline's fps (frame `i` at `i / fps` seconds), `yuv420p` in ffmpeg's default MP4
/// codec (H.264 where ffmpeg has it), odd sizes padded by one pixel.
///
/// MP4 has no alpha: frames are sent premultiplied, which is the frame composited over
/// black. Writing to the pipe ignores `SIGPIPE` for the process, so an `ffmpeg` that
/// stops early turns into an error instead of ending the program.
public final class FFmpegVideoWriter: AnimationWriter {
  private let width: Int
  private let height: Int
  private let process = Process()
  private let input = Pipe()
  private let errors = Pipe()
  private var finished = false

  /// The `ffmpeg` on `PATH` (`environment["PATH"]`), or nil.
  public static func locate(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL? {
    for dir in (environment["PATH"] ?? "").split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent("ffmpeg")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }

  /// Starts `ffmpeg` writing to `path` (overwriting it).
  /// - Throws: ``AnimationExportError/ffmpegMissing`` when `executable` is nil.
  public init(
    path: String, width: Int, height: Int, timeline: FrameTimeline,
    executable: URL? = FFmpegVideoWriter.locate()
  ) throws(AnimationExportError) {
    guard let executable else { throw .ffmpegMissing }
    self.width = width
    self.height = height
    signal(SIGPIPE, SIG_IGN)
    process.executableURL = executable
    process.arguments = [
      "-hide_banner", "-nostdin", "-loglevel", "error", "-y",
      "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
      "-framerate", "\(timeline.fps)", "-i", "pipe:0",
      "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p", "-movflags", "+faststart",
      path,
    ]
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw .ffmpegFailed(status: -1, message: "\(error.localizedDescription)")
    }
  }

  deinit {
    if !finished {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
  }

  public func append(_ image: CGImage, index: Int) throws(AnimationExportError) {
    try checkSize(image, width: width, height: height)
    do {
      try input.fileHandleForWriting.write(contentsOf: image.pixels)
    } catch {
      try finish()
      throw .ffmpegFailed(status: process.terminationStatus, message: "it stopped reading frames")
    }
  }

  public func finish() throws(AnimationExportError) {
    guard !finished else { return }
    finished = true
    try? input.fileHandleForWriting.close()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw .ffmpegFailed(
        status: process.terminationStatus,
        message: String(decoding: message, as: UTF8.self)
          .trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }
}
