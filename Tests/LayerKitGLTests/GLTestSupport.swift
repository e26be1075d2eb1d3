import Foundation
import LayerKit
import LayerKitGL

/// Makes GL backends for the tests: a machine where EGL cannot be loaded fails the test
/// with the loader's message (CI installs Mesa), it never passes silently.
enum GLTestSupport {
  static func backend(textureBudget: Int = 256 << 20) throws -> GLRenderBackend {
    try GLRenderBackend(textureBudget: textureBudget)
  }

  /// `root`'s model tree rendered at `scale` by the CPU compositor and by `gl`.
  static func renderBoth(_ root: CALayer, gl: GLRenderBackend, scale: CGFloat = 1) -> (
    cpu: CGImage, gpu: CGImage
  ) {
    let w = Int((root.bounds.width * scale).rounded(.up))
    let h = Int((root.bounds.height * scale).rounded(.up))
    let cpu = CARenderer(layer: root).render(width: w, height: h, scale: scale)
    let gpu = CARenderer(layer: root, backend: gl).render(width: w, height: h, scale: scale)
    return (cpu, gpu)
  }

  /// Plays `count` frames `step` seconds apart: advances `context`, renders through `gl`
  /// into `target` and collects each frame's counts.
  static func play(
    _ count: Int, step: Double, context: CAContext, gl: GLRenderBackend, into target: CGContext
  ) -> [GLRenderBackend.FrameStatistics] {
    let renderer = CARenderer(context: context, backend: gl)
    return (0..<count).map { _ in
      context.advance(by: step)
      renderer.render(in: target, scale: 1)
      return gl.lastFrame
    }
  }

  /// Writes both frames' bytes as `<name>-cpu.rgba` and `<name>-gl.rgba` into the folder
  /// `LAYERKIT_GL_DUMP` names, when it is set (to look at a failing comparison).
  static func dump(_ frames: (cpu: CGImage, gpu: CGImage), name: String) throws {
    guard let dir = ProcessInfo.processInfo.environment["LAYERKIT_GL_DUMP"] else { return }
    try Data(frames.cpu.pixels).write(to: URL(fileURLWithPath: "\(dir)/\(name)-cpu.rgba"))
    try Data(frames.gpu.pixels).write(to: URL(fileURLWithPath: "\(dir)/\(name)-gl.rgba"))
  }
}
