import Foundation

/// The polyline `PathStroker` collects for one subpath: its points (in the path's units)
/// and, for each, whether the path does not turn there (inside a flattened curve, or
/// where two elements meet with the same tangent).
///
/// A reference type so the buffers live between strokes without reallocation; copies of
/// a `PathStroker` share it, so one stroker strokes on one thread at a time.
final class StrokePolyline {
  @exclusivity(unchecked) private(set) var points: UnsafeMutablePointer<CGPoint>
  /// `smooth[k]`: the path does not turn at point `k`.
  @exclusivity(unchecked) private(set) var smooth: UnsafeMutablePointer<Bool>
  @exclusivity(unchecked) private(set) var count = 0
  @exclusivity(unchecked) private var capacity = 64

  init() {
    points = .allocate(capacity: capacity)
    smooth = .allocate(capacity: capacity)
  }

  deinit {
    points.deallocate()
    smooth.deallocate()
  }

  var isEmpty: Bool { count == 0 }
  var last: CGPoint? { count > 0 ? points[count - 1] : nil }

  /// Adds `p` at the end, growing the buffers when full.
  @inline(__always)
  func append(_ p: CGPoint, smooth s: Bool) {
    if count == capacity { grow() }
    points[count] = p
    smooth[count] = s
    count += 1
  }

  func removeLast() { count -= 1 }

  func removeAll() { count = 0 }

  private func grow() {
    let c = capacity * 2
    let p = UnsafeMutablePointer<CGPoint>.allocate(capacity: c)
    let s = UnsafeMutablePointer<Bool>.allocate(capacity: c)
    p.update(from: points, count: count)
    s.update(from: smooth, count: count)
    points.deallocate()
    smooth.deallocate()
    points = p
    smooth = s
    capacity = c
  }
}
