import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// The render server: the render thread keeps drawing committed animations at each
/// frame's own time while the app thread is blocked, with the values the app thread's
/// context computes, and tells the app's delegates nothing from its own thread.
@Suite struct RenderServerTests {
  /// Records which thread each delegate callback came on.
  final class Delegate: CAAnimationDelegate, @unchecked Sendable {
    // Sendable: `calls` is touched under `lock`.
    private let lock = NSLock()
    private var recorded: [(String, Thread)] = []
    var calls: [(String, Thread)] { lock.withLock { recorded } }
    func record(_ call: String) {
      lock.withLock { recorded.append((call, Thread.current)) }
    }
    func animationDidStart(_ anim: CAAnimation) {
      lock.withLock { recorded.append(("start", Thread.current)) }
    }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
      lock.withLock { recorded.append(("stop \(flag)", Thread.current)) }
    }
  }

  /// The app side of a scene: built and used on `app` only.
  final class Scene: @unchecked Sendable {
    // Sendable: every field is read and written on the app thread only.
    let clock = CAManualClock()
    let context: CAContext
    let root = CALayer()
    var layers: [String: CALayer] = [:]
    let delegate = Delegate()
    var link: CADisplayLink?

    /// A tree with a transform, an opacity, a keyframe and a spring animation, each
    /// starting at time 0 and running 1 s.
    init() {
      context = CAContext(clock: clock)
      root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
      root.position = CGPoint(x: 100, y: 50)
      root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
      context.layer = root
      func box(_ name: String, x: CGFloat) -> CALayer {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
        l.position = CGPoint(x: x, y: 50)
        l.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
        root.addSublayer(l)
        layers[name] = l
        return l
      }
      let delegate = self.delegate
      CATransaction.setCompletionBlock {
        delegate.record("completion")
      }
      link = CADisplayLink { _ in delegate.record("link") }
      link?.add(to: .main, forMode: .common)
      let spin = CABasicAnimation(keyPath: "transform.rotation.z")
      spin.fromValue = 0
      spin.toValue = CGFloat.pi
      spin.duration = 1
      spin.delegate = delegate
      box("transform", x: 25).add(spin, forKey: "spin")
      let fade = CABasicAnimation(keyPath: "opacity")
      fade.fromValue = 1
      fade.toValue = 0.2
      fade.duration = 1
      box("opacity", x: 75).add(fade, forKey: "fade")
      let path = CAKeyframeAnimation(keyPath: "position")
      path.values = [CGPoint(x: 125, y: 20), CGPoint(x: 140, y: 80), CGPoint(x: 125, y: 50)]
      path.keyTimes = [0, 0.4, 1]
      path.duration = 1
      box("keyframe", x: 125).add(path, forKey: "path")
      let spring = CASpringAnimation(keyPath: "position.x")
      spring.fromValue = 150
      spring.toValue = 185
      spring.duration = 1
      box("spring", x: 185).add(spring, forKey: "spring")
    }
  }

  /// A `Scene` and a threaded server for it, made on `app`, where `start` then runs.
  static func serve(
    on app: AppThread, vsync: VirtualVSync, recorder: ServerFrameRecorder,
    start: @escaping (Scene, RenderServer) -> Void
  ) -> (Scene, RenderServer) {
    app.sync { () -> (Scene, RenderServer) in
      let scene = Scene()
      let server = RenderServer(
        context: scene.context, mode: .threaded(vsync), presenter: recorder)
      start(scene, server)
      return (scene, server)
    }
  }

  @Test func aBlockedAppThreadDoesNotStopTheAnimations() throws {
    let app = AppThread()
    defer { app.stop() }
    let vsync = VirtualVSync()
    let recorder = ServerFrameRecorder()
    let (scene, server) = Self.serve(on: app, vsync: vsync, recorder: recorder) { scene, server in
      // An input that arrived at time 0, answered by this commit.
      server.commit(width: 200, height: 100, scale: 1, inputArrivals: [0])
      recorder.watch(scene.layers.values.compactMap { server.snapshotID(of: $0) })
    }
    // The app thread is busy for the next 30 blanks (500 ms at 60 Hz).
    let busy = DispatchSemaphore(value: 0)
    app.async { busy.wait() }
    var presented = 0
    for k in 0..<30 where vsync.tick(at: Double(k) / 60) { presented += 1 }
    busy.signal()
    #expect(presented >= 29)
    let frames = recorder.frames
    #expect(frames.count == presented)
    let renderThread = try #require(server.renderThread)
    for (k, f) in frames.enumerated() {
      // Each frame at its own predicted present time: the blank after its own.
      #expect(abs(f.time - Double(k + 1) / 60) < 1e-12)
      #expect(f.commit == 1)
      #expect(f.thread === renderThread)
      #expect(!f.damage.isEmpty)
    }
    // The same values as the app thread's context at the same times, bit for bit.
    let mismatches = app.sync { () -> Int in
      var bad = 0
      for f in frames {
        scene.clock.time = f.time
        scene.context.updatePresentation()
        for (name, layer) in scene.layers {
          guard let id = server.snapshotID(of: layer), let shown = f.states[id] else {
            bad += 1
            continue
          }
          let expected = scene.context.presentationState(of: layer) ?? layer.state
          if shown != expected {
            bad += 1
            Issue.record("\(name) differs at \(f.time)")
          }
        }
      }
      return bad
    }
    #expect(mismatches == 0)
    // Every frame on time: no hitch; the input shown by the first frame, one period later.
    let pacing = server.framePacing.summary
    #expect(pacing.frameCount == 30)
    #expect(pacing.hitchTimeRatio == 0)
    #expect(abs((pacing.latencyP50Periods ?? 0) - 1) < 1e-9)
    // The values moved from frame to frame.
    let moving = frames.indices.dropFirst().filter { frames[$0].pixels != frames[$0 - 1].pixels }
    #expect(moving.count == frames.count - 1)
    // The app thread goes on past the animations' end; the render thread then shows
    // its next commit.
    app.sync {
      scene.clock.time = 1.5
      scene.context.advance(by: 0)
      scene.layers["opacity"]!.opacity = 0.5
      server.commit(width: 200, height: 100, scale: 1)
    }
    #expect(vsync.tick(at: 1.5))
    let last = try #require(recorder.frames.last)
    #expect(last.commit == 2)
    let opacityID = try #require(app.sync { server.snapshotID(of: scene.layers["opacity"]!) })
    // An implicit animation from 1 (the fade has ended and was removed) to 0.5 began at 1.5.
    let shown = try #require(last.states[opacityID]).opacity
    #expect(shown < 1 && shown > 0.5)
    server.stop()
    // Delegates were told on the app thread only, by its own evaluations.
    let calls = scene.delegate.calls
    // The display link fired once, in the app's `advance(by:)` at 1.5 s, after that
    // frame's evaluation and its callbacks.
    #expect(calls.map(\.0) == ["start", "stop true", "completion", "link"])
    #expect(calls.allSatisfy { $0.1 === app.thread })
  }

  @Test func commitsBetweenTwoBlanksMerge() throws {
    let app = AppThread()
    defer { app.stop() }
    let vsync = VirtualVSync()
    let recorder = ServerFrameRecorder()
    let (scene, server) = Self.serve(on: app, vsync: vsync, recorder: recorder) { scene, server in
      for k in 0..<3 {
        CATransaction.setDisableActions(true)
        scene.layers["opacity"]!.backgroundColor = CGColor(
          red: Double(k) / 2, green: 0, blue: 0, alpha: 1)
        server.commit(width: 200, height: 100, scale: 1)
      }
    }
    #expect(vsync.tick(at: 0))
    let stats = server.statistics
    #expect(stats.commits == 3)
    #expect(stats.mergedCommits == 2)
    #expect(stats.presentedFrames == 1)
    #expect(recorder.frames.map(\.commit) == [3])
    // The merged tree is the last one: the layer shows its last colour.
    let id = try #require(app.sync { server.snapshotID(of: scene.layers["opacity"]!) })
    recorder.watch([id])
    #expect(vsync.tick(at: 1.0 / 60))
    let color = try #require(recorder.frames.last?.states[id]?.backgroundColor)
    #expect(color == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
    server.stop()
    #expect(!vsync.tick(at: 2.0 / 60))
  }

  @Test func aBlankBeforeTheFirstCommitDrawsNothing() {
    let app = AppThread()
    defer { app.stop() }
    let vsync = VirtualVSync()
    let recorder = ServerFrameRecorder()
    let server = app.sync {
      RenderServer(
        context: CAContext(clock: CAManualClock()), mode: .threaded(vsync), presenter: recorder)
    }
    #expect(!vsync.tick(at: 0))
    #expect(server.statistics.skippedFrames == 1)
    #expect(recorder.frames.isEmpty)
    // Released without stop(): the render thread ends with it.
    app.sync { _ = server }
  }

  /// No code of the app runs on the render thread: `draw(in:)`, `layoutSublayers()` and
  /// `display()` of a subclass run on the app thread, and the render thread shows what
  /// they drew.
  @Test func layerCodeRunsOnTheAppThreadOnly() throws {
    final class Drawn: CALayer, @unchecked Sendable {
      // Sendable: `threads` is touched under `lock`.
      let lock = NSLock()
      var threads: [Thread] = []
      override func draw(in ctx: CGContext) {
        lock.withLock { threads.append(Thread.current) }
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
      }
      override func layoutSublayers() {
        lock.withLock { threads.append(Thread.current) }
        super.layoutSublayers()
      }
    }
    let app = AppThread()
    defer { app.stop() }
    let vsync = VirtualVSync()
    let recorder = ServerFrameRecorder()
    let (layer, server) = app.sync { () -> (Drawn, RenderServer) in
      let context = CAContext(clock: CAManualClock())
      let root = Drawn()
      root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
      root.position = CGPoint(x: 5, y: 5)
      context.layer = root
      root.setNeedsDisplay()
      root.setNeedsLayout()
      let spin = CABasicAnimation(keyPath: "opacity")
      spin.fromValue = 0.5
      spin.toValue = 1
      spin.duration = 1
      root.add(spin, forKey: nil)
      let server = RenderServer(context: context, mode: .threaded(vsync), presenter: recorder)
      server.commit(width: 10, height: 10, scale: 1)
      return (root, server)
    }
    for k in 0..<5 { vsync.tick(at: Double(k) / 60) }
    server.stop()
    #expect(recorder.frames.count == 5)
    let threads = layer.lock.withLock { layer.threads }
    #expect(threads.count == 2)
    #expect(threads.allSatisfy { $0 === app.thread })
    // The red square draw(in:) made, faded by the animation: red, alpha above half.
    let first = try #require(recorder.frames.first).pixels
    #expect(first[0] > 128 && first[1] == 0 && first[3] > 128)
  }

  /// A synchronous server renders on the app thread without taking its place: the app's
  /// context stays current (its transactions, `CACurrentMediaTime()`).
  @Test func aSynchronousServerLeavesTheAppsContextCurrent() {
    let clock = CAManualClock(time: 3)
    let context = CAContext(clock: clock)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
    root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    context.layer = root
    let recorder = ServerFrameRecorder()
    let server = RenderServer(context: context, presenter: recorder)
    server.commit(width: 8, height: 8, scale: 1)
    #expect(CAContext.current === context)
    #expect(CACurrentMediaTime() == 3)
    // A change made now is committed by the app's context, and the next commit shows it.
    CATransaction.setDisableActions(true)
    root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    clock.advance(by: 1)
    server.commit(width: 8, height: 8, scale: 1)
    let frames = recorder.frames
    #expect(frames.count == 2)
    #expect(
      frames.last.map { Array($0.pixels[0..<4]) } != frames.first.map { Array($0.pixels[0..<4]) })
    #expect(frames.last?.time == 4)
  }
}

/// Shutting down mid-frame, and pacing by the media clock.
@Suite struct RenderServerShutdownTests {
  /// A presenter that stops its server from the render thread at its third frame.
  final class Stopping: RenderServerPresenter, @unchecked Sendable {
    // Sendable: `server` and `count` are touched under `lock`.
    let lock = NSLock()
    weak var server: RenderServer?
    var count = 0
    func present(_ frame: RenderServerFrame) -> CFTimeInterval {
      let (n, s) = lock.withLock { () -> (Int, RenderServer?) in
        count += 1
        return (count, server)
      }
      if n == 3 { s?.stop() }
      return frame.time
    }
  }

  @Test func stoppingFromTheRenderThreadEndsTheLoopAfterTheFrame() {
    let app = AppThread()
    defer { app.stop() }
    let vsync = VirtualVSync()
    let presenter = Stopping()
    let server = app.sync { () -> RenderServer in
      let context = CAContext(clock: CAManualClock())
      let root = CALayer()
      root.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
      context.layer = root
      let a = CABasicAnimation(keyPath: "opacity")
      a.fromValue = 0
      a.toValue = 1
      a.duration = 10
      root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
      root.add(a, forKey: nil)
      let server = RenderServer(context: context, mode: .threaded(vsync), presenter: presenter)
      presenter.lock.withLock { presenter.server = server }
      server.commit(width: 8, height: 8, scale: 1)
      return server
    }
    var ticks = 0
    while vsync.tick(at: Double(ticks) / 60) { ticks += 1 }
    #expect(ticks == 3)
    #expect(presenter.lock.withLock { presenter.count } == 3)
    // Commits after the stop are snapshotted and dropped; stop again is harmless.
    app.sync {
      server.commit(width: 8, height: 8, scale: 1)
      server.stop()
    }
    #expect(server.statistics.presentedFrames == 3)
  }

  @Test func releasingAServerWhileItsThreadWaitsEndsTheThread() {
    let app = AppThread()
    defer { app.stop() }
    let vsync = VirtualVSync()
    weak var released: RenderServer?
    app.sync {
      var server: RenderServer? = RenderServer(
        context: CAContext(clock: CAManualClock()), mode: .threaded(vsync),
        presenter: ServerFrameRecorder())
      server?.commit(width: 4, height: 4, scale: 1)
      released = server
      server = nil
    }
    #expect(released == nil)
    #expect(!vsync.tick(at: 0))
  }

  @Test func clockBlanksFollowThePeriodAndSkipWhatWasMissed() {
    final class Now: @unchecked Sendable {
      // Sendable: `t` is touched under `lock`.
      let lock = NSLock()
      var t = 10.0
      func read() -> Double { lock.withLock { t } }
    }
    let now = Now()
    let vsync = ClockVSync(period: 0.25, now: { now.read() })
    // The first blank is at the first wait's time; each wait returns the next blank, at
    // once here, since the test's clock is already there.
    #expect(vsync.waitForVSync()?.timestamp == 10)
    now.lock.withLock { now.t = 10.25 }
    #expect(vsync.waitForVSync()?.timestamp == 10.25)
    // A render thread that comes back at 11 skips the blanks at 10.5 and 10.75.
    now.lock.withLock { now.t = 11 }
    #expect(vsync.waitForVSync()?.timestamp == 11)
    vsync.stop()
    #expect(vsync.waitForVSync() == nil)
  }
}
