import Foundation
import LayerKitDemos
import LayerKitSDL

/// Renders demo frames to PNG files; needs no display.
enum HeadlessRenderer {
  /// Renders one frame and writes it to `path`, creating missing parent directories.
  static func renderOne(
    demo name: String, time: Double?, size: ViewerCommand.PixelSize, out path: String
  )
    throws(ViewerError)
  {
    let demo = try find(name)
    try write(demo, time: time ?? demo.duration / 2, size: size, to: URL(fileURLWithPath: path))
  }

  /// Renders one frame of every demo into `directory` as `NAME.png`.
  static func renderAll(time: Double?, size: ViewerCommand.PixelSize, out directory: String)
    throws(ViewerError)
  {
    let demos = DemoCatalog.all
    guard !demos.isEmpty else { throw .noDemos }
    let dir = URL(fileURLWithPath: directory)
    try makeDirectory(dir)
    for demo in demos {
      try write(
        demo, time: time ?? demo.duration / 2, size: size,
        to: dir.appendingPathComponent("\(demo.name).png"))
    }
  }

  /// Renders `count` frames at `fps` of one demo (or every demo) as `NAME-0000.png` ….
  static func renderFrames(
    demo name: String?, count: Int, fps: Double, size: ViewerCommand.PixelSize,
    out directory: String
  ) throws(ViewerError) {
    let demos = try name.map { (n) throws(ViewerError) in [try find(n)] } ?? DemoCatalog.all
    guard !demos.isEmpty else { throw .noDemos }
    let dir = URL(fileURLWithPath: directory)
    try makeDirectory(dir)
    for demo in demos {
      for frame in 0..<count {
        let file = dir.appendingPathComponent(String(format: "%@-%04d.png", demo.name, frame))
        try write(demo, time: Double(frame) / fps, size: size, to: file)
      }
    }
  }

  static func find(_ name: String) throws(ViewerError) -> DemoInfo {
    guard let demo = DemoCatalog.demo(named: name) else {
      throw .unknownDemo(name, available: DemoCatalog.all.map(\.name))
    }
    return demo
  }

  private static func write(
    _ demo: DemoInfo, time: Double, size: ViewerCommand.PixelSize, to url: URL
  )
    throws(ViewerError)
  {
    let request = DemoFrameRequest(
      time: time, pixelWidth: Int((Double(size.width) * size.scale).rounded()),
      pixelHeight: Int((Double(size.height) * size.scale).rounded()), scale: CGFloat(size.scale))
    let image = demo.render(request)
    try writePNG(image, to: url)
    print("\(demo.name) at \(formatted(time)) s, \(image.width)×\(image.height) → \(url.path)")
  }

  /// Encodes `image` as PNG and writes it to `url`, creating missing parent directories.
  static func writePNG(_ image: CGImage, to url: URL) throws(ViewerError) {
    try makeDirectory(url.deletingLastPathComponent())
    guard let png = image.pngData() else { throw .encodingFailed(path: url.path) }
    do {
      try png.write(to: url)
    } catch {
      throw .writeFailed(path: url.path, reason: reason(error))
    }
  }

  private static func makeDirectory(_ url: URL) throws(ViewerError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw .writeFailed(path: url.path, reason: "it exists and is not a directory")
      }
      return
    }
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      throw .writeFailed(path: url.path, reason: reason(error))
    }
  }

  private static func reason(_ error: any Error) -> String {
    let ns = error as NSError
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return ns.localizedDescription
  }

  private static func formatted(_ time: Double) -> String {
    String(format: "%.3f", time)
  }
}
