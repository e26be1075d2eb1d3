/// Why an animation could not be exported.
public enum AnimationExportError: Error, Equatable, CustomStringConvertible {
  /// The file name's extension names no format this exporter writes.
  case unsupportedFormat(path: String)
  /// The format cannot show this frame rate (GIF stores whole centiseconds).
  case unsupportedFrameRate(format: String, fps: Double, maximum: Double)
  /// MP4 export runs `ffmpeg`, which is not on `PATH`.
  case ffmpegMissing
  /// `ffmpeg` ran and failed.
  case ffmpegFailed(status: Int32, message: String)
  /// A frame did not have the size of the first.
  case frameSizeMismatch(expected: String, got: String)
  /// The encoding library reported an error.
  case encoderFailed(format: String, message: String)
  /// The file could not be written.
  case writeFailed(path: String, reason: String)

  public var description: String {
    switch self {
    case .unsupportedFormat(let path):
      "cannot export \(path): the name must end in .gif, .webp or .mp4"
    case .unsupportedFrameRate(let format, let fps, let maximum):
      "\(format) cannot show \(fps) frames per second: its delays are whole centiseconds and "
        + "browsers slow down delays under 2 cs; use --fps \(Int(maximum)) or less"
    case .ffmpegMissing:
      "MP4 export needs ffmpeg, which is not on PATH (Debian: apt-get install ffmpeg); "
        + ".gif and .webp need nothing else"
    case .ffmpegFailed(let status, let message):
      "ffmpeg failed with status \(status)" + (message.isEmpty ? "" : ": \(message)")
    case .frameSizeMismatch(let expected, let got):
      "every frame must be \(expected) pixels, got \(got)"
    case .encoderFailed(let format, let message):
      "the \(format) encoder failed: \(message)"
    case .writeFailed(let path, let reason):
      "cannot write \(path): \(reason)"
    }
  }
}
