import Foundation
import LayerKitLottie

/// libFuzzer's entry point: one input as Lottie JSON or a dotLottie (zip) archive.
///
/// Bad data must throw `LottieError` (the typed error is the contract); a file that
/// parses is then built into its layer tree and rendered at two progresses into a small
/// bitmap, so that hostile values (huge or non-finite sizes, frame rates, keyframe times,
/// coordinates, deep precomposition chains) reach the layer builder, the timing engine and
/// the rasterizer too. A crash, a leak or a timeout is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLottie(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  guard let animation = try? LottieAnimation(data: bytes) else { return 0 }
  _ = animation.duration
  for progress in [0.0, 0.5] {
    _ = LottieSnapshot.render(animation, progress: progress, pixelSize: (width: 24, height: 24))
  }
  return 0
}
