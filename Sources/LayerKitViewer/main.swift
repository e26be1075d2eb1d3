// layerkit-viewer: shows the LayerKit demos in a window, or renders them to PNG files.
import Foundation
import LayerKitDemos
import LayerKitSDL
import Logging

// Diagnostics reach standard error at the level LAYERKIT_LOG names (debug shows them all).
LoggingSystem.bootstrap(LayerKitLog.handler)

func runViewer(_ arguments: [String]) throws(ViewerError) {
  switch try ViewerCommand.parse(arguments) {
  case .help:
    print(ViewerCommand.usage)
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
  case .interactive(let options):
    try InteractiveViewer(options).run()
  }
}

do {
  try runViewer(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("layerkit-viewer: \(error)\n".utf8))
  if error.exitStatus == 64 {
    FileHandle.standardError.write(Data("run 'layerkit-viewer --help' for usage\n".utf8))
  }
  exit(error.exitStatus)
}
