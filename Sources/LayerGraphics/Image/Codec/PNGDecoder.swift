/// Reads PNG files (ISO/IEC 15948) into straight-alpha RGBA8: every colour type (grey,
/// RGB, palette, grey with alpha, RGBA), bit depths 1 to 16, `tRNS` transparency and Adam7
/// interlacing.
///
/// Sixteen-bit samples keep their high byte, and grey levels below 8 bits scale to the full
/// 0…255 range (`v · 255 / (2ᵈ − 1)`). Chunk CRCs and the zlib checksum are verified;
/// ancillary chunks other than `tRNS` (gamma, colour profiles, text) are skipped, so colour
/// is taken as sRGB.
struct PNGDecoder {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// A decoded image: straight-alpha RGBA bytes, tightly packed, top row first.
  struct StraightImage {
    var width: Int
    var height: Int
    var rgba: [UInt8]
  }

  private struct Header {
    var width = 0, height = 0, bitDepth = 0, colorType = 0, interlaced = false
    /// Samples per pixel for the colour type.
    var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 0 }
    var bitsPerPixel: Int { channels * bitDepth }
    /// Bytes in one filtered row of `width` pixels, without the filter byte.
    func rowBytes(_ width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }
  }

  /// Decodes `bytes`, which must start with the PNG signature.
  static func decode(_ bytes: [UInt8]) throws(ImageDecodingError) -> StraightImage {
    guard !bytes.isEmpty else { throw .emptyData }
    guard bytes.starts(with: signature) else {
      throw .unsupportedFormat(message: "data does not start with the PNG signature")
    }
    do {
      return try decodeChunks(bytes)
    } catch let error as ImageDecodingError {
      throw error
    } catch {
      throw .corruptData(format: .png, message: "\(error)")
    }
  }

  private static func corrupt(_ message: String) -> ImageDecodingError {
    .corruptData(format: .png, message: message)
  }

  private static func decodeChunks(_ bytes: [UInt8]) throws -> StraightImage {
    var header: Header?
    var palette: [UInt8] = []
    var transparency: [UInt8]?
    var compressed: [UInt8] = []
    var offset = signature.count
    var ended = false
    func readUInt32(_ at: Int) -> Int {
      Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }
    while !ended {
      guard offset + 8 <= bytes.count else { throw corrupt("chunk header ends early (truncated)") }
      let length = readUInt32(offset)
      let typeRange = (offset + 4)..<(offset + 8)
      let type = String(decoding: bytes[typeRange], as: UTF8.self)
      let dataStart = offset + 8
      guard length <= 0x7FFF_FFFF, dataStart + length + 4 <= bytes.count else {
        throw corrupt("\(type) chunk ends early (truncated)")
      }
      let data = dataStart..<(dataStart + length)
      if header == nil && type == "IHDR" && length == 13 {
        // The size is checked before anything else, the checksum included: an image over
        // the budget is `.tooLarge` whatever else is wrong with it.
        let w = readUInt32(dataStart)
        let h = readUInt32(dataStart + 4)
        if w > CGImage.maximumDimension || h > CGImage.maximumDimension
          || w * h > CGContext.maximumPixelCount
        {
          throw ImageDecodingError.tooLarge(width: w, height: h)
        }
      }
      guard
        CRC32.checksum(bytes, offset + 4..<data.upperBound) == UInt32(readUInt32(data.upperBound))
      else { throw corrupt("\(type) chunk CRC does not match") }
      offset = data.upperBound + 4
      if header == nil && type != "IHDR" { throw corrupt("the first chunk is \(type), not IHDR") }
      switch type {
      case "IHDR":
        guard header == nil, length == 13 else { throw corrupt("malformed IHDR chunk") }
        header = try readHeader(Array(bytes[data]))
      case "PLTE":
        guard length % 3 == 0, length <= 768, length > 0 else {
          throw corrupt("malformed PLTE chunk")
        }
        palette = Array(bytes[data])
      case "tRNS": transparency = Array(bytes[data])
      case "IDAT": compressed.append(contentsOf: bytes[data])
      case "IEND": ended = true
      default:
        // Bit 5 of the first letter clear (an upper-case letter) marks a critical chunk.
        if bytes[typeRange.lowerBound] & 0x20 == 0 {
          throw corrupt("unknown critical chunk \(type)")
        }
      }
    }
    guard let header else { throw corrupt("no IHDR chunk") }
    guard !compressed.isEmpty else { throw corrupt("no IDAT chunk") }
    if header.colorType == 3 && palette.isEmpty { throw corrupt("palette image without PLTE") }

    let passes = header.interlaced ? adam7 : [(0, 0, 1, 1)]
    var expected = 0
    for pass in passes {
      let (w, h) = passSize(pass, header)
      if w > 0 && h > 0 { expected += (header.rowBytes(w) + 1) * h }
    }
    let raw: [UInt8]
    do {
      raw = try Inflater.inflate(zlib: compressed, limit: expected)
    } catch {
      throw corrupt("image data: \(error)")
    }
    guard raw.count == expected else {
      throw corrupt("image data holds \(raw.count) bytes, \(expected) expected (truncated)")
    }
    var rgba = [UInt8](repeating: 0, count: header.width * header.height * 4)
    var start = 0
    for pass in passes {
      let (w, h) = passSize(pass, header)
      guard w > 0 && h > 0 else { continue }
      let rows = try unfilter(raw, from: start, width: w, height: h, header)
      start += (header.rowBytes(w) + 1) * h
      expand(
        rows, width: w, height: h, header, palette: palette, transparency: transparency,
        pass: pass, into: &rgba)
    }
    return StraightImage(width: header.width, height: header.height, rgba: rgba)
  }

  private static func readHeader(_ d: [UInt8]) throws(ImageDecodingError) -> Header {
    func word(_ at: Int) -> Int {
      Int(d[at]) << 24 | Int(d[at + 1]) << 16 | Int(d[at + 2]) << 8 | Int(d[at + 3])
    }
    var h = Header()
    h.width = word(0)
    h.height = word(4)
    h.bitDepth = Int(d[8])
    h.colorType = Int(d[9])
    guard h.width > 0, h.height > 0, h.width <= 0x7FFF_FFFF, h.height <= 0x7FFF_FFFF else {
      throw corrupt("image has no pixels")
    }
    // Each side and the pixel count (the decoded-pixel budget every decoder shares) are
    // checked before anything is inflated.
    guard h.width <= CGImage.maximumDimension, h.height <= CGImage.maximumDimension,
      h.width * h.height <= CGContext.maximumPixelCount
    else {
      throw .tooLarge(width: h.width, height: h.height)
    }
    let allowed: [Int: [Int]] = [
      0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
    ]
    guard allowed[h.colorType]?.contains(h.bitDepth) == true else {
      throw corrupt("colour type \(h.colorType) with bit depth \(h.bitDepth) is not valid")
    }
    guard d[10] == 0, d[11] == 0, d[12] <= 1 else {
      throw corrupt("unknown compression, filter or interlace method")
    }
    h.interlaced = d[12] == 1
    return h
  }

  /// Adam7's passes as (first column, first row, column step, row step).
  private static let adam7 = [
    (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
    (0, 1, 1, 2),
  ]

  private static func passSize(_ pass: (Int, Int, Int, Int), _ h: Header) -> (Int, Int) {
    ((h.width - pass.0 + pass.2 - 1) / pass.2, (h.height - pass.1 + pass.3 - 1) / pass.3)
  }

  /// Undoes the per-row filters (none, sub, up, average, Paeth) of one pass.
  private static func unfilter(
    _ raw: [UInt8], from start: Int, width: Int, height: Int, _ h: Header
  ) throws(ImageDecodingError) -> [UInt8] {
    let stride = h.rowBytes(width)
    let bpp = max(1, h.bitsPerPixel / 8)
    var out = [UInt8](repeating: 0, count: stride * height)
    for y in 0..<height {
      let filter = raw[start + y * (stride + 1)]
      let src = start + y * (stride + 1) + 1
      let row = y * stride
      for x in 0..<stride {
        let value = raw[src + x]
        let a = x >= bpp ? Int(out[row + x - bpp]) : 0
        let b = y > 0 ? Int(out[row - stride + x]) : 0
        let c = x >= bpp && y > 0 ? Int(out[row - stride + x - bpp]) : 0
        let predicted: Int
        switch filter {
        case 0: predicted = 0
        case 1: predicted = a
        case 2: predicted = b
        case 3: predicted = (a + b) >> 1
        case 4: predicted = paeth(a, b, c)
        default: throw corrupt("unknown row filter \(filter)")
        }
        out[row + x] = value &+ UInt8(truncatingIfNeeded: predicted)
      }
    }
    return out
  }

  /// The Paeth predictor: whichever of left, above and upper-left is nearest `a + b − c`.
  static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
    let p = a + b - c
    let pa = abs(p - a)
    let pb = abs(p - b)
    let pc = abs(p - c)
    if pa <= pb && pa <= pc { return a }
    return pb <= pc ? b : c
  }

  /// Converts one pass's unfiltered rows to straight RGBA8 at the pass's pixel positions.
  private static func expand(
    _ rows: [UInt8], width: Int, height: Int, _ h: Header, palette: [UInt8],
    transparency: [UInt8]?, pass: (Int, Int, Int, Int), into rgba: inout [UInt8]
  ) {
    let stride = h.rowBytes(width)
    let depth = h.bitDepth
    let maxSample = (1 << depth) - 1
    // A sample at the image's own depth (16-bit samples whole), for colour-key comparison.
    func sample(_ row: Int, _ index: Int) -> Int {
      if depth == 16 { return Int(rows[row + index * 2]) << 8 | Int(rows[row + index * 2 + 1]) }
      if depth == 8 { return Int(rows[row + index]) }
      let bit = index * depth
      return Int(rows[row + bit / 8]) >> (8 - depth - bit % 8) & maxSample
    }
    func byte(_ value: Int) -> UInt8 {
      depth == 16 ? UInt8(value >> 8) : UInt8(value * 255 / maxSample)
    }
    func key(_ i: Int) -> Int? {
      guard let t = transparency, t.count >= i * 2 + 2 else { return nil }
      return Int(t[i * 2]) << 8 | Int(t[i * 2 + 1])
    }
    let greyKey = h.colorType == 0 ? key(0) : nil
    let rgbKey = h.colorType == 2 ? (key(0), key(1), key(2)) : (nil, nil, nil)
    for y in 0..<height {
      let row = y * stride
      let outRow = (pass.1 + y * pass.3) * h.width
      for x in 0..<width {
        let o = (outRow + pass.0 + x * pass.2) * 4
        var r = 0
        var g = 0
        var b = 0
        var a: UInt8 = 255
        switch h.colorType {
        case 0:
          let v = sample(row, x)
          (r, g, b) = (v, v, v)
          if v == greyKey { a = 0 }
        case 2:
          (r, g, b) = (sample(row, x * 3), sample(row, x * 3 + 1), sample(row, x * 3 + 2))
          if r == rgbKey.0 && g == rgbKey.1 && b == rgbKey.2 { a = 0 }
        case 3:
          let index = sample(row, x)
          if index * 3 + 2 < palette.count {
            rgba[o] = palette[index * 3]
            rgba[o + 1] = palette[index * 3 + 1]
            rgba[o + 2] = palette[index * 3 + 2]
          }
          rgba[o + 3] = transparency.flatMap { index < $0.count ? $0[index] : nil } ?? 255
          continue
        case 4:
          let v = sample(row, x * 2)
          (r, g, b) = (v, v, v)
          a = byte(sample(row, x * 2 + 1))
        default:
          (r, g, b) = (sample(row, x * 4), sample(row, x * 4 + 1), sample(row, x * 4 + 2))
          a = byte(sample(row, x * 4 + 3))
        }
        rgba[o] = byte(r)
        rgba[o + 1] = byte(g)
        rgba[o + 2] = byte(b)
        rgba[o + 3] = a
      }
    }
  }
}
