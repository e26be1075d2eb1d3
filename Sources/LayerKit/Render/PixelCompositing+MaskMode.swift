import LayerGraphics

// The `maskMode`s other than alpha: the mask's pixels turned into alpha coverage, then
// applied as an alpha mask.
extension PixelCompositing {
  /// Multiplies `dst` in `area` (inside its rect) by the coverage `mode` takes from `mask`
  /// (see `LayerMaskMode`). Outside `mask` (or with no mask at all) the mask is empty:
  /// inverse modes keep those pixels, the others clear them.
  static func applyMask(
    _ mask: RenderSurface?, to dst: RenderSurface, in area: PixelRect,
    converting mode: LayerMaskMode
  ) {
    guard let mask else {
      if !mode.isInverse { dst.clear(area) }
      return
    }
    let r = area.intersection(mask.rect)
    // The mode's strings compared once per call, not once per pixel.
    let inverse = mode.isInverse
    let luminance = mode == .luminance || mode == .inverseLuminance
    let empty: UInt32 = inverse ? 0xFF00_0000 : 0
    let width = area.width
    var coverage = [UInt32](repeating: empty, count: width)
    coverage.withUnsafeMutableBufferPointer { c in
      let c = c.baseAddress!
      for y in area.y0..<area.y1 {
        let out = dst.pixel(x: area.x0, y: y)
        guard !r.isEmpty, y >= r.y0, y < r.y1 else {
          // Outside the mask: inverse modes keep the row, the others clear it.
          if !inverse { out.update(repeating: 0, count: width) }
          continue
        }
        let row = mask.pixel(x: r.x0, y: y)
        let offset = r.x0 - area.x0
        c.update(repeating: empty, count: offset)
        (c + offset + r.width).update(repeating: empty, count: width - offset - r.width)
        for x in 0..<r.width {
          c[offset + x] = coverageByte(row[x], luminance: luminance, inverse: inverse) << 24
        }
        RowKernels.multiplyByAlphaRow(out, mask: c, count: width)
      }
    }
  }

  /// The coverage (0…255) of one premultiplied mask pixel (`r` in the low byte, `a` in
  /// the high byte) under `mode`.
  static func coverageByte(_ p: UInt32, _ mode: LayerMaskMode) -> UInt32 {
    coverageByte(
      p, luminance: mode == .luminance || mode == .inverseLuminance, inverse: mode.isInverse)
  }

  /// The coverage (0…255) of one premultiplied mask pixel: its Rec. 709 luminance when
  /// `luminance`, else its alpha; `255 −` that when `inverse`.
  @inline(__always)
  static func coverageByte(_ p: UInt32, luminance: Bool, inverse: Bool) -> UInt32 {
    let value: UInt32
    if luminance {
      // Rec. 709 weights in 1/65536ths (13926 + 46884 + 4725 = 65535), rounded.
      let r = p & 0xFF
      let g = (p >> 8) & 0xFF
      let b = (p >> 16) & 0xFF
      value = min(255, (r * 13926 + g * 46884 + b * 4725 + 32768) >> 16)
    } else {
      value = p >> 24
    }
    return inverse ? 255 - value : value
  }
}
