import Foundation
import LayerKitDemos
import LayerKitLottie
import LayerKitSDL
import LayerKitTestSupport
import Testing

@testable import LayerKitViewer

/// A Lottie file through the viewer: the flags and the action they ask for, the headless
/// frame (the same pixels as `LottieSnapshot`), the export, the scene, and clear errors.
@Suite struct LottieViewerTests {
  /// 200 × 120 points, 10 fps, frames 0 to 20: a red square sliding right at full opacity.
  static let json = #"""
    {"fr":10,"ip":0,"op":20,"w":200,"h":120,"layers":[
     {"ty":4,"ind":1,"ip":0,"op":21,
      "ks":{"p":{"a":1,"k":[{"t":0,"s":[30,60]},{"t":20,"s":[170,60]}]},"a":{"k":[0,0]}},
      "shapes":[{"ty":"rc","p":{"k":[0,0]},"s":{"k":[40,40]},"r":{"k":0}},
                {"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}]}]}
    """#

  /// A scratch folder for this suite, emptied first.
  static func folder(_ name: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("layerkit-lottie-viewer-tests/\(name)")
    try? FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func writeSample(in dir: URL, _ text: String = json) throws -> String {
    let url = dir.appendingPathComponent("square.json")
    try Data(text.utf8).write(to: url)
    return url.path
  }

  func action(_ arguments: [String]) throws -> ViewerAction {
    try ViewerCommand.parse(arguments).action()
  }

  @Test func flagsChooseTheWindowAFrameOrAnExport() throws {
    let window = ViewerAction.interactive(
      .init(
        demo: nil, width: 1280, height: 720, vsync: true, quitAfterFrames: nil, screenshot: nil,
        lottie: "a.json"))
    #expect(try action(["a.json"]) == window)
    #expect(try action(["--lottie", "a.json"]) == window)
    #expect(
      try action([
        "--lottie", "a.json", "--progress", "0.25", "--size", "200x118", "--out", "o.png",
      ])
        == .renderLottie(
          file: "a.json", progress: 0.25, size: .init(width: 200, height: 118, scale: 1),
          out: "o.png"))
    #expect(
      try action(["a.json", "--out", "o.png"])
        == .renderLottie(file: "a.json", progress: 0.5, size: nil, out: "o.png"))
    #expect(
      try action(["a.json", "--export", "a.webp", "--fps", "10"])
        == .exportLottie(file: "a.json", duration: nil, fps: 10, size: nil, out: "a.webp"))
  }

  @Test(arguments: [
    (["a.json", "--lottie", "b.json"], "give the Lottie file once"),
    (["--progress", "0.5", "--demo", "test-pattern", "--out", "x.png"], "--progress only goes"),
    (["a.json", "--progress", "1.5", "--out", "x.png"], "expected a progress from 0 to 1"),
    (["a.json", "--demo", "test-pattern"], "cannot be combined with --demo"),
    (["a.json", "--time", "1", "--out", "x.png"], "choose its frame with --progress P"),
    (["a.json", "--progress", "0.5"], "--progress and --scale apply only"),
    (["a.json", "--export", "a.gif", "--progress", "0.5"], "drop --progress"),
  ])
  func badFlagsSayWhatToChange(arguments: [String], message: String) {
    var got = ""
    do {
      _ = try action(arguments)
    } catch let error as ViewerError {
      got = "\(error)"
      #expect(error.exitStatus == 64)
    } catch {
      got = ViewerCommand.message(for: error)
    }
    #expect(got.contains(message), "\(arguments): \(got)")
  }

  /// The viewer's frame is byte for byte the frame `LottieSnapshot` renders from the file
  /// with the SDL image decoder, at the asked pixel size and at the snapshot size.
  @Test(arguments: [0.0, 0.5, 1.0])
  func headlessFrameIsTheSnapshotFrame(progress: Double) throws {
    let dir = try Self.folder("frame-\(progress)")
    let file = try Self.writeSample(in: dir)
    let out = dir.appendingPathComponent("out.png")
    try ViewerRunner.perform(
      .renderLottie(
        file: file, progress: progress, size: .init(width: 100, height: 60, scale: 1),
        out: out.path))
    let image = try CGImage(pngData: Data(contentsOf: out))
    let expected = try LottieSnapshot.render(
      fileURL: URL(fileURLWithPath: file), progress: progress, pixelSize: (100, 60),
      imageDecoder: { try? CGImage(encodedData: $0) })
    #expect(image.width == 100 && image.height == 60)
    #expect(pixels(image) == pixels(expected))
    // The square (40 points, at half scale 20 pixels) sits where the progress puts it.
    let x = Int(((30 + 140 * progress) / 2).rounded(.down))
    #expect(RenderFixtures.bytes(image, x, 30) == [255, 0, 0, 255])
    #expect(
      RenderFixtures.bytes(image, progress < 0.5 ? 90 : 5, 30)[3] == 0, "transparent elsewhere")

    try ViewerRunner.perform(
      .renderLottie(file: file, progress: progress, size: nil, out: out.path))
    let snapshot = try CGImage(pngData: Data(contentsOf: out))
    #expect(snapshot.width == 400 && snapshot.height == 240, "200 × 120 points at 2×")
  }

  /// A dotLottie file (the sample zipped with a manifest) renders the same frame as its
  /// JSON.
  @Test func dotLottieFilesRenderLikeTheirJSON() throws {
    let dir = try Self.folder("dotlottie")
    let json = try Self.writeSample(in: dir)
    let archive = dir.appendingPathComponent("square.lottie")
    try Data(
      ZipFixture.archive([
        .init(name: "manifest.json", bytes: Array(#"{"animations":[{"id":"square"}]}"#.utf8)),
        .init(name: "animations/square.json", bytes: Array(Self.json.utf8)),
      ])
    ).write(to: archive)
    let size = ViewerAction.PixelSize(width: 100, height: 60, scale: 1)
    var images: [CGImage] = []
    for file in [json, archive.path] {
      let out = dir.appendingPathComponent("out.png")
      try ViewerRunner.perform(.renderLottie(file: file, progress: 0.5, size: size, out: out.path))
      images.append(try CGImage(pngData: Data(contentsOf: out)))
    }
    #expect(pixels(images[0]) == pixels(images[1]))
    #expect(RenderFixtures.bytes(images[1], 50, 30) == [255, 0, 0, 255])
  }

  /// A corpus sample with embedded images renders as `LottieSnapshot` renders it.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: Self.imageSample.path)))
  func embeddedImagesAreDecoded() throws {
    let dir = try Self.folder("images")
    let out = dir.appendingPathComponent("out.png")
    let size = ViewerAction.PixelSize(width: 120, height: 120, scale: 1)
    try ViewerRunner.perform(
      .renderLottie(file: Self.imageSample.path, progress: 0.5, size: size, out: out.path))
    let image = try CGImage(pngData: Data(contentsOf: out))
    let animation = try LottieAnimation(contentsOf: Self.imageSample)
    let expected = LottieSnapshot.render(
      animation, progress: 0.5, pixelSize: (120, 120),
      imageDecoder: { try? CGImage(encodedData: $0) })
    let without = LottieSnapshot.render(animation, progress: 0.5, pixelSize: (120, 120))
    #expect(pixels(image) == pixels(expected))
    #expect(pixels(image) != pixels(without), "the image layers draw their pictures")
  }

  static let imageSample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../shared/lottie/samples/Nonanimating-base64Test.json")
    .standardized

  @Test func exportWritesTheFileDurationAtTheSnapshotSize() throws {
    let dir = try Self.folder("export")
    let file = try Self.writeSample(in: dir)
    let out = dir.appendingPathComponent("square.gif")
    try ViewerRunner.perform(
      .exportLottie(file: file, duration: nil, fps: 10, size: nil, out: out.path))
    let gif = try DecodedAnimation.gif(at: out.path)
    #expect(gif.frames.count == 20, "2 s at 10 fps")
    #expect(gif.width == 400 && gif.height == 240)
  }

  /// The file as a demo: a scene whose duration is the file's, whose stage holds one
  /// `LottieLayer`, and whose frames move with the stage's time.
  @Test func theFilePlaysAsAScene() throws {
    let animation = try LottieAnimation(data: Data(Self.json.utf8))
    let demo = LottieFileScene.demo(animation: animation, fileName: "square.json")
    #expect(demo.name == "square" && demo.duration == 2)
    let early = demo.render(DemoFrameRequest(time: 0.2, pixelWidth: 480, pixelHeight: 270))
    let late = demo.render(DemoFrameRequest(time: 1.8, pixelWidth: 480, pixelHeight: 270))
    #expect(pixels(early) != pixels(late))
    let container = CALayer()
    container.bounds = CGRect(x: 0, y: 0, width: 960, height: 540)
    let context = CAContext(clock: CAManualClock())
    context.layer = container
    let driver = try #require(demo.makeDriver?(container, context))
    #expect(driver.duration == 2)
    var found: [LottieLayer] = []
    var stack: [CALayer] = [driver.stage]
    while let layer = stack.popLast() {
      if let lottie = layer as? LottieLayer { found.append(lottie) }
      stack += layer.sublayers ?? []
    }
    #expect(found.count == 1)
  }

  @Test func missingAndMalformedFilesAreNamed() throws {
    let dir = try Self.folder("errors")
    let out = dir.appendingPathComponent("x.png").path
    let missing = dir.appendingPathComponent("nope.json").path
    #expect(throws: ViewerError.self) {
      try ViewerRunner.perform(.renderLottie(file: missing, progress: 0, size: nil, out: out))
    }
    do {
      try ViewerRunner.perform(.renderLottie(file: missing, progress: 0, size: nil, out: out))
    } catch {
      #expect("\(error)".hasPrefix("cannot read the Lottie file \(missing): "))
      #expect(error.exitStatus == 1)
    }
    let bad = try Self.writeSample(
      in: dir, #"{"fr":"fast","ip":0,"op":20,"w":10,"h":10,"layers":[]}"#)
    do {
      try ViewerRunner.perform(.renderLottie(file: bad, progress: 0, size: nil, out: out))
      Issue.record("a malformed file rendered")
    } catch {
      #expect("\(error)" == "cannot load the Lottie file \(bad): $.fr: expected a number")
    }
    #expect(!FileManager.default.fileExists(atPath: out), "nothing written")
  }

  /// The built viewer exits with status 1 and says which file and which JSON path.
  @Test(.enabled(if: BuildProducts.find("layerkit-viewer") != nil))
  func theProcessReportsABadFile() throws {
    let dir = try Self.folder("process")
    let bad = try Self.writeSample(
      in: dir, #"{"fr":10,"ip":0,"op":20,"w":10,"h":10,"layers":[{"ty":"four"}]}"#)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments = [
      "60", BuildProducts.find("layerkit-viewer")!.path, "--lottie", bad, "--progress", "0.5",
      "--out", dir.appendingPathComponent("x.png").path,
    ]
    let err = Pipe()
    process.standardError = err
    process.standardOutput = Pipe()
    try process.run()
    let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(errors.hasPrefix("layerkit-viewer: cannot load the Lottie file \(bad): $.layers[0]"))
  }

  /// The image's PNG encoding: equal exactly when the pixels are.
  func pixels(_ image: CGImage) -> Data? { image.pngData() }
}
