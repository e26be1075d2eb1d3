import CWebP
import Foundation
import LayerGraphics

/// Writes an animated WebP through libwebp's animation encoder (libwebpmux): looping
/// forever, full colour with alpha, each frame starting at its timeline boundary in whole
/// milliseconds (see ``FrameTimeline``), so the total length is exact.
///
/// Lossless frames store only the part that changed; lossy frames are whole (key frames),
/// since a lossy part blended over the frame before leaves faint ghosts. The encoder folds
/// a frame identical to the one before into that frame's duration, so a decoder may report
/// fewer frames than were appended; the timestamps stay the same.
public final class AnimatedWebPWriter: AnimationWriter {
  /// How frames are compressed.
  public enum Compression: Equatable, Sendable {
    /// Exact pixels.
    case lossless
    /// VP8 at `quality` 0–100 with alpha kept losslessly.
    case lossy(quality: Float)
  }

  private let width: Int
  private let height: Int
  private let timeline: FrameTimeline
  private let path: String
  private var config = WebPConfig()
  private var encoder: OpaquePointer?

  /// Prepares an encoder; the file is written by ``finish()``.
  public init(
    path: String, width: Int, height: Int, timeline: FrameTimeline,
    compression: Compression = .lossy(quality: 80)
  ) throws(AnimationExportError) {
    precondition(width > 0 && height > 0 && width <= 16383 && height <= 16383)
    self.width = width
    self.height = height
    self.timeline = timeline
    self.path = path
    var options = WebPAnimEncoderOptions()
    guard WebPAnimEncoderOptionsInit(&options) != 0, WebPConfigInit(&config) != 0 else {
      throw .encoderFailed(format: "WebP", message: "libwebp version mismatch")
    }
    options.anim_params.loop_count = 0
    switch compression {
    case .lossless:
      config.lossless = 1
      config.quality = 75
    case .lossy(let quality):
      config.lossless = 0
      config.quality = max(0, min(100, quality))
      // Every frame whole: a lossy sub-frame blended over the previous frame leaves faint
      // ghosts of what moved (its edges do not cover the old pixels exactly).
      options.kmax = 1
    }
    guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
      throw .encoderFailed(format: "WebP", message: "cannot create the animation encoder")
    }
    self.encoder = encoder
  }

  deinit {
    if let encoder { WebPAnimEncoderDelete(encoder) }
  }

  public func append(_ image: CGImage, index: Int) throws(AnimationExportError) {
    guard let encoder else { preconditionFailure("append after finish") }
    try checkSize(image, width: width, height: height)
    var picture = WebPPicture()
    guard WebPPictureInit(&picture) != 0 else {
      throw .encoderFailed(format: "WebP", message: "libwebp version mismatch")
    }
    picture.use_argb = 1
    picture.width = Int32(width)
    picture.height = Int32(height)
    defer { WebPPictureFree(&picture) }
    let rgba = image.straightRGBA()
    guard WebPPictureImportRGBA(&picture, rgba, Int32(width * 4)) != 0 else {
      throw .encoderFailed(format: "WebP", message: "out of memory importing a frame")
    }
    let start = timeline.boundary(index, unitsPerSecond: 1000)
    guard WebPAnimEncoderAdd(encoder, &picture, Int32(start), &config) != 0 else {
      throw .encoderFailed(format: "WebP", message: Self.message(encoder))
    }
  }

  public func finish() throws(AnimationExportError) {
    guard let encoder else { return }
    defer {
      WebPAnimEncoderDelete(encoder)
      self.encoder = nil
    }
    let end = timeline.boundary(timeline.count, unitsPerSecond: 1000)
    var data = WebPData()
    WebPDataInit(&data)
    defer { WebPDataClear(&data) }
    guard WebPAnimEncoderAdd(encoder, nil, Int32(end), nil) != 0,
      WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes
    else {
      throw .encoderFailed(format: "WebP", message: Self.message(encoder))
    }
    do {
      try Data(bytes: bytes, count: data.size).write(to: URL(fileURLWithPath: path))
    } catch {
      throw .writeFailed(path: path, reason: "\(error.localizedDescription)")
    }
  }

  private static func message(_ encoder: OpaquePointer) -> String {
    WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "unknown error"
  }
}
