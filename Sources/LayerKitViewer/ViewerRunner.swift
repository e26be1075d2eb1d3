import Foundation
import LayerKitDemos

/// Does what a ``ViewerAction`` asks.
enum ViewerRunner {
  static func perform(_ action: ViewerAction) throws(ViewerError) {
    switch action {
    case .list:
      for demo in DemoCatalog.all {
        print("\(demo.name)\t\(demo.title) (\(demo.duration) s)")
      }
    case .renderOne(let demo, let time, let size, let out):
      try HeadlessRenderer.renderOne(demo: demo, time: time, size: size, out: out)
    case .renderAll(let time, let size, let out):
      try HeadlessRenderer.renderAll(time: time, size: size, out: out)
    case .renderFrames(let demo, let count, let fps, let size, let out):
      try HeadlessRenderer.renderFrames(demo: demo, count: count, fps: fps, size: size, out: out)
    case .export(let options):
      try HeadlessRenderer.export(options)
    case .renderLottie(let file, let progress, let size, let out):
      try HeadlessRenderer.renderLottie(file: file, progress: progress, size: size, out: out)
    case .exportLottie(let file, let duration, let fps, let size, let out):
      try HeadlessRenderer.exportLottie(
        file: file, duration: duration, fps: fps, size: size, out: out)
    case .interactive(let options):
      try InteractiveViewer(options).run()
    }
  }

  /// Parses `arguments`, runs, and exits: 0 on success (help included), 64 for bad
  /// arguments, 1 when the work failed; messages go to standard error prefixed with the
  /// program's name.
  static func main(_ arguments: [String]) -> Never {
    do {
      var command = try ViewerCommand.parseAsRoot(arguments)
      try command.run()
      exit(0)
    } catch let error as ViewerError {
      fail("\(error)", status: error.exitStatus)
    } catch {
      let code = ViewerCommand.exitCode(for: error)
      if code == .success { ViewerCommand.exit(withError: error) }
      fail(ViewerCommand.message(for: error), status: code.rawValue)
    }
  }

  private static func fail(_ message: String, status: Int32) -> Never {
    var text = "layerkit-viewer: \(message)\n"
    if status == 64 { text += "run 'layerkit-viewer --help' for usage\n" }
    FileHandle.standardError.write(Data(text.utf8))
    exit(status)
  }
}
