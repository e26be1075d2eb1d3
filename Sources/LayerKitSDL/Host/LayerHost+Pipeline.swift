internal import CSDL2
import Foundation

// The pipelined frame loop: the previous frame's upload overlaps the next frame's
// evaluation.
//
//   main thread   events(k) · prepare(k) ·········· show(k−1) · frame(k) · start(k) ·
//   worker                   copy(k−1) → texture ·                         copy(k) …
//
// `prepare` (commit, evaluation, render-tree build) does not touch the frame's pixels,
// so a worker copies frame k − 1's damage into the locked texture meanwhile; frame k is
// composited only after frame k − 1 is shown, and every frame is shown in order, the
// last one when the loop ends. The frame flows one way: prepare → composite → upload →
// present.
extension LayerHost {
  /// Runs frames like ``run(onEvent:frame:)``, each in two parts so that the previous
  /// frame's upload runs on another thread while the next frame is prepared.
  ///
  /// Each iteration delivers pending events to `onEvent`, then — unless they stopped the
  /// loop —
  /// 1. calls `prepare` with the frame's information: commit, evaluate and snapshot
  ///    here (`CARenderer.prepareFrame`), without drawing into the frame's bitmap, while
  ///    a worker thread copies the previous frame's damaged box into the texture;
  /// 2. finishes that upload and presents the previous frame;
  /// 3. calls `frame` for this frame's pixels (composite here);
  /// 4. starts uploading them: a ``FrameOutput/bitmap(_:damage:)`` on the worker
  ///    (finished and presented in the next iteration, or when the loop ends), any other
  ///    output at once.
  ///
  /// A frame therefore appears after the next frame's `prepare`, not after a whole
  /// frame more. ``lastFrameStatistics`` describe the frame presented last: `frame` is
  /// its `prepare` and `frame` time, `upload` the main thread's part of its upload
  /// (starting the copy, waiting for it, drawing the texture), `present` its present.
  ///
  /// - Parameters:
  ///   - onEvent: called for every pending event before the frame.
  ///   - prepare: the frame's first part, which must not draw into the bitmap the
  ///     previous `frame` returned (it is being read).
  ///   - frame: the frame's second part, returning its pixels.
  /// - Throws: ``SDLError`` when drawing fails; the loop stops first.
  public func run(
    onEvent: (HostEvent) -> Void = { _ in }, prepare: (FrameInfo) -> Void,
    frame: (FrameInfo) -> FrameOutput
  ) throws(SDLError) {
    isRunning = true
    defer { isRunning = false }
    let frequency = Double(SDL_GetPerformanceFrequency())
    let budget = configuration.maximumFrameRate.map { $0 > 0 ? 1 / max(1, $0) : 0 } ?? 0
    var inFlight: InFlightFrame?
    do throws(SDLError) {
      while isRunning {
        let started = SDL_GetPerformanceCounter()
        try requireOpen("SDL_RenderPresent")
        let iterationStart = Self.pacingNow()
        if deliverEvents(to: onEvent) || !isRunning { break }
        let info = nextFrameInfo()
        let t0 = Self.seconds()
        prepare(info)
        let t1 = Self.seconds()
        if let previous = inFlight {
          inFlight = nil
          try show(previous)
        }
        let t2 = Self.seconds()
        let output = frame(info)
        let t3 = Self.seconds()
        inFlight = try startShowing(
          output, index: info.index, frameTime: (t1 - t0) + (t3 - t2),
          iterationStart: iterationStart)
        previousFrameTime = info.time
        frameIndex += 1
        let elapsed = Double(SDL_GetPerformanceCounter() &- started) / frequency
        if budget > elapsed { SDL_Delay(UInt32((budget - elapsed) * 1000)) }
      }
    } catch {
      if let pending = inFlight?.upload { try? texture?.finishUpload(pending) }
      _ = try? inFlight?.glJob?.wait()
      throw error
    }
    if let last = inFlight { try show(last) }
  }

  /// Uploads `output` (a bitmap's damage on a worker thread) without presenting it, or
  /// returns nil when it is unchanged and the window needs no redraw.
  private func startShowing(
    _ output: FrameOutput, index: Int, frameTime: Double, iterationStart: Double
  ) throws(SDLError) -> InFlightFrame? {
    var stats = HostFrameStatistics()
    stats.frame = frameTime
    if case .unchanged = output, !needsRedraw {
      // Nothing new and nothing lost: the window keeps showing the last presented frame.
      lastFrameStatistics = stats
      return nil
    }
    let started = Self.seconds()
    let inputs = takePendingInputs()
    if let thread = try glThread("SDL_GL_SwapWindow") {
      // Upload, draw and swap all run on the present thread; `show` waits for them.
      let job = glStartPresent(thread, output)
      stats.upload = Self.seconds() - started
      return InFlightFrame(
        index: index, output: output, upload: nil, glJob: job, statistics: stats,
        iterationStart: iterationStart, inputs: inputs)
    }
    var pending: PendingUpload?
    if case .bitmap(let bitmap, let damage) = output, let texture {
      let ctx = bitmap.context
      let bytes = UnsafeRawBufferPointer(start: ctx.data, count: ctx.width * ctx.height * 4)
      pending = try texture.beginUpload(bytes, width: ctx.width, height: ctx.height, damage: damage)
      stats.uploadedPixels = texture.lastUploadedPixelCount
    } else {
      stats.uploadedPixels = try uploadCounted(output)
    }
    stats.upload = Self.seconds() - started
    return InFlightFrame(
      index: index, output: output, upload: pending, glJob: nil, statistics: stats,
      iterationStart: iterationStart, inputs: inputs)
  }

  /// Finishes `frame`'s upload, draws the texture and presents it.
  private func show(_ frame: InFlightFrame) throws(SDLError) {
    var stats = frame.statistics
    let started = Self.seconds()
    let presentTime: Double
    if let job = frame.glJob {
      // Uploaded, drawn and swapped on the present thread: the wait is the present.
      let result = try job.wait() as! GLPresentResult
      stats.uploadedPixels = result.uploadedPixels
      stats.present = Self.seconds() - started
      presentTime = result.presentTime
    } else {
      if let pending = frame.upload { try texture?.finishUpload(pending) }
      try copyTextureToBackbuffer()
      let drawn = Self.seconds()
      presentTime = presentNow()
      stats.upload += drawn - started
      stats.present = Self.seconds() - drawn
    }
    recordPresent(at: presentTime, iterationStart: frame.iterationStart, inputs: frame.inputs)
    needsRedraw = false
    stats.presented = true
    lastFrameStatistics = stats
    lastPresentedFrame = frame.index
  }
}

/// A frame uploaded (or being uploaded) and not yet presented.
private struct InFlightFrame {
  let index: Int
  /// Kept so the bitmap a worker copies from stays alive until the copy is done.
  let output: FrameOutput
  let upload: PendingUpload?
  /// The upload, draw and swap queued on the GL present thread.
  let glJob: GLPresentThread.Job?
  let statistics: HostFrameStatistics
  /// When the loop iteration that sampled the frame started, on `CASystemClock`'s clock.
  let iterationStart: Double
  /// Arrival times of the inputs the frame is the first to show.
  let inputs: [Double]
}
