import CSDL2
import Foundation
import Testing

@testable import LayerKit
@testable import LayerKitSDL

extension SDLVideoTests {
  /// Presenting from a render thread through GL, and the fallback to the main thread's
  /// `SDL_Renderer` when there is no GL.
  @Suite struct GLPresentationTests {
    typealias Support = SDLVideoTests

    static func openHost(driver: String, size: CGSize = CGSize(width: 64, height: 48)) throws
      -> LayerHost
    {
      try LayerHost(
        configuration: .init(
          title: "LayerKit GL test", size: size, vsync: false, videoDriver: driver,
          maximumFrameRate: nil, presentation: .renderThread))
    }

    /// Runs `body` on a new thread and waits for it.
    static func onOtherThread(_ body: @escaping @Sendable () -> Void) {
      let done = DispatchSemaphore(value: 0)
      let thread = Thread {
        body()
        done.signal()
      }
      thread.start()
      done.wait()
    }

    /// An opaque bitmap filled with one colour.
    static func bitmap(_ rgba: (UInt8, UInt8, UInt8), width: Int = 64, height: Int = 48)
      -> FrameBitmap
    {
      let bitmap = CGContext(width: width, height: height).flatMap(FrameBitmap.init)!
      fill(bitmap, CGRect(x: 0, y: 0, width: width, height: height), rgba)
      return bitmap
    }

    static func fill(_ bitmap: FrameBitmap, _ rect: CGRect, _ rgba: (UInt8, UInt8, UInt8)) {
      let ctx = bitmap.context
      let px = ctx.data!.assumingMemoryBound(to: UInt8.self)
      for y in Int(rect.minY)..<Int(rect.maxY) {
        for x in Int(rect.minX)..<Int(rect.maxX) {
          let i = (y * ctx.width + x) * 4
          (px[i], px[i + 1], px[i + 2], px[i + 3]) = (rgba.0, rgba.1, rgba.2, 255)
        }
      }
    }

    @Test func withoutGLTheHostFallsBackToTheMainThreadRendererAndSaysWhy() throws {
      _ = CADiagnostics.drain()
      // SDL's dummy driver has no GL: the OpenGL window cannot be made.
      let host = try Self.openHost(driver: "dummy")
      defer { host.close() }
      #expect(!host.presentsFromRenderThread)
      #expect(host.rendererName != "gl-thread")
      let reason = try #require(host.presentationFallback)
      #expect(reason.contains("SDL_CreateWindow") || reason.contains("GL"))
      let notes = CADiagnostics.recorded.filter { $0.key == "presentation" }
      #expect(notes.count == 1)
      #expect(host.takePresenter() == nil)
      // Today's path still works: draw, read back, present.
      try host.draw(.image(Support.solid([0, 200, 0, 255], width: 64, height: 48)))
      #expect(try host.readPixels().pixel(x: 5, y: 5) == (0, 200, 0, 255))
      host.present()
    }

    @Test(Support.windowTests) func aRenderThreadPresentsTheDamagedRectanglesOfABitmap() throws {
      let host = try Self.openHost(driver: "x11")
      defer { host.close() }
      guard host.presentsFromRenderThread else {
        // Xvfb without GLX: the fallback is the answer, and it says why.
        #expect(host.presentationFallback != nil)
        return
      }
      #expect(host.presentationFallback == nil)
      let presenter = try #require(host.takePresenter())
      #expect(host.takePresenter() == nil)
      #expect(throws: SDLError.self) { try host.draw(.unchanged) }
      let first = Self.bitmap((200, 0, 0))
      let second = Self.bitmap((200, 0, 0))
      Self.fill(second, CGRect(x: 8, y: 4, width: 10, height: 6), (0, 0, 250))
      // The second frame's damage covers only its left half of the blue box: the rest of
      // the box stays red on screen, which proves only damage goes up.
      let damage = [CGRect(x: 8, y: 4, width: 5, height: 6)]
      nonisolated(unsafe) var outcome: Result<[CGImage], SDLError>?
      nonisolated(unsafe) var uploads: [Int] = []
      nonisolated(unsafe) var presentTimes: [Double] = []
      Self.onOtherThread {
        do throws(SDLError) {
          try presenter.activate()
          defer { presenter.deactivate() }
          // The host asked for no vsync: interval 0, and nothing to fall back from.
          #expect(!presenter.isVsyncEnabled && presenter.vsyncFallback == nil)
          try presenter.draw(.bitmap(first, damage: []))
          uploads.append(presenter.lastUploadedPixelCount)
          let a = try presenter.readPixels()
          presentTimes.append(presenter.swap())
          try presenter.draw(.bitmap(second, damage: damage))
          uploads.append(presenter.lastUploadedPixelCount)
          let b = try presenter.readPixels()
          presentTimes.append(presenter.swap())
          outcome = .success([a, b])
        } catch {
          outcome = .failure(error)
        }
      }
      let images = try #require(try outcome?.get())
      // A new texture uploads everything, whatever the damage says; then only the damage.
      #expect(uploads == [64 * 48, 5 * 6])
      #expect(presentTimes.count == 2 && presentTimes[1] >= presentTimes[0])
      #expect(images[0].width == 64 && images[0].height == 48)
      #expect(images[0].pixel(x: 0, y: 0) == (200, 0, 0, 255))
      #expect(images[0].pixel(x: 10, y: 5) == (200, 0, 0, 255))
      #expect(images[1].pixel(x: 10, y: 5) == (0, 0, 250, 255))  // damaged: blue
      #expect(images[1].pixel(x: 15, y: 5) == (200, 0, 0, 255))  // not damaged: still red
      #expect(images[1].pixel(x: 10, y: 20) == (200, 0, 0, 255))
    }

    @Test(Support.windowTests) func vsyncIsEitherGrantedOrItsRefusalIsKept() throws {
      let host = try LayerHost(
        configuration: .init(
          size: CGSize(width: 32, height: 24), vsync: true, videoDriver: "x11",
          presentation: .renderThread))
      defer { host.close() }
      guard let presenter = host.takePresenter() else { return }
      nonisolated(unsafe) var state: (enabled: Bool, fallback: String?)?
      Self.onOtherThread {
        guard (try? presenter.activate()) != nil else { return }
        state = (presenter.isVsyncEnabled, presenter.vsyncFallback)
        presenter.deactivate()
      }
      let (enabled, fallback) = try #require(state)
      // Interval 1 took, or interval 0 is in use and SDL's reason is kept (never both).
      #expect(enabled != (fallback != nil))
    }

    @Test(Support.windowTests) func aPresenterActiveOnOneThreadCannotBeTakenByAnother() throws {
      let host = try Self.openHost(driver: "x11")
      defer { host.close() }
      guard host.presentsFromRenderThread else { return }
      // Frames drawn through the host start its present thread, which holds the context.
      try host.draw(.image(Support.solid([1, 2, 3, 255], width: 64, height: 48)))
      host.present()
      let presenter = try #require(host.takePresenter())  // stops the host's thread first
      nonisolated(unsafe) var second: SDLError?
      let firstActive = DispatchSemaphore(value: 0)
      let secondTried = DispatchSemaphore(value: 0)
      let released = DispatchSemaphore(value: 0)
      let first = Thread {
        do throws(SDLError) {
          try presenter.activate()
        } catch {
          second = error  // not expected; reported below
        }
        firstActive.signal()
        secondTried.wait()
        presenter.deactivate()
        released.signal()
      }
      first.start()
      firstActive.wait()
      #expect(second == nil)
      Self.onOtherThread {
        do throws(SDLError) {
          try presenter.activate()
        } catch {
          second = error
        }
      }
      secondTried.signal()
      released.wait()  // the context is released before the host closes
      #expect(second?.message == "the presenter is active on another thread")
    }

    @Test(Support.windowTests) func theHostsFrameLoopPresentsOnItsGLThreadAndRecordsPacing()
      throws
    {
      let host = try Self.openHost(driver: "x11")
      defer { host.close() }
      guard host.presentsFromRenderThread else { return }
      _ = host.pollEvents()
      var key = SDL_Event()
      key.key.type = SDL_KEYDOWN.rawValue
      key.key.windowID = host.windowID
      Support.push(key)
      let bitmap = Self.bitmap((0, 0, 0))
      // Inputs polled before the loop (the X server's, on mapping the window) wait for the
      // first presented frame too.
      var inputs = host.pendingInputArrivals.count
      try host.run(
        onEvent: { event in if event.isInput { inputs += 1 } },
        prepare: { info in if info.index == 4 { host.stop() } },
        frame: { info in
          let v = UInt8(40 * (info.index + 1))
          Self.fill(bitmap, CGRect(x: 0, y: 0, width: 64, height: 48), (v, v, v))
          return .bitmap(bitmap, damage: [CGRect(x: 0, y: 0, width: 64, height: 48)])
        })
      #expect(host.lastPresentedFrame == 4)
      #expect(host.framePacing.frameCount == 5)
      // Every input delivered (the key pushed, and whatever the X server sent) is shown by
      // a presented frame, and each latency is measured from its arrival.
      #expect(inputs >= 1)
      #expect(host.pendingInputArrivals.isEmpty)
      #expect(host.framePacing.inputLatencies.count == inputs)
      #expect(host.framePacing.inputLatencies.allSatisfy { $0 >= 0 && $0 < 60 })
      // The texture still holds frame 4: draw it again and read it back.
      try host.draw(.unchanged)
      #expect(try host.readPixels().pixel(x: 30, y: 30) == (200, 200, 200, 255))
    }

    /// A context run with a render server: the app thread commits, the render thread
    /// draws and presents through GL, and the layers' own drawing stays on this thread.
    @Test(Support.windowTests) func aServedContextIsDrawnOnTheRenderThread() throws {
      final class Drawn: CALayer, @unchecked Sendable {
        // Sendable: `threads` is touched under `lock`.
        let lock = NSLock()
        var threads: [Thread] = []
        override func draw(in ctx: CGContext) {
          lock.withLock { threads.append(Thread.current) }
          ctx.setFillColor(CGColor(red: 0, green: 0.5, blue: 1, alpha: 1))
          ctx.fill(bounds)
        }
      }
      let host = try Self.openHost(driver: "x11")
      defer { host.close() }
      guard host.presentsFromRenderThread else { return }
      let context = CAContext()
      let root = Drawn()
      context.layer = root
      root.setNeedsDisplay()
      var iterations = 0
      let served = try host.runServed(
        context: context, onEvent: { _ in },
        prepare: { info in
          iterations += 1
          LayerHost.fit(root, to: info)
          context.advance(by: 0)
          // Until the render thread has shown a frame (at most 10 s of iterations).
          if host.framePacing.frameCount > 0 || iterations > 600 { host.stop() }
        })
      #expect(served)
      #expect(host.framePacing.frameCount > 0)
      #expect(!host.presentsFromRenderThread || host.takePresenter() == nil)
      let threads = root.lock.withLock { root.threads }
      #expect(!threads.isEmpty)
      #expect(threads.allSatisfy { $0 === Thread.current })
      // A second loop has no presenter to take: it declines and does nothing.
      #expect(try !host.runServed(context: context, onEvent: { _ in }, prepare: { _ in }))
    }

    @Test func theMainThreadLoopRecordsPacingForEveryPresentedFrame() throws {
      let host = try Support.openHost(driver: "dummy", size: CGSize(width: 32, height: 24))
      defer { host.close() }
      _ = host.pollEvents()
      var key = SDL_Event()
      key.key.type = SDL_KEYDOWN.rawValue
      key.key.windowID = host.windowID
      Support.push(key)
      Support.push(key)
      let image = Support.solid([9, 9, 9, 255], width: 32, height: 24)
      try host.run(frame: { info in
        if info.index == 5 { host.stop() }
        // Frames 2 and 3 bring nothing new: nothing is presented, nothing recorded.
        return info.index == 2 || info.index == 3 ? .unchanged : .image(image)
      })
      #expect(host.framePacing.frameCount == 4)
      #expect(host.framePacing.inputLatencies.count == 2)
      #expect(host.framePacing.refreshPeriod == host.refreshPeriod)
      let frames = host.framePacing.frames
      // Each frame is expected one period after the previous present or its start.
      for (previous, next) in zip(frames, frames.dropFirst()) {
        #expect(next.expectedPresentTime >= previous.presentTime + host.refreshPeriod - 1e-9)
      }
    }
  }
}
