import Foundation

/// Nine-part scaling of a layer's contents (`contentsCenter`).
///
/// `contentsCenter` marks, in the unit square of the image part `contentsRect` selects,
/// the part that stretches. The bands around it keep their natural size (their pixels
/// divided by `contentsScale`, in points) and stretch only along their edge; the four
/// corners are not stretched at all. When the bounds are smaller than the two bands of
/// one axis together, both bands shrink in proportion to fit. A centre of zero width
/// or height stretches the one-pixel line at its position.
package enum NinePartLayout {
  /// One piece: where it lands (layer coordinates) and the part of the whole image it
  /// shows (unit square, top-left origin).
  package struct Patch: Equatable {
    package var destination: CGRect
    package var source: CGRect
  }

  /// The pieces for `image` of `imageWidth × imageHeight` pixels whose `contentsRect`
  /// part fills `destination`; empty pieces are left out. Nil when `center` is the
  /// whole unit square (plain stretching) or not finite.
  package static func patches(
    destination d: CGRect, contentsRect cr: CGRect, center: CGRect, imageWidth: Int,
    imageHeight: Int,
    contentsScale: CGFloat
  ) -> [Patch]? {
    let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
    let c = center.standardized
    guard c != unit, [c.minX, c.minY, c.width, c.height].allSatisfy(\.isFinite), imageWidth > 0,
      imageHeight > 0
    else { return nil }
    let scale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
    let xs = axis(
      d.minX, d.maxX, source: cr.minX, cr.maxX, center: c.minX, c.maxX, pixels: imageWidth,
      scale: scale)
    let ys = axis(
      d.minY, d.maxY, source: cr.minY, cr.maxY, center: c.minY, c.maxY, pixels: imageHeight,
      scale: scale)
    var out: [Patch] = []
    for y in ys {
      for x in xs {
        out.append(
          Patch(
            destination: CGRect(
              x: x.dst.0, y: y.dst.0, width: x.dst.1 - x.dst.0, height: y.dst.1 - y.dst.0),
            source: CGRect(
              x: x.src.0, y: y.src.0, width: x.src.1 - x.src.0, height: y.src.1 - y.src.0)))
      }
    }
    return out
  }

  /// The three segments of one axis (destination points, source unit coordinates),
  /// without the empty ones.
  private static func axis(
    _ d0: CGFloat, _ d1: CGFloat, source c0: CGFloat, _ c1: CGFloat, center u0: CGFloat,
    _ u1: CGFloat, pixels: Int,
    scale: CGFloat
  ) -> [(dst: (CGFloat, CGFloat), src: (CGFloat, CGFloat))] {
    let a = Swift.min(Swift.max(u0, 0), 1)
    let b = Swift.min(Swift.max(u1, a), 1)
    let span = c1 - c0
    let natural = CGFloat(pixels) * abs(span) / scale
    var lead = natural * a
    var trail = natural * (1 - b)
    let room = d1 - d0
    if lead + trail > room, lead + trail > 0 {
      let k = Swift.max(room, 0) / (lead + trail)
      lead *= k
      trail *= k
    }
    var s1 = c0 + span * a
    var s2 = c0 + span * b
    if s2 == s1 {  // a zero-size centre stretches one pixel
      let px = 1 / CGFloat(pixels)
      s1 -= px / 2
      s2 += px / 2
    }
    let segments = [
      ((d0, d0 + lead), (c0, s1)), ((d0 + lead, d1 - trail), (s1, s2)),
      ((d1 - trail, d1), (s2, c1)),
    ]
    return segments.filter { $0.0.1 - $0.0.0 > 1e-9 && $0.1.1 != $0.1.0 }.map {
      (dst: $0.0, src: $0.1)
    }
  }
}
