import CStackReserve

/// Keeps deep recursions over the layer tree from overflowing the thread's stack.
///
/// Layer trees may be as deep as an app makes them (10,000 nested layers are legal),
/// and the walks over them — evaluation, the render-tree build, compositing, hit
/// testing, layout, presentation copies — are recursive because each level carries
/// state to its children and back (offscreen groups, masks, inherited time). Instead of
/// bounding the depth, every level calls `StackReserve.ensure(_:)`: while more than
/// `redZone` bytes of stack are left it just runs the body (one comparison); below
/// that, it runs the body on a fresh stack segment of `segmentSize` bytes, on the same
/// thread (so thread-confined layers, the current `CAContext`, transactions and
/// diagnostics are where they always are), and returns to the old segment when the
/// body returns. The technique is rustc's `ensure_sufficient_stack`.
///
/// Segments are mapped lazily (only touched pages cost memory) with a guard page, and
/// freed when the body returns. A 10,000-level tree in a debug build needs a few dozen.
package enum StackReserve {
  /// Stack that must be left for a level to run in place, in bytes: enough for the
  /// deepest non-recursive work one level does (drawing a layer, a `draw(in:)` call).
  package static let redZone = 256 * 1024
  /// The size of each new segment, in bytes.
  package static let segmentSize = 8 * 1024 * 1024

  /// Runs `body`, on a new stack segment when this one is nearly used up.
  @inline(__always)
  package static func ensure<T>(_ body: () -> T) -> T {
    if lk_stack_is_low(redZone) == 0 { return body() }
    return onNewSegment(body)
  }

  @inline(never)
  private static func onNewSegment<T>(_ body: () -> T) -> T {
    var result: T? = nil
    withoutActuallyEscaping(body) { body in
      var call = { result = body() }
      let status = withUnsafeMutablePointer(to: &call) { pointer in
        lk_run_on_new_stack(
          segmentSize,
          { raw in
            raw!.assumingMemoryBound(to: (() -> Void).self).pointee()
          }, pointer)
      }
      // No memory for a segment: carry on in place (and overflow only if that is
      // truly exhausted).
      if status != 0 { call() }
    }
    return result!
  }
}
