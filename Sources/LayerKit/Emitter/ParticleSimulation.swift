import Foundation

/// The closed-form particle system behind `CAEmitterLayer` (see its discussion).
///
/// Particle `i` of a cell is born at `start + i / rate` and lives
/// `(lifetime ± lifetimeRange) · layer.lifetime` seconds; every random draw is
/// `uniform(seed, cell path, i, attribute)`, a SplitMix64 hash, so a particle's whole
/// life is known from the time alone.
struct ParticleSimulation {
  /// Where sub-cells emit from: a parent particle's motion.
  struct Source {
    var p0: SIMD3<Double>
    var v0: SIMD3<Double>
    var acceleration: SIMD3<Double>
    var birth: Double
    var death: Double

    func position(at t: Double) -> SIMD3<Double> {
      let a = t - birth
      return p0 + v0 * a + 0.5 * acceleration * a * a
    }

    func velocity(at t: Double) -> SIMD3<Double> { v0 + acceleration * (t - birth) }
  }

  let seed: UInt64
  let multipliers:
    (birthRate: Double, lifetime: Double, velocity: Double, scale: Double, spin: Double)
  let position: SIMD3<Double>
  let size: SIMD3<Double>
  let shape: CAEmitterLayerEmitterShape
  let mode: CAEmitterLayerEmitterMode
  let renderMode: CAEmitterLayerRenderMode
  let cap: Int
  private(set) var particles: [EmitterParticle] = []
  private(set) var dropped = 0

  /// A simulation of the emitter `emitter` (presented values at the frame's time).
  init(emitter: EmitterLayerState, cap: Int = CAEmitterLayer.maximumParticleCount) {
    seed = UInt64(emitter.seed)
    func finite(_ v: Float) -> Double { v.isFinite ? Double(v) : 0 }
    multipliers = (
      finite(emitter.birthRate), finite(emitter.lifetime), finite(emitter.velocity),
      finite(emitter.scale), finite(emitter.spin)
    )
    func clean(_ v: CGFloat) -> Double { v.isFinite ? Double(v) : 0 }
    position = SIMD3(
      clean(emitter.emitterPosition.x), clean(emitter.emitterPosition.y),
      clean(emitter.emitterZPosition))
    size = SIMD3(
      max(clean(emitter.emitterSize.width), 0), max(clean(emitter.emitterSize.height), 0),
      max(clean(emitter.emitterDepth), 0))
    shape = emitter.emitterShape
    mode = emitter.emitterMode
    renderMode = emitter.renderMode
    self.cap = cap
  }

  /// The particles of `cells` alive at `time`, in drawing order; top-level cell `k` is
  /// born on `schedules[k]` (a constant schedule at its rate when missing).
  mutating func run(
    cells: [EmitterCellState], schedules: [EmissionSchedule] = [], at time: Double
  ) -> [EmitterParticle] {
    guard time.isFinite else { return [] }
    for (k, cell) in cells.enumerated() {
      let schedule = schedules.indices.contains(k) ? schedules[k] : nil
      emit(
        cell, id: Self.mix(seed, UInt64(k)), source: nil, schedule: schedule, now: time, depth: 0)
    }
    if dropped > 0 {
      CADiagnostics.report(
        key: "CAEmitterLayer",
        "\(dropped) particles over the cap of \(cap) per layer were not drawn")
    }
    switch renderMode {
    case .oldestFirst: return stableSorted { $0.birth < $1.birth }
    case .oldestLast: return stableSorted { $0.birth > $1.birth }
    case .backToFront: return stableSorted { $0.z < $1.z }
    default: return particles
    }
  }

  private func stableSorted(_ before: (EmitterParticle, EmitterParticle) -> Bool)
    -> [EmitterParticle]
  {
    particles.enumerated().sorted { a, b in
      before(a.element, b.element) || (!before(b.element, a.element) && a.offset < b.offset)
    }.map(\.element)
  }

  /// Adds the particles of `cell` alive at `now`: born on `schedule` (top-level cells
  /// whose rate changed), else every `1 / rate` seconds from the source's birth.
  private mutating func emit(
    _ cell: EmitterCellState, id: UInt64, source: Source?, schedule: EmissionSchedule? = nil,
    now: Double, depth: Int
  ) {
    let rate = Double(cell.birthRate) * multipliers.birthRate
    let varying = schedule.flatMap { $0.constantRate == nil ? $0 : nil }
    let maxLife = (Double(cell.lifetime) + abs(Double(cell.lifetimeRange))) * multipliers.lifetime
    guard maxLife.isFinite, maxLife > 0 else { return }
    guard varying != nil || (cell.isEnabled && rate.isFinite && rate > 0) else { return }
    let start = source?.birth ?? 0
    let end = min(now, source?.death ?? now)
    guard end >= start else { return }
    // Born in [now − maxLife, end]; computed in Double and clamped before becoming Int.
    let hiD: Double
    let loD: Double
    if let varying {
      hiD = varying.count(at: end).rounded(.down)
      loD = max(0, varying.count(at: now - maxLife).rounded(.up))
    } else {
      hiD = ((end - start) * rate).rounded(.down)
      loD = max(0, ((now - maxLife - start) * rate).rounded(.up))
    }
    guard hiD >= loD else { return }
    let budget = cap - particles.count
    guard budget > 0 else {
      dropped += Int(min(hiD - loD + 1, 1e9))
      return
    }
    // Indices past 2⁵³ are not exact doubles: such a flood is capped anyway.
    guard hiD < 9e15 else {
      dropped += 1_000_000_000
      return
    }
    let count = hiD - loD + 1
    if count > Double(budget) { dropped += Int(min(count - Double(budget), 1e9)) }
    let newest = Int64(hiD)
    for j in 0..<Int64(min(count, Double(budget))) {
      let n = newest - j
      var attr: UInt64 = 0
      func u() -> Double {
        attr &+= 1
        return Self.uniform(id, UInt64(bitPattern: n), attr)
      }
      func spread() -> Double { 2 * u() - 1 }
      let birth = varying?.birthTime(of: Double(n)) ?? start + Double(n) / rate
      let life =
        (Double(cell.lifetime) + Double(cell.lifetimeRange) * spread()) * multipliers.lifetime
      let age = now - birth
      let lon = Double(cell.emissionLongitude) + Double(cell.emissionRange) * (u() - 0.5)
      let lat = Double(cell.emissionLatitude) + Double(cell.emissionRange) * (u() - 0.5)
      let speed =
        (Double(cell.velocity) + Double(cell.velocityRange) * spread()) * multipliers.velocity
      let scale0 = Double(cell.scale) + Double(cell.scaleRange) * spread()
      let spin = (Double(cell.spin) + Double(cell.spinRange) * spread()) * multipliers.spin
      let colorJitter = SIMD4<Float>(
        Float(spread()), Float(spread()), Float(spread()), Float(spread()))
      let onShape = shapePoint(u(), u(), u(), u())
      guard age >= 0, age < life, life > 0 else { continue }
      let p0 = source?.position(at: birth) ?? onShape
      let direction = SIMD3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
      let v = direction * speed + (source?.velocity(at: birth) ?? .zero)
      let p = p0 + v * age + 0.5 * cell.acceleration * age * age
      if let image = cell.contents?.image {
        let s = (scale0 + Double(cell.scaleSpeed) * age) * multipliers.scale
        let c = cell.rgba + cell.colorRange * colorJitter + cell.colorSpeed * Float(age)
        let color = c.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
        if s > 0, s.isFinite, color.w > 0, p.x.isFinite, p.y.isFinite, p.z.isFinite {
          particles.append(
            EmitterParticle(
              position: CGPoint(x: p.x, y: p.y), z: p.z, scale: s, rotation: spin * age,
              color: color, image: image,
              contentsRect: cell.contentsRect, contentsScale: cell.contentsScale, birth: birth))
        }
      }
      if depth < 3 {
        for (k, sub) in cell.cells.enumerated() {
          let source = Source(
            p0: p0, v0: v, acceleration: cell.acceleration, birth: birth, death: birth + life)
          emit(
            sub, id: Self.mix(id, Self.mix(UInt64(bitPattern: n), UInt64(k))), source: source,
            now: now,
            depth: depth + 1)
        }
      }
    }
  }

  /// A point of the emitter shape for the layer's mode, from four uniform numbers.
  private func shapePoint(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> SIMD3<Double> {
    let half = size / 2
    func pick(_ corners: [SIMD3<Double>]) -> SIMD3<Double> {
      corners[min(Int(a * Double(corners.count)), corners.count - 1)]
    }
    var o = SIMD3<Double>.zero
    switch shape {
    case .line:
      o.x = mode == .points ? (a < 0.5 ? -half.x : half.x) : (2 * a - 1) * half.x
    case .rectangle, .cuboid:
      let depth = shape == .cuboid ? half.z : 0
      if mode == .points {
        let xs = [-half.x, half.x]
        let ys = [-half.y, half.y]
        let zs = shape == .cuboid ? [-depth, depth] : [0]
        o = pick(zs.flatMap { z in ys.flatMap { y in xs.map { SIMD3($0, y, z) } } })
      } else if mode == .outline {
        // Uniform along the perimeter.
        let w = size.x
        let h = size.y
        let t = a * 2 * (w + h)
        if t < w {
          o = SIMD3(-half.x + t, -half.y, 0)
        } else if t < w + h {
          o = SIMD3(half.x, -half.y + (t - w), 0)
        } else if t < 2 * w + h {
          o = SIMD3(half.x - (t - w - h), half.y, 0)
        } else {
          o = SIMD3(-half.x, half.y - (t - 2 * w - h), 0)
        }
        o.z = (2 * b - 1) * depth
      } else {
        o = SIMD3((2 * b - 1) * half.x, (2 * c - 1) * half.y, (2 * d - 1) * depth)
      }
    case .circle, .sphere:
      let r = half.x
      guard mode != .points else { break }
      if shape == .circle {
        let angle = 2 * Double.pi * a
        let radius = mode == .outline ? r : r * b.squareRoot()
        o = SIMD3(radius * cos(angle), radius * sin(angle), 0)
      } else {
        let z = 2 * a - 1
        let angle = 2 * Double.pi * b
        let ring = (1 - z * z).squareRoot()
        let radius = mode == .volume ? r * Foundation.cbrt(c) : r
        o = SIMD3(ring * cos(angle), ring * sin(angle), z) * radius
      }
    default:
      break
    }
    return position + o
  }

  // MARK: - Random numbers

  static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var z = a &+ 0x9E37_79B9_7F4A_7C15 &* (b &+ 1)
    z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z &>> 31)
  }

  /// A number in 0..<1 from the cell path, the particle and the attribute.
  static func uniform(_ id: UInt64, _ particle: UInt64, _ attribute: UInt64) -> Double {
    Double(mix(mix(id, particle), attribute) &>> 11) / 9_007_199_254_740_992
  }
}
