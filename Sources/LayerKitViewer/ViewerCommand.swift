import Foundation

/// What the viewer was asked to do, parsed from its arguments.
enum ViewerCommand: Equatable {
  /// Open a window showing a demo (nil: the first).
  case interactive(WindowOptions)
  /// Render one frame of one demo to a PNG file.
  case renderOne(demo: String, time: Double?, size: PixelSize, out: String)
  /// Render one frame of every demo into a directory.
  case renderAll(time: Double?, size: PixelSize, out: String)
  /// Render a sequence of frames of one demo (nil: every demo) into a directory.
  case renderFrames(demo: String?, count: Int, fps: Double, size: PixelSize, out: String)
  case list
  case help

  /// How to run the window.
  struct WindowOptions: Equatable {
    var demo: String?
    var width: Int
    var height: Int
    var vsync: Bool
    /// Quit by itself after this many frames (for scripted runs and tests).
    var quitAfterFrames: Int?
    /// Where to save the last frame shown, read back from the window, when it closes.
    var screenshot: String?
  }

  /// An image size and its pixels-per-point scale.
  struct PixelSize: Equatable {
    var width: Int
    var height: Int
    var scale: Double
  }

  static let defaultWidth = 1280
  static let defaultHeight = 720

  static let usage = """
    usage: layerkit-viewer [options]

    With no options, opens a window showing the demos (needs a display).

    Window:
      --demo NAME            the demo to show first
      --size WxH             the window size in points (default 1280x720)
      --no-vsync             do not wait for the display's refresh
      --quit-after N         close the window by itself after N frames
      --screenshot FILE.png  save the window's last frame, read back from the screen
      keys: Up/Down or 1-9 pick a demo, Space pauses, Left/Right step a frame, S 0.1x,
                             R restarts, O overlays, I inspector, P screenshot, Escape quits

    Files (no display needed):
      --demo NAME --out FILE.png [--time T] [--size WxH] [--scale S]
                             one frame of a demo at T seconds (default: half its duration)
      --all --out DIR [--time T] [--size WxH] [--scale S]
                             one frame of every demo, as DIR/NAME.png
      --frames N --fps F --out DIR [--demo NAME] [--size WxH] [--scale S]
                             N frames at F frames per second, as DIR/NAME-0000.png …
      --list                 list the demos
      --help                 show this message

    --size is in points; images are size × scale pixels (scale defaults to 1).
    """

  /// Parses command-line arguments (without the program name).
  static func parse(_ arguments: [String]) throws(ViewerError) -> ViewerCommand {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    let valued: Set<String> = [
      "--demo", "--size", "--out", "--time", "--scale", "--frames", "--fps", "--quit-after",
      "--screenshot",
    ]
    let switches: Set<String> = ["--all", "--list", "--help", "-h", "--no-vsync"]
    var index = 0
    while index < arguments.count {
      var argument = arguments[index]
      var inlineValue: String?
      if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
        inlineValue = String(argument[argument.index(after: eq)...])
        argument = String(argument[..<eq])
      }
      if valued.contains(argument) {
        if let inlineValue {
          values[argument] = inlineValue
        } else {
          guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else {
            throw .missingValue(option: argument)
          }
          index += 1
          values[argument] = arguments[index]
        }
      } else if switches.contains(argument), inlineValue == nil {
        flags.insert(argument)
      } else {
        throw .unknownOption(arguments[index])
      }
      index += 1
    }

    if flags.contains("--help") || flags.contains("-h") { return .help }
    if flags.contains("--list") { return .list }

    let size = try parseSize(values["--size"])
    let scale =
      try values["--scale"].map { (s) throws(ViewerError) in
        try parsePositive(s, option: "--scale", expected: "a positive number such as 2")
      } ?? 1
    let time = try values["--time"].map { (s) throws(ViewerError) in
      guard let t = Double(s), t.isFinite, t >= 0 else {
        throw .invalidValue(option: "--time", value: s, expected: "seconds, 0 or more")
      }
      return t
    }
    let pixels = PixelSize(width: size.width, height: size.height, scale: scale)
    guard Double(size.width) * scale <= 16384, Double(size.height) * scale <= 16384 else {
      throw .invalidValue(
        option: "--size", value: "\(size.width)x\(size.height) at scale \(scale)",
        expected: "at most 16384 pixels per side")
    }

    if values["--out"] != nil || flags.contains("--all") {
      for option in ["--quit-after", "--screenshot"] where values[option] != nil {
        throw .conflictingOptions("\(option) applies only to the window, not with --out")
      }
    }
    if let frames = values["--frames"] {
      if flags.contains("--all") {
        throw .conflictingOptions("--frames and --all cannot be combined")
      }
      if values["--time"] != nil {
        throw .conflictingOptions("--frames starts at time 0; drop --time")
      }
      guard let count = Int(frames), (1...10_000).contains(count) else {
        throw .invalidValue(option: "--frames", value: frames, expected: "a count from 1 to 10000")
      }
      guard let fpsText = values["--fps"] else { throw .missingValue(option: "--fps") }
      let fps = try parsePositive(
        fpsText, option: "--fps", expected: "frames per second, such as 30")
      guard let out = values["--out"] else { throw .missingOutput(mode: "--frames") }
      return .renderFrames(demo: values["--demo"], count: count, fps: fps, size: pixels, out: out)
    }
    if values["--fps"] != nil { throw .conflictingOptions("--fps only goes with --frames") }
    if flags.contains("--all") {
      if values["--demo"] != nil {
        throw .conflictingOptions("--all and --demo cannot be combined")
      }
      guard let out = values["--out"] else { throw .missingOutput(mode: "--all") }
      return .renderAll(time: time, size: pixels, out: out)
    }
    if let out = values["--out"] {
      guard let demo = values["--demo"] else {
        throw .conflictingOptions("--out needs --demo NAME, --all or --frames N")
      }
      return .renderOne(demo: demo, time: time, size: pixels, out: out)
    }
    if values["--time"] != nil || values["--scale"] != nil {
      throw .conflictingOptions("--time and --scale apply only when rendering to files (--out)")
    }
    let quitAfter = try values["--quit-after"].map { (text) throws(ViewerError) -> Int in
      guard let n = Int(text), n > 0 else {
        throw .invalidValue(
          option: "--quit-after", value: text, expected: "a frame count, 1 or more")
      }
      return n
    }
    return .interactive(
      WindowOptions(
        demo: values["--demo"], width: size.width, height: size.height,
        vsync: !flags.contains("--no-vsync"), quitAfterFrames: quitAfter,
        screenshot: values["--screenshot"]))
  }

  private static func parseSize(_ text: String?) throws(ViewerError) -> (width: Int, height: Int) {
    guard let text else { return (defaultWidth, defaultHeight) }
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else {
      throw .invalidValue(option: "--size", value: text, expected: "WIDTHxHEIGHT such as 640x480")
    }
    return (w, h)
  }

  private static func parsePositive(_ text: String, option: String, expected: String)
    throws(ViewerError) -> Double
  {
    guard let value = Double(text), value.isFinite, value > 0 else {
      throw .invalidValue(option: option, value: text, expected: expected)
    }
    return value
  }
}
