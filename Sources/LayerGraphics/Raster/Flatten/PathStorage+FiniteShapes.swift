import Foundation

/// The shapes `CGContext` adds for rectangles and ellipses, built by the path code but
/// refusing rectangles with NaN or infinite fields (they add nothing, so the current
/// path never holds non-finite points).
extension PathStorage {
  /// `addRect(r, t)` when every field of `r` is finite.
  mutating func addFiniteRect(_ r: CGRect, _ t: CGAffineTransform) {
    guard r.isFiniteRect else { return }
    addRect(r, t)
  }

  /// `addEllipse(r, t)` when every field of `r` is finite.
  mutating func addFiniteEllipse(_ r: CGRect, _ t: CGAffineTransform) {
    guard r.isFiniteRect else { return }
    addEllipse(r, t)
  }
}

extension CGRect {
  /// Origin and size are all finite.
  fileprivate var isFiniteRect: Bool {
    origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
  }
}
