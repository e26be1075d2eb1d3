internal import CSDL2
internal import CSDL2Image
import Foundation

/// Decoding and encoding through SDL_image, as straight or premultiplied RGBA8 bytes.
///
/// `SDL_PIXELFORMAT_RGBA32` is the byte order R, G, B, A in memory on every platform,
/// which is `CGImage`'s layout. Decoders hand back straight alpha; the PNG and JPEG
/// savers expect it too.
enum SDLImageCodec {
  /// SDL_image's codecs, loaded once per process (`IMG_Init` does not stack).
  static let loadedCodecs: Int32 = IMG_Init(
    Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue | IMG_INIT_WEBP.rawValue))

  /// A decoded image: straight-alpha RGBA bytes, tightly packed, top row first.
  struct StraightImage {
    var width: Int
    var height: Int
    var rgba: [UInt8]
  }

  /// Decodes PNG, JPEG or WebP data, and nothing else.
  ///
  /// The format is told by its signature (`EncodedImageFormat.detect`) and decoded by
  /// that format's own SDL_image loader (`IMG_LoadPNG_RW`, `IMG_LoadJPG_RW`,
  /// `IMG_LoadWEBP_RW`): SDL_image's sniffing loader would also take XCF, SVG, TGA and
  /// more, some of which allocate or rasterise whatever size their header claims. The
  /// size in the header is checked against `EncodedImageHeader.maximumPixelCount` and
  /// `CGImage.maximumDimension` before the decoder runs.
  static func decode(_ data: Data) throws(ImageDecodingError) -> StraightImage {
    guard !data.isEmpty else { throw .emptyData }
    guard data.count <= Int(Int32.max) else {
      throw .unsupportedFormat(message: "encoded data of \(data.count) bytes exceeds 2 GiB")
    }
    guard let format = EncodedImageFormat.detect(data) else {
      throw .unsupportedFormat(message: "the data is not PNG, JPEG or WebP")
    }
    guard let header = EncodedImageHeader(data, format: format) else {
      throw .corruptData(format: format, message: "the header does not give the image size")
    }
    guard header.isWithinBudget else { throw .tooLarge(width: header.width, height: header.height) }
    guard header.width > 0, header.height > 0 else {
      throw .corruptData(format: format, message: "image has no pixels")
    }
    if format == .png && !EncodedImageHeader.pngChunksAreComplete(data) {
      throw .corruptData(format: format, message: "a chunk runs past the end of the data")
    }
    _ = loadedCodecs
    let result: Result<StraightImage, ImageDecodingError> = data.withUnsafeBytes { raw in
      SDL_ClearError()
      guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else {
        return .failure(.corruptData(format: format, message: SDLCall.lastError()))
      }
      defer { SDL_RWclose(rw) }
      let loaded: UnsafeMutablePointer<SDL_Surface>? =
        switch format {
        case .png: IMG_LoadPNG_RW(rw)
        case .jpeg: IMG_LoadJPG_RW(rw)
        case .webp: IMG_LoadWEBP_RW(rw)
        }
      guard let surface = loaded else {
        return .failure(.corruptData(format: format, message: SDLCall.lastError()))
      }
      defer { SDL_FreeSurface(surface) }
      let width = Int(surface.pointee.w)
      let height = Int(surface.pointee.h)
      // The decoder's answer is checked again: a header may disagree with the data.
      guard EncodedImageHeader.fits(width: width, height: height) else {
        return .failure(.tooLarge(width: width, height: height))
      }
      guard width > 0, height > 0 else {
        return .failure(.corruptData(format: format, message: "image has no pixels"))
      }
      do throws(SDLError) {
        return .success(try copyRGBA(surface, width: width, height: height))
      } catch {
        return .failure(.corruptData(format: format, message: error.description))
      }
    }
    return try result.get()
  }

  /// Converts `surface` to RGBA32 and copies its rows out.
  private static func copyRGBA(
    _ surface: UnsafeMutablePointer<SDL_Surface>, width: Int, height: Int
  ) throws(SDLError) -> StraightImage {
    let converted = try SDLCall.nonNull("SDL_ConvertSurfaceFormat") {
      SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGBA32.rawValue, 0)
    }
    defer { SDL_FreeSurface(converted) }
    try SDLCall.check("SDL_LockSurface") { SDL_LockSurface(converted) }
    defer { SDL_UnlockSurface(converted) }
    guard let pixels = converted.pointee.pixels else {
      throw SDLError(function: "SDL_ConvertSurfaceFormat", message: "surface has no pixels")
    }
    let pitch = Int(converted.pointee.pitch)
    let rowBytes = width * 4
    var rgba = [UInt8](repeating: 0, count: rowBytes * height)
    rgba.withUnsafeMutableBytes { out in
      for row in 0..<height {
        out.baseAddress!.advanced(by: row * rowBytes)
          .copyMemory(from: pixels.advanced(by: row * pitch), byteCount: rowBytes)
      }
    }
    return StraightImage(width: width, height: height, rgba: rgba)
  }

  /// The encoders SDL_image offers for writing.
  enum Encoder {
    case png
    /// JPEG at `quality` 0…100.
    case jpeg(quality: Int32)
  }

  /// Encodes straight-alpha RGBA bytes.
  ///
  /// - Precondition: `rgba.count == width · height · 4`, both dimensions positive.
  static func encode(
    straightRGBA rgba: [UInt8], width: Int, height: Int, as encoder: Encoder
  ) throws(SDLError) -> Data {
    precondition(
      width > 0 && height > 0 && rgba.count == width * height * 4,
      "encode: \(rgba.count) bytes for \(width)×\(height)")
    _ = loadedCodecs
    var pixels = rgba
    let stream = try MemoryWriteStream()
    let outcome: Result<Void, SDLError> = pixels.withUnsafeMutableBytes { raw in
      do throws(SDLError) {
        let surface = try SDLCall.nonNull("SDL_CreateRGBSurfaceWithFormatFrom") {
          SDL_CreateRGBSurfaceWithFormatFrom(
            raw.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4),
            SDL_PIXELFORMAT_RGBA32.rawValue)
        }
        defer { SDL_FreeSurface(surface) }
        switch encoder {
        case .png:
          try SDLCall.check("IMG_SavePNG_RW") { IMG_SavePNG_RW(surface, stream.rwops, 0) }
        case .jpeg(let quality):
          try SDLCall.check("IMG_SaveJPG_RW") {
            IMG_SaveJPG_RW(surface, stream.rwops, 0, quality)
          }
        }
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    let bytes = stream.finish()
    try outcome.get()
    return Data(bytes)
  }
}
