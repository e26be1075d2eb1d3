import LayerKitDemos
import LayerKitExport

extension ViewerCommand {
  /// The flags checked against each other: which mode they ask for, or a usage error that
  /// says what to change.
  func action() throws(ViewerError) -> ViewerAction {
    if scene.list { return .list }
    let size = scene.size ?? Self.defaultSize
    let pixels = ViewerAction.PixelSize(
      width: size.width, height: size.height, scale: files.scale ?? 1)
    guard pixels.pixelWidth <= ViewerArgument.maximumPixels,
      pixels.pixelHeight <= ViewerArgument.maximumPixels
    else {
      throw .invalidValue(
        option: "--size", value: "\(size.width)x\(size.height) at scale \(pixels.scale)",
        expected: "at most \(ViewerArgument.maximumPixels) pixels per side")
    }
    if let file = try lottieFile() { return try lottieAction(file, pixels) }
    if files.progress != nil {
      throw .conflictingOptions("--progress only goes with a Lottie file (--lottie FILE.json)")
    }
    if let demo = scene.demo { try Self.checkDemo(demo) }
    let toFiles = files.out != nil || files.all || export.export != nil
    if toFiles {
      if window.glThread { throw .windowOnly("--gl-thread") }
      if window.backend != .cpu { throw .windowOnly("--backend") }
      if window.quitAfter != nil { throw .windowOnly("--quit-after") }
      if window.screenshot != nil { throw .windowOnly("--screenshot") }
      if !window.vsync { throw .windowOnly("--no-vsync") }
    }
    if let path = export.export { return .export(try exportOptions(path, pixels)) }
    if export.duration != nil { throw .conflictingOptions("--duration only goes with --export") }
    if let count = files.frames {
      if files.all { throw .conflictingOptions("--frames and --all cannot be combined") }
      if files.time != nil { throw .conflictingOptions("--frames starts at time 0; drop --time") }
      guard let fps = files.fps else {
        throw .conflictingOptions("--frames needs --fps F, the frames per second (such as 30)")
      }
      guard let out = files.out else { throw .missingOutput(mode: "--frames") }
      return .renderFrames(demo: scene.demo, count: count, fps: fps, size: pixels, out: out)
    }
    if files.fps != nil {
      throw .conflictingOptions("--fps only goes with --frames or --export")
    }
    if files.all {
      if scene.demo != nil { throw .conflictingOptions("--all and --demo cannot be combined") }
      guard let out = files.out else { throw .missingOutput(mode: "--all") }
      return .renderAll(time: files.time, size: pixels, out: out)
    }
    if let out = files.out {
      guard let demo = scene.demo else {
        throw .conflictingOptions("--out needs --demo NAME, --all or --frames N")
      }
      return .renderOne(demo: demo, time: files.time, size: pixels, out: out)
    }
    if files.time != nil || files.scale != nil {
      throw .conflictingOptions(
        "--time and --scale apply only when rendering to files (--out or --export)")
    }
    return .interactive(windowOptions(size, lottie: nil))
  }

  private func windowOptions(_ size: ViewerArgument.Size, lottie: String?)
    -> ViewerAction.WindowOptions
  {
    .init(
      demo: scene.demo, width: size.width, height: size.height, vsync: window.vsync,
      quitAfterFrames: window.quitAfter, screenshot: window.screenshot, lottie: lottie,
      glThread: window.glThread || window.backend == .gl, backend: window.backend)
  }

  /// The Lottie file named by `--lottie` or the positional argument, if any.
  private func lottieFile() throws(ViewerError) -> String? {
    if let flag = scene.lottie, let file = scene.file {
      throw .conflictingOptions(
        "give the Lottie file once: either \(file) or --lottie \(flag), not both")
    }
    return scene.lottie ?? scene.file
  }

  /// The action for a Lottie file: a PNG (`--out`), an animation (`--export`) or the window.
  private func lottieAction(_ file: String, _ pixels: ViewerAction.PixelSize)
    throws(ViewerError) -> ViewerAction
  {
    for (flag, given) in [
      ("--demo", scene.demo != nil), ("--all", files.all), ("--frames", files.frames != nil),
      ("--time", files.time != nil),
    ] where given {
      throw .conflictingOptions(
        "a Lottie file cannot be combined with \(flag); choose its frame with --progress P")
    }
    let size = scene.size == nil ? nil : pixels
    if files.out != nil || export.export != nil {
      if window.glThread { throw .windowOnly("--gl-thread") }
      if window.backend != .cpu { throw .windowOnly("--backend") }
      if window.quitAfter != nil { throw .windowOnly("--quit-after") }
      if window.screenshot != nil { throw .windowOnly("--screenshot") }
      if !window.vsync { throw .windowOnly("--no-vsync") }
    }
    if let path = export.export {
      if files.out != nil { throw .conflictingOptions("--export and --out cannot be combined") }
      if files.progress != nil {
        throw .conflictingOptions("--export starts at the first frame; drop --progress")
      }
      let fps = try Self.exportFPS(path, files.fps)
      return .exportLottie(
        file: file, duration: export.duration, fps: fps, size: size, out: path)
    }
    if export.duration != nil { throw .conflictingOptions("--duration only goes with --export") }
    if files.fps != nil { throw .conflictingOptions("--fps only goes with --frames or --export") }
    if let out = files.out {
      return .renderLottie(file: file, progress: files.progress ?? 0.5, size: size, out: out)
    }
    if files.progress != nil || files.scale != nil {
      throw .conflictingOptions(
        "--progress and --scale apply only when rendering to files (--out or --export)")
    }
    return .interactive(windowOptions(scene.size ?? Self.defaultSize, lottie: file))
  }

  private func exportOptions(_ path: String, _ pixels: ViewerAction.PixelSize)
    throws(ViewerError) -> ViewerAction.ExportOptions
  {
    guard let demo = scene.demo else {
      throw .conflictingOptions("--export needs --demo NAME (see --list)")
    }
    for (flag, given) in [
      ("--out", files.out != nil), ("--all", files.all), ("--frames", files.frames != nil),
      ("--time", files.time != nil),
    ] where given {
      throw .conflictingOptions("--export and \(flag) cannot be combined")
    }
    let fps = try Self.exportFPS(path, files.fps)
    return .init(demo: demo, duration: export.duration, fps: fps, size: pixels, out: path)
  }

  /// The frame rate of an export to `path` (`--fps`, default 25), checked against its format.
  private static func exportFPS(_ path: String, _ given: Double?) throws(ViewerError) -> Double {
    guard let format = AnimationFormat(path: path) else {
      throw .invalidValue(
        option: "--export", value: path, expected: "a file name ending in .gif, .webp or .mp4")
    }
    let fps = given ?? defaultExportFPS
    if format == .gif, fps > AnimatedGIFWriter.maximumFrameRate {
      throw .export(
        .unsupportedFrameRate(format: "GIF", fps: fps, maximum: AnimatedGIFWriter.maximumFrameRate))
    }
    return fps
  }

  /// Throws the list of demos when `name` is not one of them.
  static func checkDemo(_ name: String) throws(ViewerError) {
    guard DemoCatalog.demo(named: name) != nil else {
      throw .unknownDemo(name, available: DemoCatalog.all.map(\.name))
    }
  }
}
