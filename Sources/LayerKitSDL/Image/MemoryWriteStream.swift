internal import CSDL2

/// A growable in-memory `SDL_RWops` that SDL_image's savers write into.
///
/// SDL2 has no growable memory stream (`SDL_RWFromMem` needs a buffer of known size), so
/// this one keeps its bytes in a Swift array reached through the stream's `data1` slot.
/// The stream is owned by this object: pass `freedst = 0` to the saver and let
/// ``finish()`` hand back the bytes and free the `SDL_RWops`.
final class MemoryWriteStream {
  private(set) var bytes: [UInt8] = []
  private var position = 0
  /// The stream to give to SDL; valid until ``finish()``.
  let rwops: UnsafeMutablePointer<SDL_RWops>

  init() throws(SDLError) {
    rwops = try SDLCall.nonNull("SDL_AllocRW") { SDL_AllocRW() }
    rwops.pointee.type = UInt32(SDL_RWOPS_UNKNOWN)
    rwops.pointee.hidden.unknown.data1 = Unmanaged.passUnretained(self).toOpaque()
    rwops.pointee.size = { rw in MemoryWriteStream.from(rw).map { Int64($0.bytes.count) } ?? -1 }
    rwops.pointee.seek = { rw, offset, whence in
      MemoryWriteStream.from(rw)?.seek(offset: offset, whence: whence) ?? -1
    }
    rwops.pointee.read = { _, _, _, _ in 0 }
    rwops.pointee.write = { rw, source, size, count in
      guard let stream = MemoryWriteStream.from(rw), let source else { return 0 }
      return stream.write(source, size: size, count: count)
    }
    // Closing is ``finish()``'s job; a saver given freedst = 0 never calls this.
    rwops.pointee.close = { _ in 0 }
  }

  /// Frees the `SDL_RWops` and returns what was written.
  func finish() -> [UInt8] {
    SDL_FreeRW(rwops)
    return bytes
  }

  private static func from(_ rw: UnsafeMutablePointer<SDL_RWops>?) -> MemoryWriteStream? {
    guard let data = rw?.pointee.hidden.unknown.data1 else { return nil }
    return Unmanaged<MemoryWriteStream>.fromOpaque(data).takeUnretainedValue()
  }

  private func seek(offset: Int64, whence: Int32) -> Int64 {
    let base: Int
    switch whence {
    case RW_SEEK_SET: base = 0
    case RW_SEEK_CUR: base = position
    case RW_SEEK_END: base = bytes.count
    default: return -1
    }
    let target = Int64(base) + offset
    guard target >= 0, target <= Int64(Int32.max) else { return -1 }
    position = Int(target)
    return target
  }

  private func write(_ source: UnsafeRawPointer, size: Int, count: Int) -> Int {
    let (total, overflow) = size.multipliedReportingOverflow(by: count)
    guard !overflow, total > 0 else { return 0 }
    if position > bytes.count {
      bytes.append(contentsOf: repeatElement(0, count: position - bytes.count))
    }
    let source = UnsafeRawBufferPointer(start: source, count: total)
    let overlap = min(total, bytes.count - position)
    if overlap > 0 {
      bytes.replaceSubrange(position..<(position + overlap), with: source.prefix(overlap))
    }
    if overlap < total { bytes.append(contentsOf: source.dropFirst(overlap)) }
    position += total
    return count
  }
}
