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
/// apply). A cell's `n`-th particle is born when the cell's cumulative emission
/// `∫₀ᵗ birthRate` reaches `n` (at `n / birthRate` for a rate that never changed); its
/// lifetime, velocity, direction, scale, spin, colour and place on the emitter shape
/// are drawn from a hash of (`seed`, cell, `n`), and at age `a` it is at
/// `p0 + v·a + ½·acceleration·a²`. The same seed, changes and time therefore always
/// give the same frame, scrubbing backwards included, whatever frames came before.
///
/// **Animating.** As on Apple, `birthRate`, `lifetime`, `velocity`, `scale`, `spin`,
/// `emitterPosition`, `emitterZPosition`, `emitterSize` and `emitterDepth` are
/// animatable (setting one in a visible tree animates it implicitly), and so is every
/// numeric, colour and rectangle property of a cell through the key path
/// `emitterCells.<name>.<property>` (see `CAEmitterCell`). A change of a birth rate,
/// set or animated, changes later births only: particles already born live on (so
/// setting `birthRate = 0` stops emission and lets the particles fade out, and
/// animating it from a high value to 0 makes a burst). Every other property applies
/// to all live particles at the frame's presented value: moving `emitterPosition`
/// moves the particles with it. Nested cells emit at their presented rate.
///
/// At most `maximumParticleCount` particles are drawn per layer and frame (the youngest
/// of each cell first, cells in order); the rest are dropped with a diagnostic. Birth
/// rates that are zero, negative or not finite emit nothing.
///
/// Particles are drawn in the layer's coordinates, unclipped unless `masksToBounds`,
/// after the layer's contents and before its sublayers, with their cell's `contents`
/// multiplied by the particle colour; `.additive` adds them (`plusLighter`).
open class CAEmitterLayer: CALayer {
  /// The most particles one emitter layer draws in a frame.
  public static let maximumParticleCount = 5_000

  /// The cell objects; the model holds their values.
  private var cellObjects: [CAEmitterCell]?
  /// Whether the model's cells are being copied into the cell objects.
  private var isAdoptingCells = false
  /// The rate changes and rate animations births depend on.
  var emission = EmissionHistory()

  /// Creates an emitter with no cells.
  public override init() {
    super.init()
    if state.emitter == nil { state.emitter = EmitterLayerState() }
  }

  /// Copies `layer`'s model, emitter and cells included when it is an emitter layer
  /// (the copy shows the same cell objects).
  public required init(layer: Any) {
    super.init(layer: layer)
    if state.emitter == nil { state.emitter = EmitterLayerState() }
    cellObjects = (layer as? CAEmitterLayer)?.cellObjects
  }

  override package class var propertyRegistry: LayerPropertyRegistry { .emitterLayer }

  override package class var frameTraits: LayerFrameTraits {
    LayerFrameTraits(drawsOverTime: true, isVolatile: true)
  }

  override package class func makeRenderReplica() -> CALayer { CAEmitterLayer() }

  override package func snapshotParts() -> LayerTreeSnapshot.ClassParts {
    emission.isEmpty ? .none : .emission(LayerTreeSnapshot.Emission(history: emission))
  }

  override package func adoptSnapshotParts(_ parts: LayerTreeSnapshot.ClassParts) {
    if case .emission(let e) = parts { emission = e.history } else { emission = EmissionHistory() }
  }

  /// Gives `node` the particles alive at `localTime`, as its shown state emits them.
  override package func writeRenderParts(into node: inout RenderNode, localTime: () -> Double) {
    node.particles = particles(at: localTime(), shown: node.state)
    node.particlesAdd = node.state.emitterState.renderMode == .additive
  }

  /// The cells emitted. Default nil. A change to one of these cells shows from the next
  /// frame.
  public var emitterCells: [CAEmitterCell]? {
    get { cellObjects }
    set {
      for cell in cellObjects ?? [] { cell.removeOwner(self) }
      cellObjects = newValue
      for cell in newValue ?? [] { cell.addOwner(self) }
      refreshCells()
      recordChange(.attachment)
    }
  }

  /// The particles alive at local time `time`, in drawing order, with the emitter's
  /// presented values `shown` (the model's when nil).
  package func particles(at time: Double, shown: LayerState? = nil) -> [EmitterParticle] {
    let presented = (shown ?? state).emitterState
    var sim = ParticleSimulation(emitter: presented)
    let schedules = emission.schedules(model: state, at: time)
    return sim.run(cells: presented.cells, schedules: schedules, at: time)
  }

  override package func animationEntryDidChange(_ entry: LayerAnimationEntry, attached: Bool) {
    if attached {
      emission.attached(entry)
    } else {
      let now = hostingContextInTree?.clock.time ?? CACurrentMediaTime()
      emission.detached(entry, at: convertTime(now, from: nil))
    }
  }

  /// Copies the cell objects' values into the model.
  private func refreshCells() {
    guard !isAdoptingCells else { return }
    isAdoptingCells = true
    defer { isAdoptingCells = false }
    setModelValue(\.emitterState.cells, (cellObjects ?? []).map(\.tree), forKey: "emitterCells")
  }

  override package func modelValueDidChange(forKey key: String, oldValue: Any) {
    if key == "emitterCells", !isAdoptingCells {
      // A key-path write reached the model first: the cell objects follow it.
      isAdoptingCells = true
      for (cell, value) in zip(cellObjects ?? [], state.emitterState.cells) { cell.adopt(value) }
      isAdoptingCells = false
    }
    recordRateChange(forKey: key, oldValue: oldValue)
    super.modelValueDidChange(forKey: key, oldValue: oldValue)
  }

  /// The model rates as last seen, to tell when a change alters them.
  private var lastRates = EmitterLayerState()

  /// Remembers the rates before a change of them made while the layer is on screen.
  private func recordRateChange(forKey key: String, oldValue: Any) {
    guard key == "birthRate" || key == "emitterCells" else { return }
    let now = state.emitterState
    defer { lastRates = now }
    let before = lastRates
    guard before.cellRates != now.cellRates,
      let context = hostingContextInTree, context.hasCommitted
    else { return }
    emission.recordChange(at: convertTime(context.clock.time, from: nil), before: before)
  }
}

extension CAEmitterLayer: EmitterCellOwner {
  func emitterCellDidChange() { refreshCells() }
}
