import Foundation

/// The render thread of a `RenderServer` and the mailbox between it and the app thread.
///
/// `@unchecked Sendable`: the mailbox fields (`pending`, `returnedTiles`,
/// `returnedDiagnostics`, `counts`, `stopped`) are read and written under `lock`; the
/// render-side fields (`side`, `presenter`) are touched only by the render thread in
/// threaded mode (handed to it when it starts, never read by another thread after), or
/// only by the app thread in synchronous mode.
final class RenderServerCore: @unchecked Sendable {
  private let lock = NSLock()
  private var pending: LayerTreeSnapshot?
  private var returnedTiles: [MissedTile] = []
  private var returnedDiagnostics: [CADiagnostic] = []
  private var counts = RenderServerStatistics()
  /// When presented frames reached the screen against when they were meant to, and the
  /// latency of the inputs they first showed.
  private var pacing = FramePacing()
  /// Arrival times of inputs committed but not yet shown by a presented frame (at most
  /// `maximumPendingInputs`, the oldest dropped).
  private var pendingInputs: [CFTimeInterval] = []
  static let maximumPendingInputs = 256
  private var stopped = false

  private let presenter: any RenderServerPresenter
  private let vsync: (any VSyncSource)?
  private let makeBackend: @Sendable () -> any RenderBackend
  /// Made on the thread that renders, at its first frame.
  private var side: RenderSide?
  private(set) var thread: Thread?
  private let ended = DispatchSemaphore(value: 0)

  /// What only the rendering thread touches: the replica, its renderer and the bitmap.
  private final class RenderSide {
    let replica: LayerReplica
    let renderer: CARenderer
    var bitmap: CGContext?

    init(backend: any RenderBackend) {
      replica = LayerReplica()
      renderer = CARenderer(context: replica.context, backend: backend)
      renderer.runsLayerCode = false
    }
  }

  init(
    presenter: any RenderServerPresenter, vsync: (any VSyncSource)?,
    makeBackend: @escaping @Sendable () -> any RenderBackend
  ) {
    self.presenter = presenter
    self.vsync = vsync
    self.makeBackend = makeBackend
  }

  var isThreaded: Bool { vsync != nil }

  var statistics: RenderServerStatistics { lock.withLock { counts } }
  var framePacing: FramePacing { lock.withLock { pacing } }

  /// Starts the render thread.
  func start() {
    let t = Thread { [self] in
      runLoop()
      ended.signal()
    }
    t.name = "LayerKit render server"
    t.stackSize = 8 << 20
    thread = t
    t.start()
  }

  /// Ends the render thread's loop and waits for it (once; later calls return at once).
  /// Called on the render thread itself (from a presenter), it ends the loop after the
  /// frame without waiting.
  func stop() {
    let wasRunning: Bool = lock.withLock {
      defer { stopped = true }
      return !stopped && thread != nil
    }
    guard wasRunning else { return }
    vsync?.stop()
    if Thread.current !== thread { ended.wait() }
  }

  /// Hands `snapshot` to the render thread (app thread), with the arrival times of the
  /// inputs it is the first to show; a snapshot the render thread has not taken yet is
  /// replaced (its inputs carry over).
  func post(_ snapshot: LayerTreeSnapshot, inputs: [CFTimeInterval]) {
    lock.withLock {
      if pending != nil { counts.mergedCommits += 1 }
      pending = snapshot
      counts.commits += 1
      pendingInputs.append(contentsOf: inputs)
      if pendingInputs.count > Self.maximumPendingInputs {
        pendingInputs.removeFirst(pendingInputs.count - Self.maximumPendingInputs)
      }
    }
  }

  /// Takes what the render thread sent back: tiles it found missing, diagnostics it
  /// raised (app thread).
  func takeReturned() -> (tiles: [MissedTile], diagnostics: [CADiagnostic]) {
    lock.withLock {
      defer {
        returnedTiles.removeAll()
        returnedDiagnostics.removeAll()
      }
      return (returnedTiles, returnedDiagnostics)
    }
  }

  private func runLoop() {
    guard let vsync else { return }
    defer { presenter.renderThreadWillEnd() }
    while let tick = vsync.waitForVSync() {
      let (snapshot, inputs) = lock.withLock { () -> (LayerTreeSnapshot?, [CFTimeInterval]) in
        defer {
          pending = nil
          pendingInputs.removeAll()
        }
        return (pending, pending == nil ? [] : pendingInputs)
      }
      let presented = renderFrame(
        snapshot: snapshot, vsync: tick, time: tick.predictedPresentTime, inputs: inputs)
      vsync.frameDidFinish(presented: presented)
    }
  }

  /// Draws one frame at `time` (media seconds) from the replica, brought up to
  /// `snapshot` first when there is one, and presents it when anything changed.
  /// - Returns: whether a frame was presented.
  /// - Parameter inputs: arrival times of the inputs `snapshot` is the first to show.
  @discardableResult
  func renderFrame(
    snapshot: LayerTreeSnapshot?, vsync tick: VSyncTick, time: CFTimeInterval,
    inputs: [CFTimeInterval] = []
  ) -> Bool {
    if snapshot != nil, !isThreaded { lock.withLock { counts.commits += 1 } }
    let side = self.side ?? RenderSide(backend: makeBackend())
    self.side = side
    if let snapshot {
      side.replica.apply(snapshot, at: time)
      if side.bitmap?.width != snapshot.width || side.bitmap?.height != snapshot.height {
        side.bitmap = CGContext(width: max(snapshot.width, 1), height: max(snapshot.height, 1))
      }
    }
    side.replica.clock.time = time
    guard side.replica.appliedCommit != 0, let bitmap = side.bitmap else {
      lock.withLock { counts.skippedFrames += 1 }
      return false
    }
    let scale = side.replica.appliedScale
    let damage = side.renderer.render(in: bitmap, scale: scale)
    let tiles = side.renderer.takeForwardedTiles()
    let diagnostics = isThreaded ? CADiagnostics.drain() : []
    if !tiles.isEmpty || !diagnostics.isEmpty {
      lock.withLock {
        returnedTiles.append(contentsOf: tiles)
        returnedDiagnostics.append(contentsOf: diagnostics)
        if returnedDiagnostics.count > CADiagnostics.capacity {
          returnedDiagnostics.removeFirst(returnedDiagnostics.count - CADiagnostics.capacity)
        }
      }
    }
    guard !damage.isEmpty else {
      lock.withLock {
        counts.skippedFrames += 1
        // Inputs whose commit changed nothing on screen wait for the next frame shown.
        pendingInputs.insert(contentsOf: inputs, at: 0)
      }
      return false
    }
    let shown = presenter.present(
      RenderServerFrame(
        bitmap: bitmap, damage: damage, time: time, vsync: tick,
        commit: side.replica.appliedCommit, scale: scale, replica: side.replica))
    lock.withLock {
      counts.presentedFrames += 1
      pacing.record(expectedPresentTime: time, presentTime: shown, inputArrivals: inputs)
    }
    return true
  }
}
