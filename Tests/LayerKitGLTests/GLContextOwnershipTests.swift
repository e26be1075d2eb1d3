import CEGL
import Foundation
import LayerKit
import Testing

@testable import LayerKitGL

/// GL object names belong to one context: a program, a texture or an offscreen target
/// is deleted only while its own context is current. Released where it cannot be made
/// current (a window's context on another thread), it is left to go with its context
/// rather than deleting whatever objects of another context bear the same names.
@Suite struct GLContextOwnershipTests {
  /// A real context whose `makeCurrent()` can be made to answer "not here".
  private final class SwitchableContext: GLDrawingContext {
    let base: GLHeadlessContext
    var reachable = true
    init(_ base: GLHeadlessContext) { self.base = base }
    var gl: GLFunctions { base.gl }
    var driver: GLDriverInfo { base.driver }
    var platform: String { base.platform }
    func makeCurrent() -> Bool { reachable && base.makeCurrent() }
  }

  /// Whether `id` names a program in the context current on this thread.
  private func isProgram(_ id: GLuint, _ gl: GLFunctions) -> Bool {
    _ = gl.glGetError()
    var status: GLint = -1
    gl.glGetProgramiv(id, GLenum(GL_LINK_STATUS), &status)
    return gl.glGetError() == GLenum(GL_NO_ERROR)
  }

  @Test func programsAreDeletedOnlyWhereTheirContextIsCurrent() throws {
    let base = try GLHeadlessContext(library: GLLibrary())
    let context = SwitchableContext(base)
    let gl = base.gl

    var kept: GLLayerProgram? = try GLLayerProgram(context)
    var keptBlend: GLBlendProgram? = try GLBlendProgram(context)
    let keptIDs = [kept!.id] + keptBlend!.programIDs
    context.reachable = false
    keptBlend = nil
    kept = nil
    base.makeCurrent()
    for id in keptIDs { #expect(isProgram(id, gl), "program \(id) was deleted") }

    context.reachable = true
    var gone: GLLayerProgram? = try GLLayerProgram(context)
    let goneID = gone!.id
    gone = nil
    #expect(!isProgram(goneID, gl))
  }
}

/// Backends on different threads, each with its own headless context, render at the same
/// time: their uploads, draws and read-backs must not meet inside the driver.
@Suite struct GLConcurrentBackendTests {
  /// A 48×48 frame with a shape whose path changes every frame (rasterized and uploaded),
  /// a rounded clip and a shadow, read back.
  private static func renderFrames(_ count: Int, seed: Int) throws -> Int {
    var gl = try GLTestSupport.backend()
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 48, height: 48)
    root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    let shape = CAShapeLayer()
    shape.frame = CGRect(x: 4, y: 4, width: 40, height: 40)
    shape.cornerRadius = 6
    shape.masksToBounds = true
    shape.fillColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
    root.addSublayer(shape)
    let masked = CALayer()
    masked.frame = CGRect(x: 8, y: 24, width: 36, height: 20)
    masked.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
    masked.shadowOpacity = 0.5
    masked.shadowRadius = 3
    let mask = CAShapeLayer()
    mask.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 36, height: 20), transform: nil)
    masked.mask = mask
    root.addSublayer(masked)
    // More textures than one of the driver's per-frame reference lists holds (32).
    var dots: [CAShapeLayer] = []
    for k in 0..<48 {
      let dot = CAShapeLayer()
      dot.frame = CGRect(x: (k % 8) * 6, y: (k / 8) * 8, width: 5, height: 5)
      dot.fillColor = CGColor(red: CGFloat(k) / 48, green: 0.5, blue: 0.5, alpha: 1)
      root.addSublayer(dot)
      dots.append(dot)
    }
    var gpuFrames = 0
    for i in 0..<count {
      if i % 10 == 9 { gl = try GLTestSupport.backend() }
      let r = CGFloat(4 + (i + seed) % 16)
      for (k, dot) in dots.enumerated() {
        let d = CGFloat(1 + (i + k) % 4)
        dot.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: d, height: d), transform: nil)
      }
      shape.path = CGPath(
        ellipseIn: CGRect(x: 20 - r, y: 20 - r, width: 2 * r, height: 2 * r), transform: nil)
      let image = CARenderer(layer: root, backend: gl).render(width: 48, height: 48, scale: 1)
      if !gl.lastFrame.cpuFrame, image.width == 48 { gpuFrames += 1 }
    }
    return gpuFrames
  }

  @Test func backendsOnFourThreadsRenderAtTheSameTime() throws {
    let threads = 4
    let frames = 60
    let results = LockedArray()
    let group = DispatchGroup()
    for t in 0..<threads {
      group.enter()
      let thread = Thread {
        results.append((try? Self.renderFrames(frames, seed: t)) ?? -1)
        group.leave()
      }
      thread.start()
    }
    group.wait()
    #expect(results.values.sorted() == Array(repeating: frames, count: threads))
  }

  @Test func workOnSoftwareRasterizerContextsIsKeptApart() throws {
    // Each thread uses only its own context.
    nonisolated(unsafe) let contexts = try (0..<2).map { _ in
      try GLHeadlessContext(library: GLLibrary())
    }
    #expect(contexts[0].driver.isSoftwareRasterizer == contexts[0].renderer.hasPrefix("llvmpipe"))
    try #require(contexts[0].driver.isSoftwareRasterizer, "CI renders with llvmpipe")
    // Two threads, each in its own context's stretch of work 100 times: never both inside.
    let overlap = Overlap()
    DispatchQueue.concurrentPerform(iterations: 2) { t in
      for _ in 0..<100 {
        contexts[t].exclusively {
          overlap.enter()
          var x = UInt64(t)
          for i in 0..<100_000 { x = x &* 6_364_136_223_846_793_005 &+ UInt64(i) }
          overlap.leave(x)
        }
      }
    }
    #expect(overlap.most == 1)
  }

  /// How many threads were inside at once, at most.
  private final class Overlap: @unchecked Sendable {
    private let lock = NSLock()
    private var inside = 0
    private var sink: UInt64 = 0
    private(set) var most = 0
    func enter() {
      lock.withLock {
        inside += 1
        most = max(most, inside)
      }
    }
    func leave(_ value: UInt64) {
      lock.withLock {
        inside -= 1
        sink ^= value
      }
    }
  }

  private final class LockedArray: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []
    func append(_ value: Int) { lock.withLock { stored.append(value) } }
    var values: [Int] { lock.withLock { stored } }
  }
}
