import Foundation
import LayerKitTestSupport
import Testing

/// Type-checks the Swift samples of the seed articles against LayerKitUIKitCompat with the
/// compiler that built the package, and checks each does what `SeedSamples/samples.tsv`
/// says: compiles, or fails for the reason written there.
///
/// The samples' text is unchanged except `#keyPath(CALayer.x)` → `"x"` (which needs the
/// Objective-C runtime). The harness supplies what the articles leave around them:
/// `import UIKit` resolves to a module that re-exports LayerKitUIKitCompat, and fragments
/// run as the body of a method of `SampleHost`, whose properties are the objects the text
/// refers to (`myLayer`, `context`, `bounds`, …). Samples are Swift 5 code, so they are
/// checked in the Swift 5 language mode.
@Suite(.serialized) struct SeedSampleTests {
  struct Sample {
    var file: String
    var mode: String
    var expectation: String
    var compiles: Bool { expectation == "compiles" }
  }

  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("SeedSamples")

  static let samples: [Sample] = {
    let text =
      (try? String(contentsOf: folder.appendingPathComponent("samples.tsv"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
      let f = $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return Sample(file: f[0], mode: f[3], expectation: f[4])
    }
  }()

  /// The build's module folder (`.build/<config>/Modules`) next to the test binary.
  static let modules: URL? = BuildProducts.find("Modules/LayerKitUIKitCompat.swiftmodule")?
    .deletingLastPathComponent()

  static let swiftc: URL? = {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(
      String.init)
    for dir in path + ["/opt/swift/usr/bin"] {
      let candidate = URL(fileURLWithPath: dir).appendingPathComponent("swiftc")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }()

  /// The C modules under LayerKitSDL (which decodes UIImage's files), as SwiftPM hands
  /// them to its own compiles: each module map, and the headers' folders from pkg-config.
  static let clangFlags: [String] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    var flags: [String] = []
    let maps = [
      "CSDL2", "CSDL2Image", "CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig", "CEGL",
    ]
    for module in maps {
      let map = root.appendingPathComponent("Sources/\(module)/module.modulemap").path
      flags += ["-Xcc", "-fmodule-map-file=\(map)"]
    }
    // C source targets: SwiftPM writes their module maps beside their objects.
    if let products = modules?.deletingLastPathComponent() {
      for module in ["CLayerKernels", "CStackReserve"] {
        let map = products.appendingPathComponent("\(module).build/module.modulemap").path
        flags += ["-Xcc", "-fmodule-map-file=\(map)"]
      }
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "pkg-config", "--cflags-only-I", "sdl2", "SDL2_image", "freetype2", "harfbuzz", "fribidi",
      "fontconfig",
    ]
    let out = Pipe()
    process.standardOutput = out
    guard (try? process.run()) != nil else { return flags }
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    for include in text.split(separator: " ") {
      flags += ["-Xcc", include.trimmingCharacters(in: .whitespacesAndNewlines)]
    }
    return flags
  }()

  /// What the articles' fragments refer to.
  static let host = """
    import UIKit

    class ViewController: NSObject {}
    class SubtypeLayer: CALayer {}

    final class SampleHost: NSObject, CAAnimationDelegate {
      let layer = CALayer()
      let myLayer = CALayer()
      let subLayer = CALayer()
      let superLayer = CALayer()
      let animatingLayer = CALayer()
      let parentLayer = CALayer()
      let imageLayer = CALayer()
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
      let fooView = UIView()
      let myView = UIView()
      let toValue = UIColor.blue.cgColor
      let context = CGContext(width: 320, height: 200)!
      let bounds = CGRect(x: 0, y: 0, width: 320, height: 200)
      let pathPoints = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 10)]
      let path = UIBezierPath()
      let left: CGFloat = 20, right: CGFloat = 300, top: CGFloat = 0, bottom: CGFloat = 100
      let radius: CGFloat = 30, arrowWidth: CGFloat = 20, arrowHeight: CGFloat = 40
      let eyePosition: CGFloat = 500, angle: CGFloat = 30
      let duration: TimeInterval = 1
      let image = CGImage(width: 1, height: 1, straightRGBA: [0, 0, 0, 255])!
      let imageWidth: CGFloat = 1, imageHeight: CGFloat = 1
    }

    """

  /// The sample as a compilable file, as its mode says.
  static func source(_ sample: Sample, index: Int) throws -> String {
    let text = try String(
      contentsOf: folder.appendingPathComponent(sample.file), encoding: .utf8)
    switch sample.mode {
    case "statements":
      return "import UIKit\nextension SampleHost {\nfunc sample\(index)() {\n\(text)\n}\n}\n"
    case "hostMember":
      return "import UIKit\nextension SampleHost {\n\(text)\n}\n"
    case "viewMember":
      return "import UIKit\nclass SampleView\(index): UIView {\n\(text)\n}\n"
    default:
      // A whole file stays as it is. A fragment of one sits in a file that imports UIKit,
      // its types in a namespace of their own (articles reuse names such as `DrawView`);
      // extensions must stay at file scope.
      if text.contains("import ") { return text }
      if text.contains("extension ") { return "import UIKit\n" + text }
      return "import UIKit\nenum Sample\(index) {\n\(text)\n}\n"
    }
  }

  /// Type-checks `files` (written into `dir`) with the host; returns the diagnostics, or
  /// nil when they compile.
  static func typecheck(_ sources: [String: String], in dir: URL) throws -> String? {
    var paths: [String] = []
    for (name, text) in sources {
      let url = dir.appendingPathComponent(name)
      try text.write(to: url, atomically: true, encoding: .utf8)
      paths.append(url.path)
    }
    let compiler: URL = try #require(Self.swiftc)
    let process = Process()
    process.executableURL = compiler
    process.arguments =
      [
        "-typecheck", "-parse-as-library", "-swift-version", "5", "-I",
        try #require(Self.modules).path,
        "-I", dir.path, "-suppress-warnings",
      ] + Self.clangFlags + paths.sorted()
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = errors
    try process.run()
    let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return process.terminationStatus == 0 ? nil : output
  }

  /// A scratch folder holding `UIKit.swiftmodule` (re-exports LayerKitUIKitCompat) and the
  /// host.
  static func workspace() throws -> URL {
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("layerkit-seed-samples-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let shim = dir.appendingPathComponent("UIKit.swift")
    try "@_exported import LayerKitUIKitCompat\n".write(to: shim, atomically: true, encoding: .utf8)
    let compiler: URL = try #require(Self.swiftc)
    let process = Process()
    process.executableURL = compiler
    process.arguments =
      [
        "-emit-module", "-parse-as-library", "-module-name", "UIKit", "-I",
        try #require(Self.modules).path, shim.path, "-emit-module-path",
        dir.appendingPathComponent("UIKit.swiftmodule").path,
      ] + Self.clangFlags
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "the UIKit shim module did not build")
    return dir
  }

  @Test func everySampleMarkedCompilesCompilesTogether() throws {
    let dir = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: dir) }
    var sources = ["Host.swift": Self.host]
    for (index, sample) in Self.samples.enumerated() where sample.compiles {
      sources[sample.file] = try Self.source(sample, index: index)
    }
    let count = sources.count - 1
    #expect(count == 58, "samples marked compiles in samples.tsv")
    let diagnostics = try Self.typecheck(sources, in: dir)
    #expect(diagnostics == nil, "\(diagnostics ?? "")")
  }

  @Test func everySampleMarkedFailsStillFails() throws {
    let dir = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: dir) }
    let failing = Self.samples.enumerated().filter { !$0.element.compiles }
    #expect(failing.count == Self.samples.count - 58)
    for (index, sample) in failing {
      let sub = dir.appendingPathComponent("\(index)")
      try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: dir.appendingPathComponent("UIKit.swiftmodule"),
        to: sub.appendingPathComponent("UIKit.swiftmodule"))
      let diagnostics = try Self.typecheck(
        ["Host.swift": Self.host, sample.file: try Self.source(sample, index: index)], in: sub)
      #expect(diagnostics != nil, "\(sample.file) now compiles: mark it so in samples.tsv")
    }
  }
}
