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
/// Anti-aliasing coverage `c` blends between the result and the untouched destination:
/// `D' = c·result + (1 − c)·D`, so modes such as `copy` and `clear` only replace what the
/// shape covers.
public enum CGBlendMode: Int32, Sendable {
  case normal = 0
  case multiply = 1
  case screen = 2
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
