import Foundation

/// One particle as drawn: where it is, how it is turned, sized and coloured, at a
/// frame's time. Positions are in the emitter layer's coordinates.
package struct EmitterParticle: Equatable {
  package var position: CGPoint
  package var z: CGFloat
  /// The contents' size factor (the cell's scale with its range and speed applied).
  package var scale: CGFloat
  /// Radians, clockwise on screen.
  package var rotation: CGFloat
  /// Straight RGBA in 0…1 that multiplies the contents.
  package var color: SIMD4<Float>
  package var image: CGImage
  package var contentsRect: CGRect
  package var contentsScale: CGFloat
  /// The birth time, in the emitter's local time.
  package var birth: Double

  package static func == (a: Self, b: Self) -> Bool {
    a.position == b.position && a.z == b.z && a.scale == b.scale && a.rotation == b.rotation
      && a.color == b.color
      && a.image === b.image && a.contentsRect == b.contentsRect
      && a.contentsScale == b.contentsScale
      && a.birth == b.birth
  }
}
