import Foundation

/// The shape particles are emitted from (`CAEmitterLayer.emitterShape`).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let point = Self(rawValue: "point")
  public static let line = Self(rawValue: "line")
  public static let rectangle = Self(rawValue: "rectangle")
  public static let cuboid = Self(rawValue: "cuboid")
  public static let circle = Self(rawValue: "circle")
  public static let sphere = Self(rawValue: "sphere")
}

/// Which part of the shape emits (`CAEmitterLayer.emitterMode`).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let points = Self(rawValue: "points")
  public static let outline = Self(rawValue: "outline")
  public static let surface = Self(rawValue: "surface")
  public static let volume = Self(rawValue: "volume")
}

/// In which order particles are drawn (`CAEmitterLayer.renderMode`).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let unordered = Self(rawValue: "unordered")
  public static let oldestFirst = Self(rawValue: "oldestFirst")
  public static let oldestLast = Self(rawValue: "oldestLast")
  public static let backToFront = Self(rawValue: "backToFront")
  public static let additive = Self(rawValue: "additive")
}

/// A layer that emits and draws particles: Core Animation's particle system.
///
/// Particles are not simulated frame by frame: each one is a closed-form function of
/// the layer's local time `t` (its media time, so `speed`, `timeOffset` and pausing
/// apply). The cell's `i`-th particle is born at `i / birthRate`; its lifetime,
/// velocity, direction, scale, spin, colour and place on the emitter shape are drawn
/// from a hash of (`seed`, cell, `i`), and at age `a` it is at
/// `p0 + v·a + ½·acceleration·a²`. The same seed and time therefore always give the
/// same frame, scrubbing backwards included, whatever frames came before.
///
/// At most `maximumParticleCount` particles are drawn per layer and frame (the youngest
/// of each cell first, cells in order); the rest are dropped with a diagnostic. Birth
/// rates that are zero, negative or not finite emit nothing.
///
/// Particles are drawn in the layer's coordinates, unclipped unless `masksToBounds`,
/// after the layer's contents and before its sublayers, with their cell's `contents`
/// multiplied by the particle colour; `.additive` adds them (`plusLighter`). Emitter
/// properties are read from the model layer at each frame and are not animatable.
open class CAEmitterLayer: CALayer {
  /// The most particles one emitter layer draws in a frame.
  public static let maximumParticleCount = 5_000

  /// The cells emitted. Default nil.
  public var emitterCells: [CAEmitterCell]? {
    didSet { LayerStructureChanges.bump() }
  }
  /// Multiplies every cell's birth rate. Default 1.
  public var birthRate: Float = 1
  /// Multiplies every cell's lifetime. Default 1.
  public var lifetime: Float = 1
  /// Multiplies every cell's velocity. Default 1.
  public var velocity: Float = 1
  /// Multiplies every cell's scale. Default 1.
  public var scale: Float = 1
  /// Multiplies every cell's spin. Default 1.
  public var spin: Float = 1
  /// The centre of the emitter shape, in the layer's coordinates. Default (0, 0).
  public var emitterPosition: CGPoint = .zero
  public var emitterZPosition: CGFloat = 0
  /// The emitter shape's width and height (a circle's diameter is the width), in
  /// points. Default (0, 0).
  public var emitterSize: CGSize = .zero
  /// The depth of cuboid and sphere shapes, in points. Default 0.
  public var emitterDepth: CGFloat = 0
  public var emitterShape: CAEmitterLayerEmitterShape = .point
  public var emitterMode: CAEmitterLayerEmitterMode = .volume
  public var renderMode: CAEmitterLayerRenderMode = .unordered
  /// Whether particles are drawn in 3D (recorded; LayerKit draws them flat). Default
  /// false.
  public var preservesDepth = false
  /// The random seed. Default 0.
  public var seed: UInt32 = 0

  public override init() { super.init() }

  public required init(layer: Any) {
    super.init(layer: layer)
    guard let other = layer as? CAEmitterLayer else { return }
    emitterCells = other.emitterCells
    birthRate = other.birthRate
    lifetime = other.lifetime
    velocity = other.velocity
    scale = other.scale
    spin = other.spin
    emitterPosition = other.emitterPosition
    emitterZPosition = other.emitterZPosition
    emitterSize = other.emitterSize
    emitterDepth = other.emitterDepth
    emitterShape = other.emitterShape
    emitterMode = other.emitterMode
    renderMode = other.renderMode
    preservesDepth = other.preservesDepth
    seed = other.seed
  }

  /// The particles alive at local time `time`, in drawing order.
  package func particles(at time: Double) -> [EmitterParticle] {
    var sim = ParticleSimulation(layer: self)
    return sim.run(cells: (emitterCells ?? []).map { $0.snapshot() }, at: time)
  }
}
