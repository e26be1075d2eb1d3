internal import CSDL2
import Foundation

extension LayerHost {
  /// Takes every pending event off SDL's queue and returns this window's, translated.
  ///
  /// A render device reset (which loses the texture's contents) is handled here: the
  /// next frame that brings pixels is uploaded whole, whatever its damage says; until
  /// then, `.unchanged` frames show black.
  public func pollEvents() -> [HostEvent] {
    guard !isClosed else { return [] }
    var events: [HostEvent] = []
    var event = SDL_Event()
    while SDL_PollEvent(&event) != 0 {
      if event.type == SDL_RENDER_DEVICE_RESET.rawValue { texture?.invalidate() }
      // Exposed, resized or reset: what the window shows must be drawn again.
      if event.type == SDL_WINDOWEVENT.rawValue || event.type == SDL_RENDER_DEVICE_RESET.rawValue
        || event.type == SDL_RENDER_TARGETS_RESET.rawValue
      {
        needsRedraw = true
      }
      if let translated = translator.translate(event, size: { self.size }) {
        if translated.isInput { noteInputArrival(event) }
        events.append(translated)
      }
    }
    return events
  }

  /// The information for a frame drawn now: the clock's time and the framebuffer size.
  ///
  /// Reading it does not advance the frame count; ``step(onEvent:frame:)`` does.
  public func nextFrameInfo() -> FrameInfo {
    let time = clock.time
    let size = self.size
    return FrameInfo(
      index: frameIndex, time: time, deltaTime: previousFrameTime.map { time - $0 } ?? 0,
      pixelWidth: size.pixelWidth, pixelHeight: size.pixelHeight, pointSize: size.pointSize,
      scale: size.scale)
  }

  /// Uploads a frame's damaged pixels and draws the texture at the top-left corner of a
  /// black backbuffer, without presenting it.
  ///
  /// - Throws: ``SDLError`` when the host is closed, when raw pixels do not hold
  ///   `width · height · 4` bytes, or when SDL fails.
  public func draw(_ output: FrameOutput) throws(SDLError) {
    _ = try drawCounted(output)
  }

  /// ``draw(_:)``, returning the number of pixels uploaded.
  func drawCounted(_ output: FrameOutput) throws(SDLError) -> Int {
    if let thread = try glThread("glTexSubImage2D") { return try glDraw(thread, output) }
    let uploaded = try uploadCounted(output)
    try copyTextureToBackbuffer()
    return uploaded
  }

  /// Uploads a frame's damaged pixels to the texture, returning the number uploaded.
  func uploadCounted(_ output: FrameOutput) throws(SDLError) -> Int {
    _ = try requireOpen("SDL_RenderCopy")
    guard let texture else {
      throw SDLError(function: "SDL_RenderCopy", message: "the host is closed")
    }
    var uploaded = true
    switch output {
    case .unchanged:
      uploaded = false
    case .image(let image, let damage):
      try texture.upload(image.pixels, width: image.width, height: image.height, damage: damage)
    case .pixels(let bytes, let width, let height, let damage):
      guard width > 0, height > 0, bytes.count == width * height * 4 else {
        throw SDLError(
          function: "SDL_UpdateTexture",
          message: "\(bytes.count) bytes do not make a \(width)×\(height) RGBA8 frame")
      }
      try texture.upload(bytes, width: width, height: height, damage: damage)
    case .bitmap(let bitmap, let damage):
      let ctx = bitmap.context
      if damage.isEmpty && texture.width == ctx.width && texture.height == ctx.height {
        uploaded = false
        break
      }
      let bytes = UnsafeRawBufferPointer(start: ctx.data, count: ctx.width * ctx.height * 4)
      try texture.upload(bytes, width: ctx.width, height: ctx.height, damage: damage)
    }
    return uploaded ? texture.lastUploadedPixelCount : 0
  }

  /// Draws the streaming texture at the top-left corner of a black backbuffer.
  func copyTextureToBackbuffer() throws(SDLError) {
    let renderer = try requireRenderer("SDL_RenderCopy")
    // The texture covers the window in the usual case: then no clear is needed.
    let output = size
    let covered =
      texture.map { $0.width >= output.pixelWidth && $0.height >= output.pixelHeight } ?? false
    if !covered {
      try SDLCall.check("SDL_SetRenderDrawColor") { SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255) }
      try SDLCall.check("SDL_RenderClear") { SDL_RenderClear(renderer) }
    }
    if let texture, let sdlTexture = texture.texture {
      var destination = SDL_Rect(x: 0, y: 0, w: Int32(texture.width), h: Int32(texture.height))
      try SDLCall.check("SDL_RenderCopy") {
        SDL_RenderCopy(renderer, sdlTexture, nil, &destination)
      }
    }
  }

  /// Reads the backbuffer drawn by ``draw(_:)`` back as an opaque image
  /// (`SDL_RenderReadPixels`). Call it before ``present()``: after presenting, the
  /// backbuffer's contents are undefined.
  public func readPixels() throws(SDLError) -> CGImage {
    if let thread = try glThread("glReadPixels") {
      return try thread.sync { (presenter) throws(SDLError) in try presenter.readPixels() }
    }
    let renderer = try requireRenderer("SDL_RenderReadPixels")
    let size = self.size
    let width = size.pixelWidth
    let height = size.pixelHeight
    guard width > 0, height > 0 else {
      throw SDLError(function: "SDL_RenderReadPixels", message: "the framebuffer is empty")
    }
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    let code = bytes.withUnsafeMutableBytes { raw in
      SDL_ClearError()
      return SDL_RenderReadPixels(
        renderer, nil, SDL_PIXELFORMAT_RGBA32.rawValue,
        raw.baseAddress, Int32(width * 4))
    }
    if code < 0 { throw SDLError(function: "SDL_RenderReadPixels", message: SDLCall.lastError()) }
    // The window is opaque; some backbuffer formats leave the alpha byte undefined.
    for i in stride(from: 3, to: bytes.count, by: 4) { bytes[i] = 255 }
    guard let image = CGImage(width: width, height: height, premultipliedRGBA: bytes) else {
      throw SDLError(
        function: "SDL_RenderReadPixels",
        message: "framebuffer of \(width)×\(height) exceeds the image size limit")
    }
    return image
  }

  /// Shows the drawn backbuffer (`SDL_RenderPresent`, or a GL swap on the present
  /// thread), waiting for vsync when enabled.
  public func present() {
    _ = presentNow()
  }

  /// ``present()``, returning when it returned on `CASystemClock`'s clock.
  func presentNow() -> Double {
    if let thread = try? glThread("SDL_GL_SwapWindow") {
      return (try? thread.sync { $0.swap() }) ?? Self.pacingNow()
    }
    if let renderer { SDL_RenderPresent(renderer) }
    return Self.pacingNow()
  }

  /// Runs one frame: delivers pending events, asks `frame` for pixels, draws and presents.
  ///
  /// A quit or close request among the events clears ``isRunning`` but the frame is still
  /// drawn; the caller decides whether to go on.
  ///
  /// - Returns: the frame's information.
  @discardableResult
  public func step(onEvent: (HostEvent) -> Void = { _ in }, frame: (FrameInfo) -> FrameOutput)
    throws(SDLError) -> FrameInfo
  {
    try requireOpen("SDL_RenderPresent")
    let iterationStart = Self.pacingNow()
    if deliverEvents(to: onEvent) { isRunning = false }
    return try drawFrame(frame, iterationStart: iterationStart)
  }

  /// Runs frames until ``stop()`` is called or a quit or close request arrives.
  ///
  /// Each iteration delivers pending events to `onEvent`, then — unless they stopped the
  /// loop — calls `frame` with the clock's time and the framebuffer size, uploads what it
  /// returns and presents. With ``Configuration/maximumFrameRate`` set, the loop sleeps
  /// away what is left of each frame's share of a second.
  ///
  /// - Throws: ``SDLError`` when drawing fails; the loop stops first.
  public func run(onEvent: (HostEvent) -> Void = { _ in }, frame: (FrameInfo) -> FrameOutput)
    throws(SDLError)
  {
    isRunning = true
    defer { isRunning = false }
    let frequency = Double(SDL_GetPerformanceFrequency())
    // At least one frame a second, so a tiny rate cannot stall the loop.
    let budget = configuration.maximumFrameRate.map { $0 > 0 ? 1 / max(1, $0) : 0 } ?? 0
    while isRunning {
      let started = SDL_GetPerformanceCounter()
      try requireOpen("SDL_RenderPresent")
      let iterationStart = Self.pacingNow()
      if deliverEvents(to: onEvent) || !isRunning { break }
      try drawFrame(frame, iterationStart: iterationStart)
      let elapsed = Double(SDL_GetPerformanceCounter() &- started) / frequency
      if budget > elapsed { SDL_Delay(UInt32((budget - elapsed) * 1000)) }
    }
  }

  /// Hands every pending event to `handler`.
  ///
  /// - Returns: whether a quit or close request was among them.
  func deliverEvents(to handler: (HostEvent) -> Void) -> Bool {
    var quitRequested = false
    for event in pollEvents() {
      handler(event)
      switch event {
      case .quit, .closeRequested: quitRequested = true
      default: break
      }
    }
    return quitRequested
  }

  /// Asks `frame` for the next frame's pixels, then uploads, draws and presents them, or
  /// does nothing more when the frame is unchanged and the window needs no redraw.
  @discardableResult
  private func drawFrame(_ frame: (FrameInfo) -> FrameOutput, iterationStart: Double)
    throws(SDLError) -> FrameInfo
  {
    let info = nextFrameInfo()
    var stats = HostFrameStatistics()
    let started = Self.seconds()
    let output = frame(info)
    let framed = Self.seconds()
    stats.frame = framed - started
    if case .unchanged = output, !needsRedraw {
      // Nothing new and nothing lost: the window keeps showing the last presented frame.
    } else {
      stats.uploadedPixels = try drawCounted(output)
      let drawn = Self.seconds()
      let presentTime = presentNow()
      recordPresent(at: presentTime, iterationStart: iterationStart, inputs: takePendingInputs())
      needsRedraw = false
      stats.upload = drawn - framed
      stats.present = Self.seconds() - drawn
      stats.presented = true
      lastPresentedFrame = info.index
    }
    lastFrameStatistics = stats
    previousFrameTime = info.time
    frameIndex += 1
    return info
  }

  /// Seconds since an arbitrary origin (SDL's performance counter).
  static func seconds() -> Double {
    Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
  }

  /// Makes ``run(onEvent:frame:)`` return after the current frame.
  public func stop() {
    isRunning = false
  }
}
