import LayerKit

/// Runs a ``DemoScene`` on a stage layer and controls its time with the stage's own
/// `CAMediaTiming` properties.
///
/// Playing, the stage's local time advances with the context's clock at ``rate`` (1, or
/// 0.1 for slow motion). ``pause()`` and ``resume()`` are seed 004's `pauseLayer` and
/// `resumeLayer`: speed 0 with the paused time in `timeOffset`, then speed 1 with
/// `beginTime` moved by the time spent paused. ``seek(to:)`` rebuilds the scene paused
/// and replays its cues, each committed at its own stage time, so an implicit animation
/// started by a cue is where it would have been had the scene played to that time.
public final class SceneDriver {
  /// The context whose clock drives the stage.
  public let context: CAContext
  /// The layer the stage lives in; the stage fills its bounds.
  public let container: CALayer
  /// The scene's root layer, whose timing the driver controls.
  public private(set) var stage: CALayer
  /// The running scene.
  public private(set) var scene: any DemoScene
  /// The parameters' current values, kept across restarts.
  public private(set) var parameters: [DemoParameter]
  /// Stage seconds per clock second while playing: 1, or 0.1 in slow motion.
  public private(set) var rate: Double = 1
  private let makeScene: () -> any DemoScene
  private var cues: [SceneCue] = []
  private var firedCues = 0

  /// The scene's duration in seconds.
  public let duration: Double

  /// Plays `type` in a context of its own on a manual clock that the caller steps: the
  /// stage fills a root layer of `size` points (origin at the top-left corner, the demos'
  /// background colour), committed at time 0. For tests and benchmarks that drive a demo
  /// frame by frame; the context is the driver's ``context``, the root its ``container``.
  public static func onManualClock<S: DemoScene>(
    _ type: S.Type, size: CGSize
  ) -> (clock: CAManualClock, driver: SceneDriver) {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = CALayer()
    root.bounds = CGRect(origin: .zero, size: size)
    root.anchorPoint = .zero
    root.backgroundColor = DemoStyle.background
    context.layer = root
    context.commit()
    return (clock, SceneDriver(type, in: root, context: context))
  }

  /// Builds a scene into a new stage in `container` and starts it playing at time 0.
  public convenience init<S: DemoScene>(_ type: S.Type, in container: CALayer, context: CAContext) {
    self.init(duration: S.duration, in: container, context: context) { S() }
  }

  /// Builds the scene `makeScene` makes (again at each restart or seek) into a new stage
  /// in `container` and starts it playing at time 0; for scenes made from data, such as a
  /// file, rather than from their type alone.
  /// - Parameter duration: seconds in one run of the scene.
  public init(
    duration: Double, in container: CALayer, context: CAContext,
    makeScene: @escaping () -> any DemoScene
  ) {
    self.context = context
    self.container = container
    self.makeScene = makeScene
    self.duration = duration
    scene = makeScene()
    parameters = scene.parameters
    stage = CALayer()
    install(playing: true)
  }

  /// True while the stage's speed is 0.
  public var isPaused: Bool { stage.speed == 0 }

  /// The stage's local time: the scene's time, in seconds.
  public var time: Double {
    stage.convertTime(CACurrentMediaTime(), from: nil)
  }

  /// The scene's markers, by time.
  public var markers: [SceneMarker] { scene.markers.sorted { $0.time < $1.time } }

  /// The sections the markers delimit, in order: a marker with a duration spans it, one
  /// without runs to the next marker (or the end of the run).
  public var segments: [(label: String, range: ClosedRange<Double>)] {
    let m = markers
    return m.indices.compactMap { i in
      let start = m[i].time
      let end =
        m[i].duration > 0 ? start + m[i].duration : (i + 1 < m.count ? m[i + 1].time : duration)
      return end > start ? (m[i].label, start...end) : nil
    }
  }

  /// The section being played in a loop (`playSegment(_:)`), nil for the whole run.
  public private(set) var segment: ClosedRange<Double>?

  /// Plays `range` of stage time in a loop from its start, or the whole run again when nil.
  public func playSegment(_ range: ClosedRange<Double>?) {
    segment = range
    seek(to: range?.lowerBound ?? 0)
    resume()
  }

  /// Restarts the section when the playing stage time has passed its end; call once per
  /// frame.
  public func loopSegment() {
    guard let segment, !isPaused, time >= segment.upperBound else { return }
    seek(to: segment.lowerBound)
    resume()
  }

  /// Fires the cues whose time has come; call once per frame before rendering.
  public func tick() {
    let now = time
    while firedCues < cues.count, cues[firedCues].time <= now {
      cues[firedCues].action()
      firedCues += 1
    }
  }

  /// Seed 004's `pauseLayer`: stops the stage's time where it is.
  public func pause() {
    guard !isPaused else { return }
    let pausedTime = stage.convertTime(CACurrentMediaTime(), from: nil)
    stage.speed = 0
    stage.timeOffset = pausedTime
  }

  /// Seed 004's `resumeLayer`: restarts the stage's time from where it was paused.
  public func resume() {
    guard isPaused else { return }
    let pausedTime = stage.timeOffset
    stage.speed = Float(rate)
    stage.timeOffset = 0
    stage.beginTime = 0
    let timeSincePause = stage.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
    stage.beginTime = timeSincePause / rate
  }

  /// Pauses, or resumes when paused.
  public func togglePause() {
    if isPaused { resume() } else { pause() }
  }

  /// Moves a paused stage by `seconds` of stage time (one frame: 1/60) and fires the cues
  /// it passes. Pauses first when playing.
  public func step(by seconds: Double = 1.0 / 60) {
    guard seconds >= 0 else {
      // Cues cannot be undone: going back rebuilds the scene at the earlier time.
      seek(to: time + seconds)
      return
    }
    pause()
    stage.timeOffset = max(0, stage.timeOffset + seconds)
    tick()
  }

  /// Sets the playing rate (1 or 0.1), keeping the stage's time continuous.
  public func setRate(_ newRate: Double) {
    guard newRate.isFinite, newRate > 0 else { return }
    rate = newRate
    guard !isPaused else { return }
    let now = time
    let parentTime = container.convertTime(CACurrentMediaTime(), from: nil)
    stage.speed = Float(newRate)
    stage.timeOffset = now
    stage.beginTime = parentTime
  }

  /// Rebuilds the scene and shows it at stage time `t`, paused, with its cues replayed.
  public func seek(to t: Double) {
    let target = max(0, t.isFinite ? t : 0)
    install(playing: false)
    while firedCues < cues.count, cues[firedCues].time <= target {
      stage.timeOffset = cues[firedCues].time
      context.commit()
      cues[firedCues].action()
      firedCues += 1
      context.commit()
    }
    stage.timeOffset = target
    context.commit()
  }

  /// Rebuilds the scene at time 0, playing unless it was paused.
  public func restart() {
    let wasPaused = isPaused
    install(playing: !wasPaused)
  }

  /// Changes a parameter and rebuilds the scene at the current time with the new value.
  public func setParameter(_ name: String, to value: Double) {
    guard let index = parameters.firstIndex(where: { $0.name == name }) else { return }
    let range = parameters[index].range
    parameters[index].value = min(max(value, range.lowerBound), range.upperBound)
    let now = time
    let wasPaused = isPaused
    seek(to: now)
    if !wasPaused { resume() }
  }

  /// Passes an event in container coordinates to the scene, converted to the stage's.
  @discardableResult
  public func handle(_ event: SceneEvent) -> Bool {
    switch event {
    case .press(let p): scene.handle(.press(stage.convert(p, from: container)))
    case .drag(let p): scene.handle(.drag(stage.convert(p, from: container)))
    case .release(let p): scene.handle(.release(stage.convert(p, from: container)))
    case .key: scene.handle(event)
    }
  }

  /// Lays the stage out again after the container changed size.
  public func layout() {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    stage.frame = container.bounds
    CATransaction.commit()
  }

  private func install(playing: Bool) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    stage.removeFromSuperlayer()
    scene = makeScene()
    for parameter in parameters { scene.setParameter(parameter.name, to: parameter.value) }
    let fresh = CALayer()
    fresh.name = "stage"
    fresh.frame = container.bounds
    if playing {
      fresh.speed = Float(rate)
      fresh.beginTime = container.convertTime(CACurrentMediaTime(), from: nil)
    } else {
      fresh.speed = 0
      fresh.timeOffset = 0
    }
    container.addSublayer(fresh)
    stage = fresh
    CATransaction.commit()
    context.commit()
    // Building sets up the initial state: no implicit animations, but the explicit ones
    // the scene adds start at this commit, at stage time 0.
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    scene.build(in: fresh)
    CATransaction.commit()
    cues = scene.cues.sorted { $0.time < $1.time }
    firedCues = 0
    context.commit()
  }
}
