import Foundation

/// A gradient whose ramp position comes from a point mapped affinely into a ramp plane
/// `(u, v)`: the shape of a `CAGradientLayer`'s gradient, evaluated at device pixels.
///
/// `userToRamp` takes user space (the space a path is drawn in) to the ramp plane; the
/// ramp position `t` of a pixel centre mapped there is, per `Kind`:
/// - `axial`: `u`;
/// - `elliptical`: `√(u² + v²)`;
/// - `conic`: the angle of `(u, v)` from the `u` axis (towards `v`) over 2π, in 0…1.
///
/// `t` is clamped to 0…1 (a NaN reads as 0) and picks entry `Int(t·(n − 1) + 0.5)` of a
/// table of `n` premultiplied colours (`CGGradient.lookupTable`), so the ends extend.
package struct RampShader {
  /// How the ramp position follows from the point in the ramp plane.
  package enum Kind: Sendable {
    case axial
    case elliptical
    case conic
  }

  package var kind: Kind
  package var userToRamp: CGAffineTransform
  package var table: [UInt32]

  /// A ramp of `kind` over `table` (at least one colour), mapped from user space by
  /// `userToRamp`.
  package init(kind: Kind, userToRamp: CGAffineTransform, table: [UInt32]) {
    precondition(!table.isEmpty, "a ramp needs at least one colour")
    self.kind = kind
    self.userToRamp = userToRamp
    self.table = table
  }

  /// The ramp plane point of device pixel `(0, 0)`'s centre and its steps per pixel,
  /// under `deviceToUser`.
  package struct Resolved {
    var kind: Kind
    var deviceToRamp: CGAffineTransform
    var table: [UInt32]

    /// How the colours of a row relate to those of other rows and columns.
    package enum RowShape {
      /// Every row holds the same colours (an axial ramp along x).
      case sameRows
      /// Every row is one colour (an axial ramp along y).
      case sameColumns
      /// Neither.
      case varying
    }

    /// Which rows or columns this ramp paints alike, from its map alone.
    package var rowShape: RowShape {
      guard kind == .axial else { return .varying }
      if deviceToRamp.c == 0 { return .sameRows }
      if deviceToRamp.a == 0 { return .sameColumns }
      return .varying
    }

    /// Paints `count` pixels of row `y` from column `x` into `out`.
    package func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
      let m = deviceToRamp
      let p = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(m)
      let n = Double(table.count - 1)
      table.withUnsafeBufferPointer { lut in
        @inline(__always) func color(_ t: Double) -> UInt32 { lut[RampShader.entry(t, last: n)] }
        switch kind {
        case .axial:
          for k in 0..<count { out[k] = color(p.x + Double(k) * m.a) }
        case .elliptical:
          for k in 0..<count {
            let u = p.x + Double(k) * m.a
            let v = p.y + Double(k) * m.b
            out[k] = color((u * u + v * v).squareRoot())
          }
        case .conic:
          for k in 0..<count {
            let u = p.x + Double(k) * m.a
            let v = p.y + Double(k) * m.b
            var a = atan2(v, u) / (2 * .pi)
            a -= a.rounded(.down)
            out[k] = color(a)
          }
        }
      }
    }
  }

  /// The table entry for ramp position `t` in a table whose last index is `last`: `t`
  /// clamped to 0…1 (a NaN reads as 0), rounded to the nearest entry.
  @inline(__always)
  package static func entry(_ t: Double, last: Double) -> Int {
    let t = t.isNaN ? 0 : Swift.min(Swift.max(t, 0), 1)
    return Int(t * last + 0.5)
  }

  /// The shader for drawing with `deviceToUser` (the inverse of the CTM).
  package func resolved(deviceToUser: CGAffineTransform) -> Resolved {
    Resolved(kind: kind, deviceToRamp: deviceToUser.concatenating(userToRamp), table: table)
  }
}
