import LayerGraphics

/// Reduces a frame to at most 256 colours for GIF: an exact palette when the frame has few
/// enough colours, otherwise median cut with optional Floyd–Steinberg dithering.
///
/// The steps:
/// 1. Pixels with alpha under ``alphaThreshold`` become the transparent entry (GIF has
///    1-bit transparency); the others are un-premultiplied to straight RGB.
/// 2. If the opaque pixels use at most ``maximumColors`` distinct colours (minus one for
///    the transparent entry), those colours are the palette and every pixel maps exactly.
/// 3. Otherwise a histogram of 5-bit-per-channel cells is split by median cut: the box
///    with the largest population × longest side is cut across that side at the median
///    pixel, until there are enough boxes or none can be cut. Each box's colour is the
///    mean of its pixels.
/// 4. Each pixel maps to its exact nearest palette colour (squared RGB distance); the
///    search per 5-bit cell only visits the colours that can be nearest to some point of
///    the cell (the "locally nearest" pruning of libjpeg's quantiser). With
///    ``Dithering/floydSteinberg`` the mapping error spreads 7/16, 3/16, 5/16, 1/16 to the
///    neighbours, scanning rows in alternating directions.
///
/// Deterministic: the same pixels give the same palette and indices.
public struct ColorQuantizer: Sendable {
  /// How the error between a pixel and its palette colour is handled.
  public enum Dithering: Sendable {
    /// Each pixel takes its nearest colour: flat bands on gradients, smallest files.
    case none
    /// Floyd–Steinberg error diffusion, serpentine: smooth gradients.
    case floydSteinberg
  }

  /// Palette entries at most, transparent one included; 2 to 256. Default 256.
  public var maximumColors: Int
  /// Default ``Dithering/floydSteinberg``.
  public var dithering: Dithering
  /// Pixels with alpha (0–255) below this are transparent. Default 128.
  public var alphaThreshold: UInt8

  public init(
    maximumColors: Int = 256, dithering: Dithering = .floydSteinberg, alphaThreshold: UInt8 = 128
  ) {
    precondition((2...256).contains(maximumColors), "a GIF palette has 2 to 256 entries")
    self.maximumColors = maximumColors
    self.dithering = dithering
    self.alphaThreshold = alphaThreshold
  }

  /// The indexed version of `image`.
  /// - Complexity: O(pixels + cells · colours) for the touched 5-bit cells.
  public func quantize(_ image: CGImage) -> IndexedFrame {
    let count = image.width * image.height
    let straight = image.straightRGBA()
    var rgb = [UInt8](repeating: 0, count: count * 3)
    var opaque = [Bool](repeating: false, count: count)
    var anyTransparent = false
    for i in 0..<count {
      let a = straight[i * 4 + 3]
      guard a >= alphaThreshold, a > 0 else {
        anyTransparent = true
        continue
      }
      opaque[i] = true
      rgb[i * 3] = straight[i * 4]
      rgb[i * 3 + 1] = straight[i * 4 + 1]
      rgb[i * 3 + 2] = straight[i * 4 + 2]
    }
    let colors = maximumColors - (anyTransparent ? 1 : 0)
    let palette =
      Self.exactPalette(rgb, opaque: opaque, limit: colors)
      ?? MedianCut(rgb: rgb, opaque: opaque).palette(colors: colors)
    let transparent = anyTransparent ? palette.count : nil
    var indices = [UInt8](repeating: UInt8(truncatingIfNeeded: transparent ?? 0), count: count)
    var nearest = NearestColor(palette: palette)
    let diffuse = dithering == .floydSteinberg && palette.count > 1
    if diffuse {
      Self.diffuse(
        rgb, opaque: opaque, width: image.width, height: image.height, into: &indices,
        nearest: &nearest)
    } else {
      for i in 0..<count where opaque[i] {
        indices[i] = nearest.index(
          Int(rgb[i * 3]), Int(rgb[i * 3 + 1]), Int(rgb[i * 3 + 2]))
      }
    }
    return IndexedFrame(
      width: image.width, height: image.height, palette: palette, transparentIndex: transparent,
      indices: indices)
  }

  /// The distinct colours of the opaque pixels, in order of first appearance, or nil when
  /// there are more than `limit`.
  static func exactPalette(_ rgb: [UInt8], opaque: [Bool], limit: Int) -> [SIMD3<UInt8>]? {
    var seen: [UInt32: Int] = [:]
    var palette: [SIMD3<UInt8>] = []
    for i in opaque.indices where opaque[i] {
      let key = UInt32(rgb[i * 3]) << 16 | UInt32(rgb[i * 3 + 1]) << 8 | UInt32(rgb[i * 3 + 2])
      if seen[key] == nil {
        guard palette.count < limit else { return nil }
        seen[key] = palette.count
        palette.append(SIMD3(rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]))
      }
    }
    return palette.isEmpty ? [SIMD3(0, 0, 0)] : palette
  }

  /// Floyd–Steinberg over the opaque pixels, serpentine; transparent pixels neither take
  /// nor pass on error.
  private static func diffuse(
    _ rgb: [UInt8], opaque: [Bool], width: Int, height: Int, into indices: inout [UInt8],
    nearest: inout NearestColor
  ) {
    // Errors in 1/16 units, one row ahead, with a pixel of padding on each side.
    var current = [Int](repeating: 0, count: (width + 2) * 3)
    var next = current
    for y in 0..<height {
      let leftToRight = y % 2 == 0
      for step in 0..<width {
        let x = leftToRight ? step : width - 1 - step
        let i = y * width + x
        let e = (x + 1) * 3
        guard opaque[i] else { continue }
        var want = SIMD3<Int>(Int(rgb[i * 3]), Int(rgb[i * 3 + 1]), Int(rgb[i * 3 + 2]))
        for c in 0..<3 {
          want[c] = min(255, max(0, want[c] + (current[e + c] + 8) >> 4))
        }
        let index = nearest.index(want.x, want.y, want.z)
        indices[i] = index
        let got = nearest.palette[Int(index)]
        let dir = leftToRight ? 3 : -3
        for c in 0..<3 {
          let error = want[c] - Int(got[c])
          current[e + dir + c] += error * 7
          next[e - dir + c] += error * 3
          next[e + c] += error * 5
          next[e + dir + c] += error
        }
      }
      swap(&current, &next)
      for k in next.indices { next[k] = 0 }
    }
  }
}
