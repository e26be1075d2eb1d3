import CGif
import Foundation
import LayerGraphics

/// Writes an animated GIF through giflib: GIF89a, looping forever, each frame full size
/// with its own palette from a ``ColorQuantizer`` and its delay from the timeline in whole
/// centiseconds (see ``FrameTimeline``). Frames with transparent pixels are disposed to
/// the background so they do not pile up.
public final class AnimatedGIFWriter: AnimationWriter {
  /// The highest frame rate written: 50 fps, 2 cs per frame (browsers show shorter delays
  /// as 10 cs).
  public static let maximumFrameRate = 50.0

  private let width: Int
  private let height: Int
  private let timeline: FrameTimeline
  private let quantizer: ColorQuantizer
  private let path: String
  private var file: UnsafeMutablePointer<GifFileType>?

  /// Creates (or truncates) the file at `path` and writes the header.
  public init(
    path: String, width: Int, height: Int, timeline: FrameTimeline,
    quantizer: ColorQuantizer = ColorQuantizer()
  ) throws(AnimationExportError) {
    guard timeline.fps <= Self.maximumFrameRate else {
      throw .unsupportedFrameRate(format: "GIF", fps: timeline.fps, maximum: Self.maximumFrameRate)
    }
    precondition(width > 0 && height > 0 && width <= 65535 && height <= 65535)
    self.width = width
    self.height = height
    self.timeline = timeline
    self.quantizer = quantizer
    self.path = path
    // Opened here rather than by EGifOpenFileName, which creates files readable by their
    // owner only: this keeps the usual permissions (0666 less the umask).
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
    guard descriptor >= 0 else {
      throw .writeFailed(path: path, reason: String(cString: strerror(errno)))
    }
    var error: Int32 = 0
    guard let file = EGifOpenFileHandle(descriptor, &error) else {
      close(descriptor)
      throw .writeFailed(path: path, reason: Self.message(error))
    }
    self.file = file
    EGifSetGifVersion(file, true)
    try check(EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, nil))
    // NETSCAPE2.0 application extension: loop count 0, forever.
    try check(EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE))
    try check(
      Array("NETSCAPE2.0".utf8).withUnsafeBytes { EGifPutExtensionBlock(file, 11, $0.baseAddress) })
    try check(
      [UInt8]([1, 0, 0]).withUnsafeBytes { EGifPutExtensionBlock(file, 3, $0.baseAddress) })
    try check(EGifPutExtensionTrailer(file))
  }

  deinit {
    if let file { EGifCloseFile(file, nil) }
  }

  public func append(_ image: CGImage, index: Int) throws(AnimationExportError) {
    try checkSize(image, width: width, height: height)
    try append(
      quantizer.quantize(image), delay: timeline.delay(ofFrame: index, unitsPerSecond: 100))
  }

  /// Adds an already indexed frame shown for `delay` centiseconds.
  public func append(_ frame: IndexedFrame, delay: Int) throws(AnimationExportError) {
    guard let file else { preconditionFailure("append after finish") }
    var gcb = GraphicsControlBlock(
      DisposalMode: frame.transparentIndex == nil ? DISPOSE_DO_NOT : DISPOSE_BACKGROUND,
      UserInputFlag: false, DelayTime: Int32(delay),
      TransparentColor: Int32(frame.transparentIndex ?? Int(NO_TRANSPARENT_COLOR)))
    var extensionBytes = [UInt8](repeating: 0, count: 4)
    let length = EGifGCBToExtension(&gcb, &extensionBytes)
    try check(EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes))

    // giflib wants a power-of-two colour table of at least two entries.
    var size = 2
    while size < frame.entryCount { size *= 2 }
    var colors = frame.palette.map { GifColorType(Red: $0.x, Green: $0.y, Blue: $0.z) }
    colors += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - colors.count)
    guard let map = GifMakeMapObject(Int32(size), colors) else {
      throw .encoderFailed(format: "GIF", message: "no memory for a colour table")
    }
    defer { GifFreeMapObject(map) }
    try check(EGifPutImageDesc(file, 0, 0, Int32(width), Int32(height), false, map))
    var indices = frame.indices
    try check(EGifPutLine(file, &indices, Int32(indices.count)))
  }

  public func finish() throws(AnimationExportError) {
    guard let file else { return }
    self.file = nil
    var error: Int32 = 0
    guard EGifCloseFile(file, &error) == GIF_OK else {
      throw .writeFailed(path: path, reason: Self.message(error))
    }
  }

  private func check(_ status: Int32) throws(AnimationExportError) {
    guard status == GIF_OK else {
      throw .encoderFailed(format: "GIF", message: Self.message(file?.pointee.Error ?? 0))
    }
  }

  static func message(_ code: Int32) -> String {
    GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
  }
}
