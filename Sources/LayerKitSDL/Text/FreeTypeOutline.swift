internal import CFreeType
import Foundation
import LayerGraphics

/// Converts a FreeType outline into a `CGPath` with `FT_Outline_Decompose`.
///
/// TrueType's quadratic ("conic") segments become quadratic curves and CFF's cubic
/// segments cubic curves, point for point, so no precision is lost. Each contour is closed
/// (FreeType already ends it back on its start point, so closing adds no visible segment).
enum FreeTypeOutline {
  /// The path of `outline`, in the outline's own units, or `nil` when it is empty or
  /// FreeType reports it as broken.
  static func path(of outline: inout FT_Outline) -> CGPath? {
    guard outline.n_contours > 0, outline.n_points > 0 else { return nil }
    let builder = Builder()
    var funcs = FT_Outline_Funcs(
      move_to: { to, user in
        Builder.from(user).move(to!.pointee)
        return 0
      },
      line_to: { to, user in
        Builder.from(user).line(to!.pointee)
        return 0
      },
      conic_to: { control, to, user in
        Builder.from(user).quad(control!.pointee, to!.pointee)
        return 0
      },
      cubic_to: { control1, control2, to, user in
        Builder.from(user).cubic(control1!.pointee, control2!.pointee, to!.pointee)
        return 0
      },
      shift: 0, delta: 0)
    let error = withExtendedLifetime(builder) {
      FT_Outline_Decompose(&outline, &funcs, Unmanaged.passUnretained(builder).toOpaque())
    }
    guard error == 0 else { return nil }
    builder.path.closeSubpath()
    return builder.path.isEmpty ? nil : builder.path
  }

  /// Receives the decomposition callbacks.
  private final class Builder {
    let path = CGMutablePath()
    var open = false

    static func from(_ user: UnsafeMutableRawPointer?) -> Builder {
      Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
    }

    func move(_ p: FT_Vector) {
      if open { path.closeSubpath() }
      path.move(to: point(p))
      open = true
    }

    func line(_ p: FT_Vector) {
      path.addLine(to: point(p))
    }

    func quad(_ c: FT_Vector, _ p: FT_Vector) {
      path.addQuadCurve(to: point(p), control: point(c))
    }

    func cubic(_ c1: FT_Vector, _ c2: FT_Vector, _ p: FT_Vector) {
      path.addCurve(to: point(p), control1: point(c1), control2: point(c2))
    }

    private func point(_ v: FT_Vector) -> CGPoint {
      CGPoint(x: CGFloat(v.x), y: CGFloat(v.y))
    }
  }
}
