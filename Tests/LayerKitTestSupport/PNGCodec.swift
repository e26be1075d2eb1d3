import CSDL2
import CSDL2Image
import Foundation
import LayerGraphics

/// Reads and writes PNG files for golden tests through SDL_image.
///
/// SDL surfaces hold straight alpha; `CGImage` holds premultiplied alpha. Converting
/// premultiplied → straight → premultiplied returns the same bytes (the rounding error of
/// un-premultiplying is at most half a step, which premultiplying scales below half a
/// step), so a recorded golden compares exactly with the image that was recorded.
public enum PNGCodec {
  /// The SDL pixel format whose bytes are R, G, B, A in memory.
  static var rgbaFormat: UInt32 {
    UInt32(1) == UInt32(littleEndian: 1)
      ? UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue) : UInt32(SDL_PIXELFORMAT_RGBA8888.rawValue)
  }

  /// Decodes a PNG file, or nil when it cannot be read.
  public static func read(path: String) -> CGImage? {
    guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return nil }
    return data.withUnsafeBytes { raw -> CGImage? in
      guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)),
        let loaded = IMG_Load_RW(rw, 1)
      else { return nil }
      defer { SDL_FreeSurface(loaded) }
      guard let s = SDL_ConvertSurfaceFormat(loaded, rgbaFormat, 0) else { return nil }
      defer { SDL_FreeSurface(s) }
      let w = Int(s.pointee.w), h = Int(s.pointee.h), pitch = Int(s.pointee.pitch)
      guard SDL_LockSurface(s) == 0 else { return nil }
      defer { SDL_UnlockSurface(s) }
      let src = s.pointee.pixels.assumingMemoryBound(to: UInt8.self)
      var bytes = [UInt8](repeating: 0, count: w * h * 4)
      for y in 0..<h {
        for x in 0..<(w * 4) { bytes[y * w * 4 + x] = src[y * pitch + x] }
      }
      return CGImage(width: w, height: h, straightRGBA: bytes)
    }
  }

  /// Encodes `image` as a PNG file; returns false on failure.
  @discardableResult
  public static func write(_ image: CGImage, path: String) -> Bool {
    guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(image.width), Int32(image.height), 32, rgbaFormat)
    else { return false }
    defer { SDL_FreeSurface(s) }
    guard SDL_LockSurface(s) == 0 else { return false }
    let dst = s.pointee.pixels.assumingMemoryBound(to: UInt8.self)
    let pitch = Int(s.pointee.pitch)
    let px = image.pixels
    for y in 0..<image.height {
      for x in 0..<image.width {
        let i = (y * image.width + x) * 4, o = y * pitch + x * 4
        let a = UInt32(px[i + 3])
        for c in 0..<3 {
          dst[o + c] = a == 0 ? 0 : UInt8(Swift.min(255, (UInt32(px[i + c]) * 255 + a / 2) / a))
        }
        dst[o + 3] = UInt8(a)
      }
    }
    SDL_UnlockSurface(s)
    return IMG_SavePNG(s, path) == 0
  }
}
