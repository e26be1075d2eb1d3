/// How a drawn colour (source `S`, premultiplied, alpha `Sa`) combines with the bitmap
/// (destination `D`, alpha `Da`).
///
/// The Porter–Duff modes, as Core Graphics defines them for premultiplied colour:
///
/// | mode | result |
/// |---|---|
/// | normal | `S + D·(1 − Sa)` |
/// | clear | `0` |
/// | copy | `S` |
/// | sourceIn | `S·Da` |
/// | sourceOut | `S·(1 − Da)` |
/// | sourceAtop | `S·Da + D·(1 − Sa)` |
/// | destinationOver | `S·(1 − Da) + D` |
/// | destinationIn | `D·Sa` |
/// | destinationOut | `D·(1 − Sa)` |
/// | destinationAtop | `S·(1 − Da) + D·Sa` |
/// | xor | `S·(1 − Da) + D·(1 − Sa)` |
/// | plusLighter | `min(1, S + D)` |
/// | multiply | `S·D + S·(1 − Da) + D·(1 − Sa)` |
/// | screen | `S + D − S·D` |
///
/// The W3C Compositing and Blending Level 1 modes (`overlay` … `luminosity`, and
/// `multiply` and `screen` above, which agree with it) mix the unpremultiplied colours
/// `Cs = S/Sa` and `Cb = D/Da` with a blend function `B` and composite source-over:
///
/// `result = S·(1 − Da) + D·(1 − Sa) + Sa·Da·B(Cb, Cs)`, alpha `Sa + Da − Sa·Da`.
///
/// | mode | `B(Cb, Cs)` |
/// |---|---|
/// | overlay | `hardLight(Cs, Cb)` (the arguments swapped) |
/// | darken | `min(Cb, Cs)` |
/// | lighten | `max(Cb, Cs)` |
/// | colorDodge | `Cb = 0 ? 0 : Cs = 1 ? 1 : min(1, Cb / (1 − Cs))` |
/// | colorBurn | `Cb = 1 ? 1 : Cs = 0 ? 0 : 1 − min(1, (1 − Cb) / Cs)` |
/// | softLight | `Cs ≤ ½ ? Cb − (1 − 2Cs)·Cb·(1 − Cb) : Cb + (2Cs − 1)·(D(Cb) − Cb)`, `D(x) = x ≤ ¼ ? ((16x − 12)x + 4)x : √x` |
/// | hardLight | `Cs ≤ ½ ? Cb·2Cs : screen(Cb, 2Cs − 1)` |
/// | difference | `abs(Cb − Cs)` |
/// | exclusion | `Cb + Cs − 2·Cb·Cs` |
/// | hue | `setLum(setSat(Cs, sat(Cb)), lum(Cb))` |
/// | saturation | `setLum(setSat(Cb, sat(Cs)), lum(Cb))` |
/// | color | `setLum(Cs, lum(Cb))` |
/// | luminosity | `setLum(Cb, lum(Cs))` |
///
/// with `lum(C) = 0.3·R + 0.59·G + 0.11·B`, `sat(C) = max − min`, and `setLum`/`setSat`
/// as the specification defines them (`setLum` clips back into gamut around the
/// luminosity). The separable modes work per channel; the last four on the RGB vector.
/// These are computed in single-precision floating point and rounded to bytes.
///
/// Anti-aliasing coverage `c` blends between the result and the untouched destination:
/// `D' = c·result + (1 − c)·D`, so modes such as `copy` and `clear` only replace what the
/// shape covers.
public enum CGBlendMode: Int32, Sendable, CaseIterable {
  case normal = 0
  case multiply = 1
  case screen = 2
  case overlay = 3
  case darken = 4
  case lighten = 5
  case colorDodge = 6
  case colorBurn = 7
  case softLight = 8
  case hardLight = 9
  case difference = 10
  case exclusion = 11
  case hue = 12
  case saturation = 13
  case color = 14
  case luminosity = 15
  case clear = 16
  case copy = 17
  case sourceIn = 18
  case sourceOut = 19
  case sourceAtop = 20
  case destinationOver = 21
  case destinationIn = 22
  case destinationOut = 23
  case destinationAtop = 24
  case xor = 25
  case plusDarker = 26
  case plusLighter = 27
}
