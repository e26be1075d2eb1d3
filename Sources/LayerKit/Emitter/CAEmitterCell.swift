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
///
/// **Changing and animating a cell.** An emitter layer holds its cells' values in its
/// model, so a change to a cell it emits (directly, or through the layer's key path
/// `emitterCells.<name>.<property>`, e.g. `"emitterCells.fire.birthRate"`, with one
/// `emitterCells.<name>` step per level of nesting) shows from the next frame. The
/// properties marked animatable animate through the same key paths:
///
/// ```swift
/// let burst = CABasicAnimation(keyPath: "emitterCells.spark.birthRate")
/// burst.fromValue = 400
/// burst.toValue = 0
/// burst.duration = 0.3
/// emitter.add(burst, forKey: "burst")
/// ```
///
/// Unlike Apple's, a cell is not an `NSObject`: it has no key-value coding of its own
/// (use the emitter layer's key paths).
public final class CAEmitterCell {
  /// The cell's own values; `tree` adds the sub-cells.
  private var state = EmitterCellState() {
    didSet { notifyOwners() }
  }
  /// The layers and cells that emit this cell, told when it changes.
  private var owners: [WeakEmitterCellOwner] = []

  /// Creates a cell with Core Animation's defaults: it emits nothing (`birthRate` 0)
  /// until given a birth rate, a lifetime and contents.
  public init() {}

  /// A name for finding the cell, and for key paths such as `emitterCells.fire.birthRate`. Default
  /// nil.
  public var name: String? {
    get { state.name }
    set { state.name = newValue }
  }

  /// Whether the cell emits. Default true. Key `enabled`.
  public var isEnabled: Bool {
    get { state.isEnabled }
    set { state.isEnabled = newValue }
  }

  /// Particles per second. Default 0. Animatable.
  public var birthRate: Float {
    get { state.birthRate }
    set { state.birthRate = newValue }
  }

  /// Seconds a particle lives. Default 0. Animatable.
  public var lifetime: Float {
    get { state.lifetime }
    set { state.lifetime = newValue }
  }

  /// How far a particle's lifetime may differ from `lifetime`, in seconds. Default 0. Animatable.
  public var lifetimeRange: Float {
    get { state.lifetimeRange }
    set { state.lifetimeRange = newValue }
  }

  /// The initial speed, in points per second. Default 0. Animatable.
  public var velocity: CGFloat {
    get { state.velocity }
    set { state.velocity = newValue }
  }

  /// How far a particle's speed may differ from `velocity`. Default 0. Animatable.
  public var velocityRange: CGFloat {
    get { state.velocityRange }
    set { state.velocityRange = newValue }
  }

  /// The direction of emission in the x-y plane, in radians from the +x axis toward +y (down on
  /// screen). Default 0. Animatable.
  public var emissionLongitude: CGFloat {
    get { state.emissionLongitude }
    set { state.emissionLongitude = newValue }
  }

  /// The direction's angle out of the x-y plane toward +z, in radians. Default 0. Animatable.
  public var emissionLatitude: CGFloat {
    get { state.emissionLatitude }
    set { state.emissionLatitude = newValue }
  }

  /// The width of the cone of directions around the emission direction, in radians. Default 0.
  /// Animatable.
  public var emissionRange: CGFloat {
    get { state.emissionRange }
    set { state.emissionRange = newValue }
  }

  /// Acceleration along x, in points per second squared. Default 0. Animatable.
  public var xAcceleration: CGFloat {
    get { state.xAcceleration }
    set { state.xAcceleration = newValue }
  }

  /// Acceleration along y (down on screen), in points per second squared. Default 0. Animatable.
  public var yAcceleration: CGFloat {
    get { state.yAcceleration }
    set { state.yAcceleration = newValue }
  }

  /// Acceleration along z, in points per second squared. Default 0. Animatable.
  public var zAcceleration: CGFloat {
    get { state.zAcceleration }
    set { state.zAcceleration = newValue }
  }

  /// The size factor of the contents. Default 1. Animatable.
  public var scale: CGFloat {
    get { state.scale }
    set { state.scale = newValue }
  }

  /// How far a particle's scale may differ from `scale`. Default 0. Animatable.
  public var scaleRange: CGFloat {
    get { state.scaleRange }
    set { state.scaleRange = newValue }
  }

  /// The change of scale per second. Default 0. Animatable.
  public var scaleSpeed: CGFloat {
    get { state.scaleSpeed }
    set { state.scaleSpeed = newValue }
  }

  /// Rotation speed, in radians per second. Default 0. Animatable.
  public var spin: CGFloat {
    get { state.spin }
    set { state.spin = newValue }
  }

  /// How far a particle's spin may differ from `spin`. Default 0. Animatable.
  public var spinRange: CGFloat {
    get { state.spinRange }
    set { state.spinRange = newValue }
  }

  /// The colour the contents are multiplied by. Default opaque white. Animatable.
  public var color: CGColor? {
    get { state.color }
    set { state.color = newValue }
  }

  /// How far a particle's red may differ from the colour's. Default 0. Animatable.
  public var redRange: Float {
    get { state.redRange }
    set { state.redRange = newValue }
  }

  /// How far a particle's green may differ from the colour's. Default 0. Animatable.
  public var greenRange: Float {
    get { state.greenRange }
    set { state.greenRange = newValue }
  }

  /// How far a particle's blue may differ from the colour's. Default 0. Animatable.
  public var blueRange: Float {
    get { state.blueRange }
    set { state.blueRange = newValue }
  }

  /// How far a particle's alpha may differ from the colour's. Default 0. Animatable.
  public var alphaRange: Float {
    get { state.alphaRange }
    set { state.alphaRange = newValue }
  }

  /// The change of red per second. Default 0. Animatable.
  public var redSpeed: Float {
    get { state.redSpeed }
    set { state.redSpeed = newValue }
  }

  /// The change of green per second. Default 0. Animatable.
  public var greenSpeed: Float {
    get { state.greenSpeed }
    set { state.greenSpeed = newValue }
  }

  /// The change of blue per second. Default 0. Animatable.
  public var blueSpeed: Float {
    get { state.blueSpeed }
    set { state.blueSpeed = newValue }
  }

  /// The change of alpha per second. Default 0. Animatable.
  public var alphaSpeed: Float {
    get { state.alphaSpeed }
    set { state.alphaSpeed = newValue }
  }

  /// The part of `contents` shown, in its unit square. Default (0, 0, 1, 1). Animatable.
  public var contentsRect: CGRect {
    get { state.contentsRect }
    set { state.contentsRect = newValue }
  }

  /// Image pixels per point. Default 1.
  public var contentsScale: CGFloat {
    get { state.contentsScale }
    set { state.contentsScale = newValue }
  }

  /// The particle's image: a `CGImage` (anything else is kept but draws nothing).
  /// Default nil.
  public var contents: Any? {
    get { state.contents?.object }
    set { state.contents = newValue.flatMap { LayerContents(animationValue: $0) } }
  }

  /// Cells emitted by each particle of this one. Default nil.
  public var emitterCells: [CAEmitterCell]? {
    didSet {
      for cell in oldValue ?? [] { cell.removeOwner(self) }
      for cell in emitterCells ?? [] { cell.addOwner(self) }
      notifyOwners()
    }
  }

  /// The cell and its sub-cells as a value.
  var tree: EmitterCellState {
    var s = state
    s.cells = (emitterCells ?? []).map(\.tree)
    return s
  }

  /// Takes the values of `value` (sub-cells by position), without telling the owners.
  func adopt(_ value: EmitterCellState) {
    let owners = self.owners
    self.owners = []
    var own = value
    own.cells = []
    state = own
    for (cell, sub) in zip(emitterCells ?? [], value.cells) { cell.adopt(sub) }
    self.owners = owners
  }

  func addOwner(_ owner: any EmitterCellOwner) {
    owners.removeAll { $0.owner == nil }
    owners.append(WeakEmitterCellOwner(owner: owner))
  }

  func removeOwner(_ owner: any EmitterCellOwner) {
    if let i = owners.firstIndex(where: { $0.owner === owner }) { owners.remove(at: i) }
  }

  private func notifyOwners() {
    for o in owners { o.owner?.emitterCellDidChange() }
  }
}

extension CAEmitterCell: EmitterCellOwner {
  func emitterCellDidChange() { notifyOwners() }
}

/// Something that emits cells and shows their changes.
protocol EmitterCellOwner: AnyObject {
  /// A cell it emits (or one of theirs) changed.
  func emitterCellDidChange()
}

private struct WeakEmitterCellOwner {
  weak var owner: (any EmitterCellOwner)?
}
