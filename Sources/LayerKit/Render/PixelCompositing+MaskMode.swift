import LayerGraphics

// The `maskMode`s as the coverage a mask pixel gives (`PixelCompositing.applyMask`).
extension PixelCompositing {
  /// The coverage (0…255) of one premultiplied mask pixel (`r` in the low byte, `a` in
  /// the high byte) under `mode`: its alpha, or its Rec. 709 luminance, inverted for the
  /// inverse modes (`RowKernels.MaskCoverage`).
  static func coverageByte(_ p: UInt32, _ mode: LayerMaskMode) -> UInt32 {
    RowKernels.MaskCoverage(
      luminance: mode == .luminance || mode == .inverseLuminance, inverse: mode.isInverse
    ).coverage(p)
  }
}
