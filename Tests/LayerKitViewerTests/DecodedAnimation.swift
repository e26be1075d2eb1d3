import CGif
import CWebP
import Foundation
import LayerGraphics

/// An animation read back with the reference decoders (giflib's DGif, libwebp's demux).
struct DecodedAnimation {
  var width: Int
  var height: Int
  /// Straight RGBA per frame, full canvas.
  var frames: [[UInt8]]
  /// GIF: delay per frame in centiseconds. WebP: end timestamp per frame in milliseconds.
  var timing: [Int]
  var loops: Int?

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func gif(at path: String) throws -> DecodedAnimation {
    var error: Int32 = 0
    guard let file = DGifOpenFileName(path, &error) else {
      throw Failure(description: "DGifOpenFileName: \(error)")
    }
    defer { DGifCloseFile(file, nil) }
    guard DGifSlurp(file) == GIF_OK else { throw Failure(description: "DGifSlurp failed") }
    let gif = file.pointee
    var result = DecodedAnimation(
      width: Int(gif.SWidth), height: Int(gif.SHeight), frames: [], timing: [], loops: nil)
    for i in 0..<Int(gif.ImageCount) {
      let saved = gif.SavedImages[i]
      var gcb = GraphicsControlBlock()
      DGifSavedExtensionToGCB(file, Int32(i), &gcb)
      result.timing.append(Int(gcb.DelayTime))
      let desc = saved.ImageDesc
      let map = (desc.ColorMap ?? gif.SColorMap)!.pointee
      var rgba = [UInt8](repeating: 0, count: result.width * result.height * 4)
      for y in 0..<Int(desc.Height) {
        for x in 0..<Int(desc.Width) {
          let index = Int(saved.RasterBits[y * Int(desc.Width) + x])
          let o = ((y + Int(desc.Top)) * result.width + x + Int(desc.Left)) * 4
          guard index != Int(gcb.TransparentColor) else { continue }
          let c = map.Colors[index]
          rgba[o] = c.Red
          rgba[o + 1] = c.Green
          rgba[o + 2] = c.Blue
          rgba[o + 3] = 255
        }
      }
      result.frames.append(rgba)
      for k in 0..<Int(saved.ExtensionBlockCount) {
        let block = saved.ExtensionBlocks[k]
        if block.Function == APPLICATION_EXT_FUNC_CODE, block.ByteCount == 11 {
          result.loops = 0
        }
      }
    }
    return result
  }

  static func webp(at path: String) throws -> DecodedAnimation {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    return try bytes.withUnsafeBufferPointer { buffer in
      var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
      var options = WebPAnimDecoderOptions()
      guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw Failure(description: "init") }
      options.color_mode = MODE_RGBA
      guard let decoder = WebPAnimDecoderNew(&data, &options) else {
        throw Failure(description: "WebPAnimDecoderNew failed")
      }
      defer { WebPAnimDecoderDelete(decoder) }
      var info = WebPAnimInfo()
      WebPAnimDecoderGetInfo(decoder, &info)
      var result = DecodedAnimation(
        width: Int(info.canvas_width), height: Int(info.canvas_height), frames: [], timing: [],
        loops: Int(info.loop_count))
      while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
        var pixels: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
          throw Failure(description: "WebPAnimDecoderGetNext failed")
        }
        result.frames.append(
          Array(UnsafeBufferPointer(start: pixels, count: result.width * result.height * 4)))
        result.timing.append(Int(timestamp))
      }
      return result
    }
  }
}

/// Mean absolute difference per channel (RGB of pixels opaque in both) between straight
/// RGBA frames, in 0–255 units, and the largest difference of alpha.
func difference(_ a: [UInt8], _ b: [UInt8]) -> (meanRGB: Double, maxAlpha: Int) {
  var sum = 0
  var n = 0
  var alpha = 0
  for i in stride(from: 0, to: min(a.count, b.count), by: 4) {
    alpha = max(alpha, abs(Int(a[i + 3]) - Int(b[i + 3])))
    guard a[i + 3] == 255, b[i + 3] == 255 else { continue }
    for c in 0..<3 { sum += abs(Int(a[i + c]) - Int(b[i + c])) }
    n += 3
  }
  return (n == 0 ? 0 : Double(sum) / Double(n), alpha)
}
