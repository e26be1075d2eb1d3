import Foundation
import LayerKitDemos
import LayerKitTestSupport
import Testing

@testable import LayerKitSDL

/// The built `layerkit-viewer`, run as a subprocess in its headless modes.
@Suite struct ViewerProcessTests {
  struct Outcome {
    var status: Int32
    var output: String
    var errors: String
  }

  /// The viewer binary, built next to the test bundle (`.build/<config>/layerkit-viewer`).
  static let viewer: URL? = BuildProducts.find("layerkit-viewer")

  /// Runs the viewer under `timeout`, without a display, and collects its output.
  static func run(
    _ arguments: [String], display: String? = nil, environment extra: [String: String] = [:]
  ) throws -> Outcome {
    let viewer = try #require(
      viewer, "layerkit-viewer is not built; run `swift build --build-tests` first")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments = ["60", viewer.path] + arguments
    var environment = ProcessInfo.processInfo.environment
    for key in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { environment[key] = nil }
    environment["DISPLAY"] = display
    environment["LAYERKIT_LOG"] = nil
    environment.merge(extra) { $1 }
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
      errors: String(decoding: errors, as: UTF8.self))
  }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("layerkit-viewer-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The contents-transition demo adds a `CATransition` to a layer whose contents it sets
  /// in the same transaction, which Core Animation ignores with a diagnostic.
  @Test func layerKitLogDebugShowsDiagnosticsOnStandardError() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("frame.png").path
    let arguments = ["--demo", "contents-transition", "--out", out]
    let debug = try Self.run(arguments, environment: ["LAYERKIT_LOG": "debug"])
    #expect(debug.status == 0)
    #expect(debug.errors.contains("debug LayerKit: key=CATransition"))
    let quiet = try Self.run(arguments)
    #expect(quiet.status == 0)
    #expect(!quiet.errors.contains("LayerKit:"))
  }

  @Test func rendersOneDemoFrameToAPNG() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("nested/tp.png")
    let outcome = try Self.run([
      "--demo", "test-pattern", "--time", "1", "--size", "96x64", "--out", file.path,
    ])
    #expect(outcome.status == 0, "\(outcome.errors)")
    #expect(outcome.output.contains(file.path))
    let image = try CGImage(pngData: try Data(contentsOf: file))
    #expect(image.width == 96 && image.height == 64)
    let expected = TestPattern.render(DemoFrameRequest(time: 1, pixelWidth: 96, pixelHeight: 64))
    #expect(image == expected)
  }

  @Test func rendersEveryDemoAtTheRequestedScale() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let outcome = try Self.run(["--all", "--out", dir.path, "--size", "40x30", "--scale", "2"])
    #expect(outcome.status == 0, "\(outcome.errors)")
    for demo in DemoCatalog.all {
      let file = dir.appendingPathComponent("\(demo.name).png")
      #expect(outcome.output.contains(file.path))
      let image = try CGImage(pngData: try Data(contentsOf: file))
      #expect(image.width == 80 && image.height == 60)
    }
  }

  @Test func rendersNumberedFramesAtTheFrameRate() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let outcome = try Self.run(
      [
        "--demo", "test-pattern", "--frames", "3", "--fps", "4", "--size", "48x36", "--out",
        dir.path,
      ])
    #expect(outcome.status == 0, "\(outcome.errors)")
    for frame in 0..<3 {
      let file = dir.appendingPathComponent(String(format: "test-pattern-%04d.png", frame))
      let image = try CGImage(pngData: try Data(contentsOf: file))
      let expected = TestPattern.render(
        DemoFrameRequest(time: Double(frame) / 4, pixelWidth: 48, pixelHeight: 36))
      #expect(image == expected)
    }
  }

  @Test(arguments: [
    (["--demo", "nope", "--out", "/tmp/x.png"], Int32(64), "unknown demo 'nope'"),
    (
      ["--demo", "test-pattern", "--size", "0x10", "--out", "/tmp/x.png"], 64,
      "The value '0x10' is invalid for '--size <WxH>'"
    ),
    (
      ["--demo", "test-pattern", "--size", "12by3", "--out", "/tmp/x.png"], 64,
      "expected WIDTHxHEIGHT"
    ),
    (
      ["--time", "-1", "--demo", "test-pattern", "--out", "/tmp/x.png"], 64,
      "expected seconds, 0 or more"
    ),
    (
      ["--time", "soon", "--demo", "test-pattern", "--out", "/tmp/x.png"], 64,
      "The value 'soon' is invalid for '--time <T>'"
    ),
    (["--frames", "3", "--out", "/tmp/frames"], 64, "--frames needs --fps"),
    (["--all"], 64, "--all needs --out"),
    (["--bogus"], 64, "Unknown option '--bogus'"),
    (
      ["--demo", "test-pattern", "--out", "/proc/layerkit/x.png"], 1, "cannot write /proc/layerkit"
    ),
    ([], 1, "cannot open a window: DISPLAY is not set"),
    (["--demo", "test-pattern", "--out", "/tmp"], 1, "/tmp: it is a directory; name a file"),
    (["--demo", "test-pattern", "--export", "/tmp"], 64, "ending in .gif, .webp or .mp4"),
  ])
  func badRequestsFailWithAClearMessage(arguments: [String], status: Int32, message: String) throws
  {
    let outcome = try Self.run(arguments)
    #expect(outcome.status == status)
    #expect(outcome.errors.contains("layerkit-viewer: "))
    #expect(outcome.errors.contains(message), "stderr: \(outcome.errors)")
  }

  @Test func aDisplayThatCannotBeOpenedIsNamed() throws {
    let outcome = try Self.run(["--quit-after", "1"], display: ":4711")
    #expect(outcome.status == 1)
    #expect(outcome.errors.contains("cannot open a window on display ':4711'"), "\(outcome.errors)")
  }

  @Test func exportsAnAnimatedGIFOfADemoFrameByFrame() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("tp.gif")
    let outcome = try Self.run([
      "--demo", "test-pattern", "--export", file.path, "--duration", "0.5", "--fps", "8",
      "--size", "64x48",
    ])
    #expect(outcome.status == 0, "\(outcome.errors)")
    #expect(outcome.output.contains("4 frames at 8.000 fps"), "\(outcome.output)")
    // GIF89a, 64×48 logical screen.
    let bytes = [UInt8](try Data(contentsOf: file))
    #expect(Array(bytes[0..<6]) == Array("GIF89a".utf8))
    #expect(Int(bytes[6]) | Int(bytes[7]) << 8 == 64 && Int(bytes[8]) | Int(bytes[9]) << 8 == 48)
  }

  @Test func helpAndListSucceed() throws {
    let help = try Self.run(["--help"])
    #expect(help.status == 0 && help.output.contains("USAGE: layerkit-viewer"))
    let list = try Self.run(["--list"])
    #expect(list.status == 0 && list.output.contains("test-pattern"))
  }

  /// On the main thread's renderer, and through GL from a render thread (`--gl-thread`,
  /// which reads the screenshot back with `glReadPixels`).
  @Test(SDLVideoTests.windowTests, arguments: [[], ["--gl-thread"]] as [[String]])
  func theWindowShowsTheGalleryAndADemoAndQuitsAfterItsFrames(presentation: [String]) throws {
    let display = try VirtualDisplay.status.get()
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let shot = dir.appendingPathComponent("window.png")
    let outcome = try Self.run(
      [
        "--demo", "basic-animation", "--size", "800x450", "--quit-after", "3", "--screenshot",
        shot.path,
      ] + presentation, display: display)
    #expect(outcome.status == 0, "\(outcome.errors)")
    #expect(outcome.output.contains(shot.path))
    let image = try CGImage(pngData: try Data(contentsOf: shot))
    #expect(image.width == 800 && image.height == 450)
    // The gallery column is the chrome's dark grey; the demo area shows the scene's
    // background (the frame time comes from the real clock, so only still areas count).
    func close(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: CGColor) -> Bool {
      abs(Int(p.r) - Int((c.red * 255).rounded())) <= 1
        && abs(Int(p.g) - Int((c.green * 255).rounded())) <= 1
        && abs(Int(p.b) - Int((c.blue * 255).rounded())) <= 1
    }
    #expect(close(image.pixel(x: 4, y: 440), CGColor(red: 0.13, green: 0.15, blue: 0.19, alpha: 1)))
    #expect(close(image.pixel(x: 240, y: 370), DemoStyle.background))
  }

  @Test func windowOnlyOptionsAreRejectedWithFiles() throws {
    let outcome = try Self.run(["--all", "--out", "/tmp/none", "--quit-after", "2"])
    #expect(outcome.status == 64)
    #expect(outcome.errors.contains("--quit-after applies only to the window"))
  }
}
