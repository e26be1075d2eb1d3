import ArgumentParser
import Foundation
import LayerKitExport

/// `layerkit-viewer`'s command line: flags grouped by what they apply to, checked into a
/// ``ViewerAction`` by ``action()``.
///
/// A new mode is a new option group (or a flag in one) and a case of ``ViewerAction``
/// chosen in `ViewerCommand+Action.swift`.
struct ViewerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "layerkit-viewer",
    abstract: "Shows the LayerKit demos in a window, or renders them to images and animations.",
    discussion: """
      With no options, opens a window showing the demos (needs a display). With a Lottie \
      file (FILE.json, a dotLottie FILE.lottie, or --lottie FILE) the window plays it first, \
      as a scene; with \
      --out it renders the frame at --progress P framed like Apple's snapshots (--size WxH \
      in pixels, default: the composition's size with its larger side at most 500 points, \
      at 2 pixels per point); with --export it writes an animation of it.

      Keys in the window: Up/Down or 1-9 pick a demo, Space pauses, Left/Right step a \
      frame, S plays at 0.1x, R restarts, O overlays, I inspector, P saves a screenshot \
      into ./screenshots/, Escape quits.

      --size is in points; images are size x scale pixels (scale defaults to 1).
      """)

  static let defaultWidth = 1280
  static let defaultHeight = 720
  static var defaultSize: ViewerArgument.Size {
    ViewerArgument.Size(width: defaultWidth, height: defaultHeight)
  }
  /// The frame rate of `--export` when `--fps` is not given.
  static let defaultExportFPS = 25.0

  @OptionGroup(title: "Demo") var scene: SceneOptions
  @OptionGroup(title: "Window") var window: WindowFlags
  @OptionGroup(title: "Files (no display needed)") var files: FileOptions
  @OptionGroup(title: "Animation export (no display needed)") var export: ExportFlags

  func run() throws {
    try ViewerRunner.perform(try action())
  }
}

/// Which demo, at which size.
struct SceneOptions: ParsableArguments {
  @Option(help: "The demo to show first, or to render (see --list).")
  var demo: String?

  @Option(
    help: ArgumentHelp("The window or image size in points (default 1280x720).", valueName: "WxH"),
    transform: ViewerArgument.size)
  var size: ViewerArgument.Size?

  @Flag(help: "List the demos and exit.")
  var list = false

  @Option(
    help: ArgumentHelp(
      "A Lottie file (.json or .lottie) to play in the window, or to render with --out or "
        + "--export.",
      valueName: "FILE"))
  var lottie: String?

  @Argument(
    help: ArgumentHelp(
      "A Lottie file (.json or .lottie) to play (the same as --lottie).", valueName: "FILE"))
  var file: String?
}

/// Options of the window.
struct WindowFlags: ParsableArguments {
  @Flag(inversion: .prefixedNo, help: "Wait for the display's refresh (default: yes).")
  var vsync = true

  @Option(
    name: .customLong("quit-after"),
    help: ArgumentHelp("Close the window by itself after N frames.", valueName: "N"),
    transform: { try ViewerArgument.count($0, range: 1...Int(Int32.max), what: "a frame count") })
  var quitAfter: Int?

  @Option(
    help: ArgumentHelp(
      "Save the window's last frame, read back from the screen.", valueName: "FILE.png"))
  var screenshot: String?

  @Flag(
    name: .customLong("gl-thread"),
    help: ArgumentHelp(
      "Draw and present on a render thread (a render server, through GL): animations keep "
        + "running while the app thread is busy (the B key blocks it); without GL, the main "
        + "thread draws and presents."))
  var glThread = false

  @Option(
    help: ArgumentHelp(
      "What composites the window's frames: cpu (LayerKit's compositor) or gl (the GL ES "
        + "backend, on the render server's thread; implies --gl-thread; without GL the "
        + "panel says why and the CPU draws).", valueName: "cpu|gl"))
  var backend: CompositorChoice = .cpu
}

/// Options of still images.
struct FileOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Write a PNG (with --demo), or a directory of PNGs (with --all or --frames).",
      valueName: "PATH"))
  var out: String?

  @Flag(help: "Render one frame of every demo, as PATH/NAME.png.")
  var all = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The time of the frame in seconds (default: half the demo's duration).", valueName: "T"),
    transform: { try ViewerArgument.seconds($0, allowingZero: true) })
  var time: Double?

  @Option(
    parsing: .unconditional, help: ArgumentHelp("Pixels per point (default 1).", valueName: "S"),
    transform: { try ViewerArgument.positive($0, expected: "a positive number such as 2") })
  var scale: Double?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Render N frames at --fps from time 0, as PATH/NAME-0000.png ...", valueName: "N"),
    transform: { try ViewerArgument.count($0, range: 1...10_000, what: "a count") })
  var frames: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Frames per second for --frames and --export (export: 25).", valueName: "F"),
    transform: { try ViewerArgument.positive($0, expected: "frames per second, such as 30") })
  var fps: Double?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --lottie and --out: the frame at this progress, 0 to 1 (default 0.5).",
      valueName: "P"),
    transform: ViewerArgument.progress)
  var progress: Double?
}

/// Options of animation export.
struct ExportFlags: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Write an animation of --demo as an animated GIF or WebP, or an MP4 (needs ffmpeg).",
      valueName: "FILE.gif|webp|mp4"))
  var export: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Seconds of animation to export, from time 0 (default: the demo's duration).",
      valueName: "SECONDS"),
    transform: { try ViewerArgument.seconds($0, allowingZero: false) })
  var duration: Double?
}

extension CompositorChoice: ExpressibleByArgument {}
