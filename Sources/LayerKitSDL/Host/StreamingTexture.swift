internal import CSDL2
import Foundation
import LayerKit

/// The host's one streaming texture, sized to the frames it is given.
///
/// Frames arrive as premultiplied RGBA8 bytes. The texture uses the renderer's preferred
/// format — `SDL_PIXELFORMAT_RGBA32` when the renderer lists it, so bytes go up as they
/// are, otherwise the first format it lists, converted per rectangle with
/// `SDL_ConvertPixels`. Blending is off: the premultiplied pixels are copied over the
/// black clear colour, which is exactly "source over black".
final class StreamingTexture {
  private let renderer: OpaquePointer
  /// The texture's pixel format (an `SDL_PixelFormatEnum` value).
  let format: UInt32
  private(set) var texture: OpaquePointer?
  private(set) var width = 0
  private(set) var height = 0
  /// Pixels uploaded by the most recent ``upload(_:width:height:damage:)``.
  private(set) var lastUploadedPixelCount = 0
  private var scratch: [UInt8] = []

  init(renderer: OpaquePointer, format: UInt32) {
    self.renderer = renderer
    self.format = format
  }

  deinit {
    if let texture { SDL_DestroyTexture(texture) }
  }

  /// Forgets the texture (after `SDL_RENDER_DEVICE_RESET`, which loses every texture's
  /// contents); the next upload recreates it and uploads the whole frame.
  func invalidate() {
    if let texture { SDL_DestroyTexture(texture) }
    texture = nil
    width = 0
    height = 0
  }

  /// Picks RGBA32 when `info` lists it, else its first listed format.
  static func preferredFormat(_ info: SDL_RendererInfo) -> UInt32 {
    let rgba = SDL_PIXELFORMAT_RGBA32.rawValue
    let count = Int(info.num_texture_formats)
    let formats = withUnsafeBytes(of: info.texture_formats) {
      Array($0.bindMemory(to: UInt32.self))
    }
    let listed = formats.prefix(count)
    if listed.isEmpty || listed.contains(rgba) { return rgba }
    return listed.first(where: { isFourCC($0) == false }) ?? rgba
  }

  /// Uploads the damaged parts of a frame, recreating the texture when the size changed.
  ///
  /// - Parameters:
  ///   - bytes: premultiplied RGBA8, `width · height · 4` bytes.
  ///   - damage: rectangles in pixels (top-left origin) that changed; nil for all. Each is
  ///     expanded to whole pixels and clipped to the frame; empty ones are skipped.
  func upload(_ bytes: UnsafeRawBufferPointer, width: Int, height: Int, damage: [CGRect]?)
    throws(SDLError)
  {
    precondition(
      bytes.count == width * height * 4, "frame of \(bytes.count) bytes is not \(width)×\(height)")
    var rects = damage
    if texture == nil || width != self.width || height != self.height {
      if let texture { SDL_DestroyTexture(texture) }
      texture = nil
      let created = try SDLCall.nonNull("SDL_CreateTexture") {
        SDL_CreateTexture(
          renderer, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
          Int32(width), Int32(height))
      }
      texture = created
      self.width = width
      self.height = height
      try SDLCall.check("SDL_SetTextureBlendMode") {
        SDL_SetTextureBlendMode(created, SDL_BLENDMODE_NONE)
      }
      rects = nil
    }
    let bounds = CGRect(x: 0, y: 0, width: width, height: height)
    lastUploadedPixelCount = 0
    for rect in rects ?? [bounds] {
      guard rect.origin.x.isFinite, rect.origin.y.isFinite, !rect.width.isNaN, !rect.height.isNaN
      else { continue }
      let r = rect.standardized.intersection(bounds).integral
      guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.width >= 1, r.height >= 1 else {
        continue
      }
      try uploadRect(bytes, x: Int(r.minX), y: Int(r.minY), w: Int(r.width), h: Int(r.height))
      lastUploadedPixelCount += Int(r.width) * Int(r.height)
    }
  }

  /// Starts uploading the damaged parts of a persistent frame on another thread, while
  /// the caller goes on (with the next frame's evaluation): the texture is locked over
  /// the damage's bounding box and a worker copies that box's rows of `bytes` into it
  /// (converted when the texture's format is not RGBA32). The bytes must not change, and
  /// no other texture call be made, until ``finishUpload(_:)``.
  ///
  /// A new size, or a texture that must be created, is uploaded whole at once instead:
  /// then nil is returned and nothing is pending.
  ///
  /// - Returns: the upload to finish, or nil when none is pending.
  func beginUpload(_ bytes: UnsafeRawBufferPointer, width: Int, height: Int, damage: [CGRect])
    throws(SDLError) -> PendingUpload?
  {
    guard let texture, width == self.width, height == self.height else {
      try upload(bytes, width: width, height: height, damage: damage)
      return nil
    }
    precondition(
      bytes.count == width * height * 4, "frame of \(bytes.count) bytes is not \(width)×\(height)")
    let bounds = CGRect(x: 0, y: 0, width: width, height: height)
    var box = CGRect.null
    for rect in damage {
      guard rect.origin.x.isFinite, rect.origin.y.isFinite, !rect.width.isNaN, !rect.height.isNaN
      else { continue }
      let r = rect.standardized.intersection(bounds).integral
      if !r.isNull, r.width >= 1, r.height >= 1 { box = box.union(r) }
    }
    lastUploadedPixelCount = 0
    guard !box.isNull else { return nil }
    var rect = SDL_Rect(
      x: Int32(box.minX), y: Int32(box.minY), w: Int32(box.width), h: Int32(box.height))
    var target: UnsafeMutableRawPointer?
    var pitch: Int32 = 0
    try SDLCall.check("SDL_LockTexture") { SDL_LockTexture(texture, &rect, &target, &pitch) }
    guard let target else {
      SDL_UnlockTexture(texture)
      throw SDLError(function: "SDL_LockTexture", message: "no pixels")
    }
    lastUploadedPixelCount = Int(rect.w) * Int(rect.h)
    let copy = RowCopy(
      source: bytes.baseAddress!.advanced(by: Int(rect.y) * width * 4 + Int(rect.x) * 4),
      sourcePitch: width * 4, target: target, targetPitch: Int(pitch), width: Int(rect.w),
      height: Int(rect.h), format: format)
    let done = DispatchGroup()
    DispatchQueue.global(qos: .userInteractive).async(group: done) { copy.run() }
    return PendingUpload(done: done, copy: copy)
  }

  /// Waits for `pending`'s copy and unlocks the texture, which hands the box to the
  /// renderer.
  ///
  /// - Throws: ``SDLError`` when the copy's format conversion failed.
  func finishUpload(_ pending: PendingUpload) throws(SDLError) {
    pending.done.wait()
    if let texture { SDL_UnlockTexture(texture) }
    if let failure = pending.copy.outcome.failure {
      throw SDLError(function: "SDL_ConvertPixels", message: failure)
    }
  }

  /// ``upload(_:width:height:damage:)`` for bytes in an array.
  func upload(_ bytes: [UInt8], width: Int, height: Int, damage: [CGRect]?) throws(SDLError) {
    try SDLCall.withBytes(bytes) { (raw) throws(SDLError) in
      try upload(raw, width: width, height: height, damage: damage)
    }
  }

  private func uploadRect(_ bytes: UnsafeRawBufferPointer, x: Int, y: Int, w: Int, h: Int)
    throws(SDLError)
  {
    let pitch = width * 4
    let first = bytes.baseAddress!.advanced(by: y * pitch + x * 4)
    var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(w), h: Int32(h))
    if format == SDL_PIXELFORMAT_RGBA32.rawValue {
      try SDLCall.check("SDL_UpdateTexture") {
        SDL_UpdateTexture(texture, &rect, first, Int32(pitch))
      }
      return
    }
    let outPitch = w * 4
    if scratch.count < outPitch * h { scratch = [UInt8](repeating: 0, count: outPitch * h) }
    let outcome = scratch.withUnsafeMutableBytes { out -> Result<Void, SDLError> in
      do throws(SDLError) {
        try SDLCall.check("SDL_ConvertPixels") {
          SDL_ConvertPixels(
            Int32(w), Int32(h), SDL_PIXELFORMAT_RGBA32.rawValue, first,
            Int32(pitch), format, out.baseAddress, Int32(outPitch))
        }
        try SDLCall.check("SDL_UpdateTexture") {
          SDL_UpdateTexture(texture, &rect, out.baseAddress, Int32(outPitch))
        }
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try outcome.get()
  }
}

/// `SDL_ISPIXELFORMAT_FOURCC` (a C macro Swift cannot import): true for planar video
/// formats such as YV12, which RGBA frames cannot be converted into.
private func isFourCC(_ format: UInt32) -> Bool {
  format != 0 && (format >> 28) & 0x0F != 1
}

/// An upload ``StreamingTexture/beginUpload(_:width:height:damage:)`` started.
struct PendingUpload {
  /// Left when the copy is done.
  let done: DispatchGroup
  let copy: RowCopy
}

/// Copies a box of RGBA32 rows into locked texture memory, converting to the texture's
/// format where it differs; it runs on a worker thread and touches nothing else.
struct RowCopy: @unchecked Sendable {
  let source: UnsafeRawPointer
  let sourcePitch: Int
  let target: UnsafeMutableRawPointer
  let targetPitch: Int
  let width: Int
  let height: Int
  let format: UInt32
  /// SDL's error when a conversion failed (read after the copy is done).
  let outcome = CopyOutcome()

  /// Copies (or converts) the rows; a large box is split into bands of rows copied at
  /// once on the machine's cores (`ParallelRows`: one core alone does not reach the
  /// memory's bandwidth).
  func run() {
    ParallelRows.run(0..<height, pixelsPerRow: width) { rows in copy(rows: rows) }
  }

  private func copy(rows: Range<Int>) {
    guard !rows.isEmpty else { return }
    let source = self.source + rows.lowerBound * sourcePitch
    let target = self.target + rows.lowerBound * targetPitch
    if format == SDL_PIXELFORMAT_RGBA32.rawValue {
      for y in 0..<rows.count {
        (target + y * targetPitch).copyMemory(from: source + y * sourcePitch, byteCount: width * 4)
      }
      return
    }
    let code = SDL_ConvertPixels(
      Int32(width), Int32(rows.count), SDL_PIXELFORMAT_RGBA32.rawValue, source, Int32(sourcePitch),
      format, target,
      Int32(targetPitch))
    if code < 0 { outcome.set(String(cString: SDL_GetError())) }
  }
}

/// What a ``RowCopy`` reports back: written by the worker, read after it is done.
final class CopyOutcome: @unchecked Sendable {
  private let lock = NSLock()
  private var first: String?
  /// The first failure of the copy's parts.
  var failure: String? { lock.withLock { first } }
  func set(_ message: String) { lock.withLock { if first == nil { first = message } } }
}
