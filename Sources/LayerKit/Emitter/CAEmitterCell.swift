import Foundation

/// One kind of particle a `CAEmitterLayer` emits: how many, how long they live, how
/// they move, turn, grow and change colour, and what they look like.
///
/// Every `…Range` widens its base value by a uniformly random amount in
/// `−range…+range` per particle (drawn from the emitter's `seed`); every `…Speed` is a
/// change per second of the particle's age. Angles are in radians, lengths in points of
/// the emitter layer's coordinates (y down), times in seconds.
///
/// A cell with `emitterCells` makes each of its particles an emitter of those cells:
/// sub-particles start where their parent is at their birth, and inherit its velocity.
/// Unlike Apple's, a cell is a plain value holder (not an `NSObject` with key-value
/// coding) and is read when the emitter is drawn, so changes show at the next frame.
public final class CAEmitterCell {
  /// A name for finding the cell. Default nil.
  public var name: String?
  /// Whether the cell emits. Default true.
  public var isEnabled = true
  /// Particles per second. Default 0.
  public var birthRate: Float = 0
  /// Seconds a particle lives. Default 0.
  public var lifetime: Float = 0
  public var lifetimeRange: Float = 0
  /// The initial speed, in points per second. Default 0.
  public var velocity: CGFloat = 0
  public var velocityRange: CGFloat = 0
  /// The direction of emission: longitude in the x-y plane from the +x axis (toward +y,
  /// down on screen), latitude out of that plane toward +z. Default 0.
  public var emissionLongitude: CGFloat = 0
  public var emissionLatitude: CGFloat = 0
  /// The width of the cone of directions around the emission direction. Default 0.
  public var emissionRange: CGFloat = 0
  /// Accelerations, in points per second squared. Default 0.
  public var xAcceleration: CGFloat = 0
  public var yAcceleration: CGFloat = 0
  public var zAcceleration: CGFloat = 0
  /// The size factor of the contents. Default 1.
  public var scale: CGFloat = 1
  public var scaleRange: CGFloat = 0
  public var scaleSpeed: CGFloat = 0
  /// Rotation speed, in radians per second. Default 0.
  public var spin: CGFloat = 0
  public var spinRange: CGFloat = 0
  /// The colour the contents are multiplied by. Default opaque white.
  public var color: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
  public var redRange: Float = 0
  public var greenRange: Float = 0
  public var blueRange: Float = 0
  public var alphaRange: Float = 0
  public var redSpeed: Float = 0
  public var greenSpeed: Float = 0
  public var blueSpeed: Float = 0
  public var alphaSpeed: Float = 0
  /// The particle's image: a `CGImage` (anything else draws nothing). Default nil.
  public var contents: Any?
  /// The part of `contents` shown, in its unit square. Default (0, 0, 1, 1).
  public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
  /// Image pixels per point. Default 1.
  public var contentsScale: CGFloat = 1
  /// Cells emitted by each particle of this one. Default nil.
  public var emitterCells: [CAEmitterCell]?

  public init() {}

  /// A snapshot of the cell (and its sub-cells) as a value.
  func snapshot() -> EmitterCellState {
    EmitterCellState(
      isEnabled: isEnabled, birthRate: birthRate, lifetime: lifetime, lifetimeRange: lifetimeRange,
      velocity: velocity, velocityRange: velocityRange, longitude: emissionLongitude,
      latitude: emissionLatitude, range: emissionRange,
      acceleration: SIMD3(Double(xAcceleration), Double(yAcceleration), Double(zAcceleration)),
      scale: scale, scaleRange: scaleRange, scaleSpeed: scaleSpeed, spin: spin,
      spinRange: spinRange,
      color: color.map { SIMD4(Float($0.red), Float($0.green), Float($0.blue), Float($0.alpha)) }
        ?? SIMD4(repeating: 1),
      colorRange: SIMD4(redRange, greenRange, blueRange, alphaRange),
      colorSpeed: SIMD4(redSpeed, greenSpeed, blueSpeed, alphaSpeed),
      image: contents as? CGImage, contentsRect: contentsRect, contentsScale: contentsScale,
      cells: (emitterCells ?? []).map { $0.snapshot() })
  }
}

/// A `CAEmitterCell` as a value, read by the particle simulation.
struct EmitterCellState {
  var isEnabled: Bool
  var birthRate: Float
  var lifetime: Float
  var lifetimeRange: Float
  var velocity: CGFloat
  var velocityRange: CGFloat
  var longitude: CGFloat
  var latitude: CGFloat
  var range: CGFloat
  var acceleration: SIMD3<Double>
  var scale: CGFloat
  var scaleRange: CGFloat
  var scaleSpeed: CGFloat
  var spin: CGFloat
  var spinRange: CGFloat
  var color: SIMD4<Float>
  var colorRange: SIMD4<Float>
  var colorSpeed: SIMD4<Float>
  var image: CGImage?
  var contentsRect: CGRect
  var contentsScale: CGFloat
  var cells: [EmitterCellState]
}
