/// Lookup tables for the separable W3C modes where both pixels are opaque.
///
/// With `αs = αb = 1` the general formula is `B(Cb, Cs)` in each channel, and a
/// separable `B` makes each result byte a function of the backdrop's and the source's
/// bytes in that channel alone. Each table holds that function's 65,536 values, computed
/// by `blend(_:_:_:)` itself on grey pixels, so a lookup gives the float code's bytes by
/// construction (`W3CBlendTableTests` checks every byte pair in every channel). A table
/// takes 64 KB; it is made on its mode's first use and kept for the process's life
/// (576 KB with all nine).
extension W3CBlend {
  /// The table of `mode` (indexed `backdrop << 8 | source`), or nil for the modes
  /// without one (non-separable modes, and the modes `BlendFunction` computes in
  /// integers).
  package static func opaqueTable(_ mode: CGBlendMode) -> UnsafePointer<UInt8>? {
    switch mode {
    case .overlay: return Tables.overlay
    case .darken: return Tables.darken
    case .lighten: return Tables.lighten
    case .colorDodge: return Tables.colorDodge
    case .colorBurn: return Tables.colorBurn
    case .softLight: return Tables.softLight
    case .hardLight: return Tables.hardLight
    case .difference: return Tables.difference
    case .exclusion: return Tables.exclusion
    default: return nil
    }
  }

  /// `blend(mode, s, d)` for opaque `s` and `d`, through `mode`'s `table`.
  @inline(__always)
  package static func blendOpaque(_ table: UnsafePointer<UInt8>, _ s: UInt32, _ d: UInt32) -> UInt32
  {
    @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
      UInt32(table[Int(truncatingIfNeeded: ((d &>> shift) & 0xFF) &<< 8 | ((s &>> shift) & 0xFF))])
        &<< shift
    }
    return channel(0) | channel(8) | channel(16) | 0xFF00_0000
  }

  /// One lazily made table per mode (each `static let` is made once, thread-safely, and
  /// only read afterwards, hence `nonisolated(unsafe)`).
  private enum Tables {
    nonisolated(unsafe) static let overlay = make(.overlay)
    nonisolated(unsafe) static let darken = make(.darken)
    nonisolated(unsafe) static let lighten = make(.lighten)
    nonisolated(unsafe) static let colorDodge = make(.colorDodge)
    nonisolated(unsafe) static let colorBurn = make(.colorBurn)
    nonisolated(unsafe) static let softLight = make(.softLight)
    nonisolated(unsafe) static let hardLight = make(.hardLight)
    nonisolated(unsafe) static let difference = make(.difference)
    nonisolated(unsafe) static let exclusion = make(.exclusion)

    static func make(_ mode: CGBlendMode) -> UnsafePointer<UInt8> {
      let t = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
      for b in UInt32(0)..<256 {
        for s in UInt32(0)..<256 {
          let r = W3CBlend.blend(mode, s * 0x01_0101 | 0xFF00_0000, b * 0x01_0101 | 0xFF00_0000)
          t[Int(b << 8 | s)] = UInt8(truncatingIfNeeded: r)
        }
      }
      return UnsafePointer(t)
    }
  }
}
