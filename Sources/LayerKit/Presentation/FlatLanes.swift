import Foundation

/// A value that evaluation can carry as up to four `Double` lanes, so that the frame
/// loop interpolates it with one SIMD expression instead of through its type.
///
/// A conforming type's `Interpolatable` arithmetic must be lane-wise
/// (`a + (b − a)·t`, `a + b`, `a − b`, `a·k` per lane), so that evaluating lanes gives
/// exactly the value the typed path gives.
package protocol FlatLanes: Interpolatable {
  /// The value's lanes, or nil when it has none (a nil colour).
  var flatLanes: SIMD4<Double>? { get }
  /// The value from lanes made by `flatLanes`.
  init(flatLanes: SIMD4<Double>)
}

extension CGFloat: FlatLanes {
  package var flatLanes: SIMD4<Double>? { SIMD4(Double(self), 0, 0, 0) }
  package init(flatLanes l: SIMD4<Double>) { self = CGFloat(l.x) }
}

extension CGPoint: FlatLanes {
  package var flatLanes: SIMD4<Double>? { SIMD4(x, y, 0, 0) }
  package init(flatLanes l: SIMD4<Double>) { self.init(x: l.x, y: l.y) }
}

extension CGSize: FlatLanes {
  package var flatLanes: SIMD4<Double>? { SIMD4(width, height, 0, 0) }
  package init(flatLanes l: SIMD4<Double>) { self.init(width: l.x, height: l.y) }
}

extension CGRect: FlatLanes {
  package var flatLanes: SIMD4<Double>? { SIMD4(origin.x, origin.y, size.width, size.height) }
  package init(flatLanes l: SIMD4<Double>) { self.init(x: l.x, y: l.y, width: l.z, height: l.w) }
}

extension CGColor: FlatLanes {
  package var flatLanes: SIMD4<Double>? { SIMD4(red, green, blue, alpha) }
  package init(flatLanes l: SIMD4<Double>) {
    self.init(red: l.x, green: l.y, blue: l.z, alpha: l.w)
  }
}

/// `Float` interpolates in `Double` and rounds (`Float.interpolate`), which its lane
/// gives too; its `adding` is a `Float` sum, so cumulative programs of it stay with the
/// track object (`ValueTrack.Operations.withLanes(cumulative:)`).
extension Float: FlatLanes {
  package var flatLanes: SIMD4<Double>? { SIMD4(Double(self), 0, 0, 0) }
  package init(flatLanes l: SIMD4<Double>) { self = Float(l.x) }
}

/// Booleans have no lane-wise arithmetic: their tracks take lanes for discrete,
/// non-cumulative keyframes only (`ValueTrack.Operations.withLanes(discreteOnly:)`),
/// whose values are copied, never combined (1 is true).
extension Bool: FlatLanes {
  package var flatLanes: SIMD4<Double>? { SIMD4(self ? 1 : 0, 0, 0, 0) }
  package init(flatLanes l: SIMD4<Double>) { self = l.x != 0 }
}

extension Optional: FlatLanes where Wrapped: FlatLanes {
  package var flatLanes: SIMD4<Double>? { self?.flatLanes }
  package init(flatLanes l: SIMD4<Double>) { self = Wrapped(flatLanes: l) }
}

/// What a track's frame value is computed from, as lanes: built once when the track
/// enters a context's `FlatTrackTable`; nil (`AnimationTrack.flatSource`) for tracks the
/// frame loop evaluates through the object.
package enum FlatSource {
  /// `from + (to − from)·curve(p)`.
  case basic(from: SIMD4<Double>, to: SIMD4<Double>, curve: TimingCurve?)
  /// `from + (to − from)·spring(p·duration)`.
  case spring(from: SIMD4<Double>, to: SIMD4<Double>, solver: SpringSolver)
  /// Linear keyframes, each segment with its own timing curve (nil: linear).
  case keyframes(
    values: [SIMD4<Double>], times: [Double], curve: TimingCurve?, segmentCurves: [TimingCurve?])
  /// Discrete keyframes (holds): the value of the key time at or before the pass
  /// fraction `curve(p)` (`KeyframeTiming.discreteIndex`); `times` has one entry per value
  /// or one more.
  case discrete(values: [SIMD4<Double>], times: [Double], curve: TimingCurve?)

  /// The source of `program`, or nil when evaluating it needs the model or captured
  /// value (a missing end), a nil colour, or a cubic spline.
  package static func make<Value: FlatLanes>(_ program: PropertyProgram<Value>) -> (
    FlatSource, cumulative: Bool
  )? {
    func ends(_ b: BasicInterpolation<Value>) -> (SIMD4<Double>, SIMD4<Double>)? {
      let pair: (Value, Value)
      switch (b.from, b.to, b.by) {
      case (let f?, let t?, _): pair = (f, t)
      case (let f?, nil, let by?): pair = (f, Value.adding(f, by))
      case (nil, let t?, let by?): pair = (Value.subtracting(t, by), t)
      case (nil, nil, let by?) where program.isAdditive: pair = (Value.subtracting(by, by), by)
      default: return nil
      }
      guard let a = pair.0.flatLanes, let z = pair.1.flatLanes else { return nil }
      return (a, z)
    }
    let source: FlatSource
    switch program.source {
    case .basic(let b):
      guard let (a, z) = ends(b) else { return nil }
      source = .basic(from: a, to: z, curve: program.curve)
    case .spring(let b, let solver):
      guard let (a, z) = ends(b) else { return nil }
      source = .spring(from: a, to: z, solver: solver)
    case .keyframes(let k):
      let discrete = k.mode == .discrete
      if discrete {
        guard !k.values.isEmpty, !k.timing.times.isEmpty else { return nil }
      } else {
        guard k.mode == .linear, k.values.count >= 2, k.timing.times.count == k.values.count
        else { return nil }
      }
      var lanes: [SIMD4<Double>] = []
      lanes.reserveCapacity(k.values.count)
      for v in k.values {
        guard let l = v.flatLanes else { return nil }
        lanes.append(l)
      }
      source =
        discrete
        ? .discrete(values: lanes, times: k.timing.times, curve: program.curve)
        : .keyframes(
          values: lanes, times: k.timing.times, curve: program.curve,
          segmentCurves: k.timing.curves)
    }
    return (source, program.isCumulative)
  }
}
