import ArgumentParser
import Foundation
import Testing

@testable import LayerKitViewer

/// The command line parsed and checked in process: each flag set and the action it asks for,
/// each bad input and its message.
@Suite struct ViewerCommandTests {
  func action(_ arguments: [String]) throws -> ViewerAction {
    try ViewerCommand.parse(arguments).action()
  }

  /// The message and exit status the viewer prints for `arguments`.
  func failure(_ arguments: [String]) -> (message: String, status: Int32)? {
    do {
      _ = try action(arguments)
      return nil
    } catch let error as ViewerError {
      return ("\(error)", error.exitStatus)
    } catch {
      return (ViewerCommand.message(for: error), ViewerCommand.exitCode(for: error).rawValue)
    }
  }

  @Test func noArgumentsOpenTheWindowAtTheDefaultSize() throws {
    #expect(
      try action([])
        == .interactive(
          .init(
            demo: nil, width: 1280, height: 720, vsync: true, quitAfterFrames: nil,
            screenshot: nil)))
  }

  @Test func windowFlags() throws {
    #expect(
      try action([
        "--demo", "basic-animation", "--size", "800x450", "--no-vsync", "--quit-after", "3",
        "--screenshot", "s.png",
      ])
        == .interactive(
          .init(
            demo: "basic-animation", width: 800, height: 450, vsync: false, quitAfterFrames: 3,
            screenshot: "s.png")))
    #expect(
      try action(["--gl-thread"])
        == .interactive(
          .init(
            demo: nil, width: 1280, height: 720, vsync: true, quitAfterFrames: nil,
            screenshot: nil, glThread: true)))
    // The GL backend composites on the render server's thread: it brings one.
    #expect(
      try action(["--backend", "gl"])
        == .interactive(
          .init(
            demo: nil, width: 1280, height: 720, vsync: true, quitAfterFrames: nil,
            screenshot: nil, glThread: true, backend: .gl)))
  }

  @Test func fileModes() throws {
    let size = ViewerAction.PixelSize(width: 40, height: 30, scale: 2)
    #expect(
      try action([
        "--demo", "test-pattern", "--out", "a.png", "--time", "1", "--size=40x30", "--scale", "2",
      ])
        == .renderOne(demo: "test-pattern", time: 1, size: size, out: "a.png"))
    #expect(
      try action(["--all", "--out", "dir", "--size", "40X30", "--scale", "2"])
        == .renderAll(time: nil, size: size, out: "dir"))
    #expect(
      try action(["--frames", "3", "--fps", "4", "--out", "dir", "--size", "40x30", "--scale", "2"])
        == .renderFrames(demo: nil, count: 3, fps: 4, size: size, out: "dir"))
    #expect(try action(["--list"]) == .list)
  }

  @Test func exportTakesDurationFpsAndSize() throws {
    #expect(
      try action([
        "--demo", "spring-playground", "--export", "a.webp", "--duration", "1.5", "--fps", "12",
        "--size", "320x180",
      ])
        == .export(
          .init(
            demo: "spring-playground", duration: 1.5, fps: 12,
            size: .init(width: 320, height: 180, scale: 1), out: "a.webp")))
    #expect(
      try action(["--demo", "test-pattern", "--export", "a.GIF"])
        == .export(
          .init(
            demo: "test-pattern", duration: nil, fps: 25,
            size: .init(width: 1280, height: 720, scale: 1), out: "a.GIF")))
  }

  @Test(arguments: [
    (["--frames", "3", "--out", "dir"], Int32(64), "--frames needs --fps"),
    (["--demo", "nope", "--out", "x.png"], 64, "unknown demo 'nope'; available: "),
    (["--size", "0x10"], 64, "expected WIDTHxHEIGHT such as 640x480"),
    (["--size", "12by3"], 64, "'12by3' is invalid for '--size <WxH>'"),
    (["--size", "99999x10"], 64, "each from 1 to 16384"),
    (["--size", "10000x10000", "--scale", "2", "--all", "--out", "d"], 64, "at most 16384"),
    (
      ["--time", "-1", "--demo", "test-pattern", "--out", "x.png"], 64,
      "expected seconds, 0 or more"
    ),
    (["--time", "soon", "--demo", "test-pattern", "--out", "x.png"], 64, "'soon' is invalid"),
    (["--demo", "test-pattern", "--export", "a.gif", "--duration", "-2"], 64, "more than 0"),
    (["--demo", "test-pattern", "--export", "a.gif", "--duration", "0"], 64, "more than 0"),
    (["--fps", "0", "--frames", "2", "--out", "d"], 64, "expected frames per second"),
    (["--frames", "0", "--fps", "2", "--out", "d"], 64, "expected a count from 1 to 10000"),
    (["--all"], 64, "--all needs --out"),
    (["--bogus"], 64, "Unknown option '--bogus'"),
    (["--all", "--out", "d", "--quit-after", "2"], 64, "--quit-after applies only to the window"),
    (["--all", "--out", "d", "--gl-thread"], 64, "--gl-thread applies only to the window"),
    (["--all", "--out", "d", "--backend", "gl"], 64, "--backend applies only to the window"),
    (["--backend", "vulkan"], 64, "--backend"),
    (["--export", "a.gif"], 64, "--export needs --demo NAME"),
    (["--demo", "test-pattern", "--export", "a.png"], 64, "ending in .gif, .webp or .mp4"),
    (["--demo", "test-pattern", "--export", "a.gif", "--fps", "60"], 64, "use --fps 50 or less"),
    (["--demo", "test-pattern", "--export", "a.gif", "--out", "b.png"], 64, "--export and --out"),
    (["--duration", "2"], 64, "--duration only goes with --export"),
    (["--fps", "2"], 64, "--fps only goes with --frames or --export"),
    (["--time", "2"], 64, "--time and --scale apply only when rendering to files"),
    (["--out", "x.png"], 64, "--out needs --demo NAME, --all or --frames N"),
  ])
  func badInputSaysWhatToChange(arguments: [String], status: Int32, message: String) {
    let got = failure(arguments)
    #expect(got?.status == status, "\(arguments)")
    #expect(got?.message.contains(message) == true, "\(arguments): \(got?.message ?? "no error")")
  }

  @Test func helpIsGeneratedWithEveryFlag() {
    let help = ViewerCommand.helpMessage()
    for flag in [
      "--demo", "--size", "--list", "--no-vsync", "--quit-after", "--screenshot", "--out", "--all",
      "--time", "--scale", "--frames", "--fps", "--export", "--duration", "--gl-thread",
      "--backend",
    ] {
      #expect(help.contains(flag), "\(flag) missing from help")
    }
    #expect(help.contains("USAGE: layerkit-viewer"))
  }
}

/// Checks of the output path before any rendering.
@Suite struct ViewerOutputTests {
  @Test func aDirectoryAsAFileIsRefusedWithAnExample() throws {
    let dir = FileManager.default.temporaryDirectory.path
    #expect(throws: ViewerError.outputIsDirectory(path: dir, example: dir + "/x.png")) {
      try HeadlessRenderer.checkFile(dir, example: "x.png")
    }
  }

  @Test func aFileInTheWayOfTheDirectoryIsRefused() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("plain-\(UUID())")
    try Data().write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let error = #expect(throws: ViewerError.self) {
      try HeadlessRenderer.checkFile(file.path + "/sub/x.png", example: "x.png")
    }
    #expect("\(error!)" == "cannot write \(file.path)/sub/x.png: \(file.path) is not a directory")
  }

  @Test func aNewFileInAWritableDirectoryIsFine() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("new/dir/x.png").path
    try HeadlessRenderer.checkFile(path, example: "x.png")
  }
}
