import Foundation
import LayerKitSDL

/// libFuzzer's entry point: one input as encoded image data.
///
/// Anything but a decoded image must be an `ImageDecodingError` (the typed error is the
/// contract); an image that decodes is drawn once into a small bitmap. A crash, a leak,
/// a timeout or an allocation past the fuzzer's memory limit (an image whose header
/// asks for more than the decoding budget) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageDecoding(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  guard let image = try? CGImage(encodedData: bytes) else { return 0 }
  guard let ctx = CGContext(width: 16, height: 16) else { return 0 }
  ctx.draw(image, in: CGRect(x: 0, y: 0, width: 16, height: 16))
  return 0
}
