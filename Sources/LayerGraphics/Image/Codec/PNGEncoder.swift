/// Writes straight-alpha RGBA8 pixels as a PNG file: 8-bit RGB when every pixel is opaque,
/// 8-bit RGBA otherwise, non-interlaced.
///
/// Each row takes the filter (none, sub, up, average or Paeth) whose output has the smallest
/// sum of absolute signed bytes, the usual heuristic, and the filtered rows are compressed
/// by ``Deflater``. No ancillary chunks are written, so the same pixels always give the
/// same file.
enum PNGEncoder {
  /// The PNG file of `rgba` (straight alpha, `width · height · 4` bytes, top row first).
  static func encode(straightRGBA rgba: [UInt8], width: Int, height: Int) -> [UInt8] {
    precondition(rgba.count == width * height * 4, "pixel count does not match the size")
    var opaque = true
    for i in stride(from: 3, to: rgba.count, by: 4) where rgba[i] != 255 {
      opaque = false
      break
    }
    let channels = opaque ? 3 : 4
    let stride = width * channels
    var current = [UInt8](repeating: 0, count: stride)
    var previous = [UInt8](repeating: 0, count: stride)
    var filtered = [UInt8]()
    filtered.reserveCapacity((stride + 1) * height)
    var candidate = [UInt8](repeating: 0, count: stride)
    var best = [UInt8](repeating: 0, count: stride)
    for y in 0..<height {
      for x in 0..<width {
        for c in 0..<channels { current[x * channels + c] = rgba[(y * width + x) * 4 + c] }
      }
      var bestFilter: UInt8 = 0
      var bestScore = Int.max
      for filter in 0..<5 {
        var score = 0
        for i in 0..<stride {
          let a = i >= channels ? Int(current[i - channels]) : 0
          let b = Int(previous[i])
          let c = i >= channels ? Int(previous[i - channels]) : 0
          let predicted =
            switch filter {
            case 0: 0
            case 1: a
            case 2: b
            case 3: (a + b) >> 1
            default: PNGDecoder.paeth(a, b, c)
            }
          let value = current[i] &- UInt8(truncatingIfNeeded: predicted)
          candidate[i] = value
          score += abs(Int(Int8(bitPattern: value)))
        }
        if score < bestScore {
          bestScore = score
          bestFilter = UInt8(filter)
          swap(&best, &candidate)
        }
      }
      filtered.append(bestFilter)
      filtered.append(contentsOf: best)
      swap(&previous, &current)
    }
    var file = PNGDecoder.signature
    var header = [UInt8]()
    for value in [width, height] {
      for shift in [24, 16, 8, 0] { header.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
    header += [8, opaque ? 2 : 6, 0, 0, 0]
    appendChunk("IHDR", header, to: &file)
    appendChunk("IDAT", Deflater.deflate(zlib: filtered), to: &file)
    appendChunk("IEND", [], to: &file)
    return file
  }

  private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
    for shift in [24, 16, 8, 0] { file.append(UInt8(truncatingIfNeeded: data.count >> shift)) }
    let start = file.count
    file.append(contentsOf: Array(type.utf8))
    file.append(contentsOf: data)
    let crc = CRC32.checksum(file, start..<file.count)
    for shift in [24, 16, 8, 0] { file.append(UInt8(truncatingIfNeeded: crc >> UInt32(shift))) }
  }
}
