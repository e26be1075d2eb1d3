import Foundation

/// Appending a whole path at once.
///
/// `append(_:_:)` adds a path element by element through `move`/`line`/`curve`/`close`,
/// which repair a path as they go (a segment with no current point starts a subpath, a
/// second close is dropped). A path built with those same methods needs no repair: its
/// first element is a move, and nothing but a move follows a close. Such a path is
/// *verbatim*: appended to any path, it adds exactly its own elements, so its arrays can
/// be copied (or shared) in bulk.
extension PathStorage {
  /// When the path is verbatim and not empty, the index in `points` of its last subpath's
  /// start (the point of its last move); otherwise nil.
  ///
  /// - Complexity: O(elements).
  package var verbatimLastMoveIndex: Int? {
    verbs.withUnsafeBufferPointer { vs -> Int? in
      var previous = CGPathElementType.closeSubpath
      var i = 0
      var lastMove = -1
      for v in vs {
        if v == .moveToPoint {
          lastMove = i
        } else if previous == .closeSubpath {
          return nil
        }
        previous = v
        i += v.pointCount
      }
      return lastMove >= 0 && i == points.count ? lastMove : nil
    }
  }

  /// Whether every point is finite and no coordinate is −0: the points mapped by the
  /// identity transform (`1·x + 0·y + 0`) are then the points themselves, bit for bit.
  ///
  /// - Complexity: O(points).
  package var pointsAreIdentityFixed: Bool {
    points.withUnsafeBufferPointer { ps in
      let raw = UnsafeRawBufferPointer(ps).bindMemory(to: UInt64.self)
      // Bit 63 of `(b & exponent) + 2⁵²` is set exactly when the exponent is all ones
      // (infinity or NaN); one flag word for the whole array, no branch per point.
      let exponent: UInt64 = 0x7FF0_0000_0000_0000
      let minusZero: UInt64 = 0x8000_0000_0000_0000
      var flags: UInt64 = 0
      for b in raw {
        flags |= ((b & exponent) &+ 0x0010_0000_0000_0000) | (b == minusZero ? minusZero : 0)
      }
      return flags & minusZero == 0
    }
  }

  /// Whether both storages use the very same array buffers (not merely equal elements).
  /// While either keeps them, neither can change them in place (copy on write), so they
  /// hold the same elements.
  package func sharesArrays(with other: PathStorage) -> Bool {
    guard !verbs.isEmpty, !points.isEmpty else { return false }
    let sameVerbs = verbs.withUnsafeBufferPointer { a in
      other.verbs.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
    }
    return sameVerbs
      && points.withUnsafeBufferPointer { a in
        other.points.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
      }
  }

  /// Appends every element of `other` mapped by `t`, with the same result as
  /// `append(_:_:)`: the arrays are copied in bulk when `other` is verbatim, and element
  /// by element otherwise.
  ///
  /// - Complexity: O(elements of `other`).
  package mutating func appendPath(_ other: PathStorage, _ t: CGAffineTransform) {
    guard let lastMove = other.verbatimLastMoveIndex else {
      append(other, t)
      return
    }
    let base = points.count
    verbs.append(contentsOf: other.verbs)
    points.reserveCapacity(base + other.points.count)
    other.points.withUnsafeBufferPointer { ps in
      for p in ps { points.append(p.applying(t)) }
    }
    subpathStart = points[base + lastMove]
    hasCurrentPoint = true
  }
}
