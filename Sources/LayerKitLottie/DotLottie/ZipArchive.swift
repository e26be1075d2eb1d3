import LayerGraphics

/// The entries of a zip archive (PKWARE APPNOTE), read from memory: stored and deflated
/// entries, checked against their CRC-32.
///
/// Only what dotLottie files use: one disk, no ZIP64, no encryption. Every offset and
/// size is checked against the bytes there are, so a damaged archive throws
/// `LottieError.invalidArchive` naming the entry (or `archive`), never a crash.
struct ZipArchive {
  /// One file of the archive, from the central directory.
  struct Entry {
    /// The name, with any leading `./` or `/` removed.
    let name: String
    let method: Int
    let crc: UInt32
    let compressedSize: Int
    let size: Int
    let localHeaderOffset: Int
  }

  /// The most bytes one entry may expand to (64 MiB).
  static let maxEntrySize = 64 << 20
  /// The most entries an archive may hold.
  static let maxEntries = 10_000

  let bytes: [UInt8]
  /// The entries, in the central directory's order.
  private(set) var entries: [Entry] = []
  /// The position in `entries` of each name (the first entry of a name that repeats).
  private var positions: [String: Int] = [:]

  /// Reads the central directory of `bytes`.
  init(_ bytes: [UInt8]) throws(LottieError) {
    self.bytes = bytes
    let end = try Self.endOfCentralDirectory(bytes)
    let count = Int(u16(end + 10))
    let directorySize = Int(u32(end + 12))
    let directoryOffset = Int(u32(end + 16))
    guard u16(end + 4) == 0, u16(end + 6) == 0, u16(end + 8) == u16(end + 10) else {
      throw .invalidArchive(entry: "archive", reason: "spans several disks")
    }
    guard count != 0xFFFF, directoryOffset != 0xFFFF_FFFF else {
      throw .invalidArchive(entry: "archive", reason: "ZIP64 archives are not supported")
    }
    guard count <= Self.maxEntries else {
      throw .limitExceeded(path: "archive", limit: "\(Self.maxEntries) entries")
    }
    guard directoryOffset <= end, directorySize <= end - directoryOffset else {
      throw .invalidArchive(entry: "archive", reason: "central directory out of bounds")
    }
    var p = directoryOffset
    for _ in 0..<count {
      guard end - p >= 46, u32(p) == 0x0201_4b50 else {
        throw .invalidArchive(entry: "archive", reason: "bad central directory entry")
      }
      let nameLength = Int(u16(p + 28))
      let extra = Int(u16(p + 30)) + Int(u16(p + 32))
      guard end - p - 46 >= nameLength + extra else {
        throw .invalidArchive(entry: "archive", reason: "central directory entry out of bounds")
      }
      var name = String(decoding: bytes[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self)
      while name.hasPrefix("./") { name.removeFirst(2) }
      while name.hasPrefix("/") { name.removeFirst() }
      if u16(p + 8) & 1 != 0 {
        throw .invalidArchive(entry: name, reason: "encrypted entries are not supported")
      }
      if positions[name] == nil { positions[name] = entries.count }
      entries.append(
        Entry(
          name: name, method: Int(u16(p + 10)), crc: u32(p + 16),
          compressedSize: Int(u32(p + 20)), size: Int(u32(p + 24)),
          localHeaderOffset: Int(u32(p + 42))))
      p += 46 + nameLength + extra
    }
  }

  /// Whether `bytes` starts like a zip archive (a local file header).
  static func isArchive(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
  }

  /// The entry called `name`, if any.
  func entry(_ name: String) -> Entry? { positions[name].map { entries[$0] } }

  /// The uncompressed bytes of `entry`.
  func contents(of entry: Entry) throws(LottieError) -> [UInt8] {
    let p = entry.localHeaderOffset
    guard p <= bytes.count - 30, u32(p) == 0x0403_4b50 else {
      throw .invalidArchive(entry: entry.name, reason: "bad local header")
    }
    let start = p + 30 + Int(u16(p + 26)) + Int(u16(p + 28))
    guard start <= bytes.count, entry.compressedSize <= bytes.count - start else {
      throw .invalidArchive(entry: entry.name, reason: "data out of bounds")
    }
    guard entry.size <= Self.maxEntrySize else {
      throw .limitExceeded(path: entry.name, limit: "\(Self.maxEntrySize >> 20) MiB per entry")
    }
    let data = Array(bytes[start..<(start + entry.compressedSize)])
    let out: [UInt8]
    switch entry.method {
    case 0:
      guard entry.compressedSize == entry.size else {
        throw .invalidArchive(entry: entry.name, reason: "stored sizes differ")
      }
      out = data
    case 8:
      do {
        out = try Inflater.inflate(deflate: data, limit: entry.size)
      } catch {
        throw .invalidArchive(entry: entry.name, reason: error.description)
      }
      guard out.count == entry.size else {
        throw .invalidArchive(entry: entry.name, reason: "fewer bytes than the archive states")
      }
    default:
      throw .invalidArchive(
        entry: entry.name, reason: "compression method \(entry.method) is not supported")
    }
    guard CRC32.checksum(out, out.indices) == entry.crc else {
      throw .invalidArchive(entry: entry.name, reason: "CRC-32 mismatch")
    }
    return out
  }

  /// The offset of the end-of-central-directory record, searched from the end (it is
  /// followed by a comment of up to 65,535 bytes).
  private static func endOfCentralDirectory(_ bytes: [UInt8]) throws(LottieError) -> Int {
    guard bytes.count >= 22 else {
      throw .invalidArchive(entry: "archive", reason: "too short for a zip archive")
    }
    var p = bytes.count - 22
    let lowest = max(0, p - 0xFFFF)
    while p >= lowest {
      if bytes[p] == 0x50, bytes[p + 1] == 0x4B, bytes[p + 2] == 0x05, bytes[p + 3] == 0x06 {
        return p
      }
      p -= 1
    }
    throw .invalidArchive(entry: "archive", reason: "no end of central directory")
  }

  private func u16(_ p: Int) -> UInt16 { UInt16(bytes[p]) | UInt16(bytes[p + 1]) << 8 }
  private func u32(_ p: Int) -> UInt32 { UInt32(u16(p)) | UInt32(u16(p + 2)) << 16 }
}
