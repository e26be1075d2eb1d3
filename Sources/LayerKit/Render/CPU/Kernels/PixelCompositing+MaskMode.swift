import LayerGraphics

// The `maskMode`s as the coverage a mask pixel gives (`PixelCompositing.applyMask`).
extension PixelCompositing {
  /// How `mode` turns a mask pixel into coverage: its alpha, or its Rec. 709 luminance,
  /// inverted for the inverse modes (the mode's strings compared once, not per pixel).
  static func maskCoverage(_ mode: LayerMaskMode) -> RowKernels.MaskCoverage {
    RowKernels.MaskCoverage(
      luminance: mode == .luminance || mode == .inverseLuminance, inverse: mode.isInverse)
  }

  /// The coverage (0…255) of one premultiplied mask pixel (`r` in the low byte, `a` in
  /// the high byte) under `mode`.
  static func coverageByte(_ p: UInt32, _ mode: LayerMaskMode) -> UInt32 {
    maskCoverage(mode).coverage(p)
  }
}
