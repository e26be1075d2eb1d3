import Foundation
import LayerKitDemos
import LayerKitGL
import Testing

@testable import LayerKit
@testable import LayerKitSDL

extension SDLVideoTests {
  /// A frame composited by `GLRenderBackend` on the window's own GL context and drawn into
  /// the window on the GPU: the same pixels as the read-back path, and nothing read back
  /// or uploaded on the way.
  @Suite struct GLDirectPresentTests {
    typealias Support = SDLVideoTests
    typealias Window = GLPresentationTests
    static let size = (width: 160, height: 120)

    /// A demo, paused at 40 % of its duration, in a context of `size` on a manual clock.
    static func demoScene(_ name: String) throws -> (CAContext, SceneDriver) {
      let type = try #require(DemoCatalog.sceneTypes.first { $0.name == name })
      SceneRenderer.installFonts()
      let (_, driver) = SceneDriver.onManualClock(
        type, size: CGSize(width: size.width, height: size.height))
      driver.seek(to: driver.duration * 0.4)
      driver.context.advance(by: 0)
      return (driver.context, driver)
    }

    /// Runs `body` with `host`'s presenter active on another thread; nil when the host has
    /// no GL window (Xvfb without GL: the fallback test covers it).
    static func withPresenter<T>(
      _ host: LayerHost, _ body: @escaping (GLWindowPresenter) throws -> T
    ) throws -> T? {
      guard host.presentsFromRenderThread else {
        #expect(host.presentationFallback != nil)
        return nil
      }
      let presenter = try #require(host.takePresenter())
      nonisolated(unsafe) var outcome: Result<T, any Error>?
      nonisolated(unsafe) let run = body
      Window.onOtherThread {
        do {
          try presenter.activate()
          defer { presenter.deactivate() }
          outcome = .success(try run(presenter))
        } catch {
          outcome = .failure(error)
        }
      }
      return try #require(outcome).get()
    }

    /// The window's opaque pixels against a premultiplied frame: equal colour bytes.
    static func sameColours(_ window: CGImage, _ frame: CGImage) -> Int {
      let a = window.pixels
      let b = frame.pixels
      guard a.count == b.count else { return -1 }
      var differing = 0
      for i in stride(from: 0, to: a.count, by: 4)
      where a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] {
        differing += 1
      }
      return differing
    }

    @Test(
      Support.windowTests,
      arguments: [
        "implicit-animations", "perspective-cards", "chat-bubbles", "shadow-corners",
        "blend-modes", "particles",
      ])
    func theWindowShowsTheReadBackPathsPixels(_ name: String) throws {
      let host = try Window.openHost(
        driver: "x11", size: CGSize(width: Self.size.width, height: Self.size.height))
      defer { host.close() }
      let (context, driver) = try Self.demoScene(name)
      let (w, h) = Self.size
      // The read-back path: a headless backend, its damage read into a bitmap.
      let readBack = CARenderer(context: context, backend: try GLRenderBackend())
        .render(width: w, height: h, scale: 1)
      nonisolated(unsafe) let shared = context
      let frames = try Self.withPresenter(host) { presenter in
        let direct = try GLRenderBackend(hostContext: presenter.hostContext)
        direct.readsBackFrames = false
        let bitmap = try #require(CGContext(width: w, height: h))
        CARenderer(context: shared, backend: direct).render(in: bitmap, scale: 1)
        let target = try #require(direct.frameTarget)
        try presenter.draw(target)
        #expect(presenter.lastUploadedPixelCount == 0)
        #expect(direct.lastFrame.readBackBytes == 0 && direct.bytesReadBack == 0)
        let window = try presenter.readPixels()
        let texture = try #require(direct.readPixels())
        return (window, texture, direct.lastFrame)
      }
      guard let (window, texture, stats) = frames else { return }
      #expect(window.width == w && window.height == h)
      // The window shows the backend's texture exactly.
      #expect(Self.sameColours(window, texture) == 0, "\(name)")
      // The window's context is desktop GL and compiles the shaders as GLSL 3.30 core; the
      // read-back path's headless context is GLES and compiles them as ES 3.00. llvmpipe's
      // two builds of the shadow-blur and blend passes round some pixels one level apart
      // (189 of chat-bubbles', 38 of blend-modes', 5 of shadow-corners' 19,200); every
      // other demo here is the same bytes.
      let largest = zip(texture.pixels, readBack.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
      #expect(largest <= 1, "\(name): largest difference \(largest)")
      // A frame the CPU compositor drew whole reaches the texture as its damage, uploaded.
      if stats.cpuFrame { #expect(stats.uploadedBytes > 0) }
      withExtendedLifetime(driver) {}
    }

    @Test(Support.windowTests)
    func aTransformAndOpacityAnimationReachesTheWindowWithoutReadBackOrUpload() throws {
      let host = try Window.openHost(
        driver: "x11", size: CGSize(width: Self.size.width, height: Self.size.height))
      defer { host.close() }
      let clock = CAManualClock()
      let context = CAContext(clock: clock)
      let root = CALayer()
      root.bounds = CGRect(x: 0, y: 0, width: Self.size.width, height: Self.size.height)
      root.anchorPoint = .zero
      root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
      let card = CALayer()
      card.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
      card.position = CGPoint(x: 80, y: 60)
      card.cornerRadius = 8
      card.backgroundColor = CGColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 1)
      root.addSublayer(card)
      context.layer = root
      let turn = CABasicAnimation(keyPath: "transform.rotation.z")
      turn.fromValue = 0
      turn.toValue = Double.pi
      turn.duration = 1
      let fade = CABasicAnimation(keyPath: "opacity")
      fade.fromValue = 1
      fade.toValue = 0.3
      fade.duration = 1
      card.add(turn, forKey: "turn")
      card.add(fade, forKey: "fade")
      context.commit()
      nonisolated(unsafe) let shared = context
      let result = try Self.withPresenter(host) { presenter in
        let direct = try GLRenderBackend(hostContext: presenter.hostContext)
        direct.readsBackFrames = false
        let renderer = CARenderer(context: shared, backend: direct)
        let bitmap = try #require(CGContext(width: Self.size.width, height: Self.size.height))
        var frames: [(GLRenderBackend.FrameStatistics, Int, CGImage)] = []
        for _ in 0..<6 {
          shared.advance(by: 0.1)
          renderer.render(in: bitmap, scale: 1)
          try presenter.draw(try #require(direct.frameTarget))
          frames.append(
            (direct.lastFrame, presenter.lastUploadedPixelCount, try presenter.readPixels()))
          _ = presenter.swap()
        }
        // The bitmap the renderer was handed was never written: the frame stayed on the GPU.
        let untouched = (0..<(Self.size.width * Self.size.height)).allSatisfy { i in
          bitmap.data!.load(fromByteOffset: i * 4, as: UInt32.self) == 0
        }
        return (frames, direct.bytesReadBack, untouched)
      }
      guard let (frames, bytesReadBack, untouched) = result else { return }
      #expect(bytesReadBack == 0)
      #expect(untouched)
      #expect(frames.allSatisfy { $0.0.readBackBytes == 0 && $0.1 == 0 })
      // The card's texture-free drawing uploads nothing at all, the first frame included.
      #expect(frames.allSatisfy { $0.0.uploadedBytes == 0 })
      #expect(frames.allSatisfy { !$0.0.cpuFrame && $0.0.cpuSubtrees == 0 })
      // Every frame reached the window, and each shows the card turned further.
      for i in 1..<frames.count {
        #expect(frames[i].2.pixels != frames[i - 1].2.pixels, "frame \(i)")
      }
    }

    @Test(Support.windowTests) func theServedLoopCompositesOnTheWindowsContext() throws {
      let host = try Window.openHost(driver: "x11")
      defer { host.close() }
      guard host.presentsFromRenderThread else { return }
      let context = CAContext()
      let root = CALayer()
      let card = CALayer()
      card.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
      card.position = CGPoint(x: 32, y: 24)
      card.backgroundColor = CGColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 1)
      root.addSublayer(card)
      context.layer = root
      let spin = CABasicAnimation(keyPath: "transform.rotation.z")
      spin.fromValue = 0
      spin.toValue = 2 * Double.pi
      spin.duration = 1
      spin.repeatCount = .infinity
      card.add(spin, forKey: "spin")
      var iterations = 0
      let served = try host.runServed(
        context: context, compositor: .gl, onEvent: { _ in },
        prepare: { info in
          iterations += 1
          LayerHost.fit(root, to: info)
          context.advance(by: 0)
          // Until the render thread has shown a few frames (at most 10 s of iterations).
          let shown = host.servedCompositor?.directFrames ?? 0
          if shown >= 3 || iterations > 600 { host.stop() }
        })
      #expect(served)
      let report = try #require(host.servedCompositor)
      #expect(report.path == .glDirect, "\(report)")
      #expect(report.description.hasPrefix("GL, direct to window"))
      #expect(report.directFrames >= 3)
      #expect(report.uploadedFrames == 0 && report.uploadedPixels == 0)
      #expect(report.readBackBytes == 0)
    }
  }
}
