import Foundation

/// Reusable per-polyline buffers of `PathStroker`: each segment's unit direction and
/// length, and each vertex's one-point join offset, measured once and read by both sides
/// of the stroke.
///
/// A reference type so that the buffers survive between strokes without reallocation;
/// copies of a `PathStroker` share it, so one stroker (or its copies) strokes on one
/// thread at a time, like the `CGContext` that owns it.
final class SegmentScratch {
  /// A segment of the polyline: its unit direction ((1, 0) when it has no length) and its
  /// length, in the path's units.
  struct Segment {
    var direction: CGPoint
    var length: CGFloat
  }

  /// Segment `s` runs from point `s` to point `s + 1` (the last, of a closed polyline,
  /// back to point 0).
  @exclusivity(unchecked) private(set) var segments: UnsafeMutablePointer<Segment>
  /// For a vertex whose join is one point per side, that point minus the vertex on the
  /// left side (the right side's is its negation).
  @exclusivity(unchecked) private(set) var offsets: UnsafeMutablePointer<CGPoint>
  /// Whether the vertex's join is one point per side (`offsets` holds it).
  @exclusivity(unchecked) private(set) var simple: UnsafeMutablePointer<Bool>
  @exclusivity(unchecked) private var capacity = 0

  init() {
    segments = .allocate(capacity: 1)
    offsets = .allocate(capacity: 1)
    simple = .allocate(capacity: 1)
  }

  deinit {
    segments.deallocate()
    offsets.deallocate()
    simple.deallocate()
  }

  /// Makes room for a polyline of `count` points (contents undefined until written).
  func reserve(count: Int) {
    guard count > capacity else { return }
    let c = Swift.max(count, 2 * capacity)
    segments.deallocate()
    offsets.deallocate()
    simple.deallocate()
    segments = .allocate(capacity: c)
    offsets = .allocate(capacity: c)
    simple = .allocate(capacity: c)
    capacity = c
  }
}
