import LayerGraphics

// The `maskMode`s other than alpha: the mask's pixels turned into alpha coverage, then
// applied as an alpha mask.
extension PixelCompositing {
  /// Multiplies `dst` by the coverage `mode` takes from `mask` (see `LayerMaskMode`).
  /// Outside `mask` (or with no mask at all) the mask is empty: inverse modes keep those
  /// pixels, the others clear them.
  static func applyMask(
    _ mask: RenderSurface?, to dst: RenderSurface, converting mode: LayerMaskMode
  ) {
    guard let mask else {
      if !mode.isInverse { dst.clear(dst.rect) }
      return
    }
    let r = dst.rect.intersection(mask.rect)
    let emptyByte: UInt32 = mode.isInverse ? 255 : 0
    var coverage = [UInt32](repeating: 0, count: dst.width)
    for y in dst.rect.y0..<dst.rect.y1 {
      for x in 0..<dst.width { coverage[x] = emptyByte << 24 }
      if !r.isEmpty, y >= r.y0, y < r.y1 {
        let row = mask.pixel(x: r.x0, y: y)
        let offset = r.x0 - dst.rect.x0
        for x in 0..<r.width { coverage[offset + x] = coverageByte(row[x], mode) << 24 }
      }
      coverage.withUnsafeBufferPointer { c in
        RowKernels.multiplyByAlphaRow(
          dst.pixel(x: dst.rect.x0, y: y), mask: c.baseAddress!, count: dst.width)
      }
    }
  }

  /// The coverage (0…255) of one premultiplied mask pixel (`r` in the low byte, `a` in
  /// the high byte) under `mode`.
  static func coverageByte(_ p: UInt32, _ mode: LayerMaskMode) -> UInt32 {
    let value: UInt32
    switch mode {
    case .luminance, .inverseLuminance:
      // Rec. 709 weights in 1/65536ths (13926 + 46884 + 4725 = 65535), rounded.
      let r = p & 0xFF
      let g = (p >> 8) & 0xFF
      let b = (p >> 16) & 0xFF
      value = min(255, (r * 13926 + g * 46884 + b * 4725 + 32768) >> 16)
    default:
      value = p >> 24
    }
    return mode.isInverse ? 255 - value : value
  }
}
