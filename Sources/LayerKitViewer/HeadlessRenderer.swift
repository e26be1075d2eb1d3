import Foundation
import LayerKitDemos
import LayerKitExport
import LayerKitSDL

/// Renders demo frames to PNG files; needs no display.
enum HeadlessRenderer {
  /// Renders one frame and writes it to `path`, creating missing parent directories.
  static func renderOne(
    demo name: String, time: Double?, size: ViewerAction.PixelSize, out path: String
  )
    throws(ViewerError)
  {
    let demo = try find(name)
    try checkFile(path, example: "\(name).png")
    try write(demo, time: time ?? demo.duration / 2, size: size, to: URL(fileURLWithPath: path))
  }

  /// Renders one frame of every demo into `directory` as `NAME.png`.
  static func renderAll(time: Double?, size: ViewerAction.PixelSize, out directory: String)
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
    demo name: String?, count: Int, fps: Double, size: ViewerAction.PixelSize,
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
    _ demo: DemoInfo, time: Double, size: ViewerAction.PixelSize, to url: URL
  )
    throws(ViewerError)
  {
    let image = demo.render(request(time: time, size: size))
    try writePNG(image, to: url)
    print("\(demo.name) at \(formatted(time)) s, \(image.width)×\(image.height) → \(url.path)")
  }

  private static func request(time: Double, size: ViewerAction.PixelSize) -> DemoFrameRequest {
    DemoFrameRequest(
      time: time, pixelWidth: size.pixelWidth, pixelHeight: size.pixelHeight,
      scale: CGFloat(size.scale))
  }

  /// Writes `duration` seconds (default: the demo's) of a demo at `fps` as an animation,
  /// each frame rendered at its exact time on the demo's manual clock.
  static func export(_ options: ViewerAction.ExportOptions) throws(ViewerError) {
    let demo = try find(options.demo)
    try checkFile(
      options.out, example: "\(demo.name).\(AnimationFormat(path: options.out)?.rawValue ?? "gif")")
    try makeDirectory(URL(fileURLWithPath: options.out).deletingLastPathComponent())
    let timeline = FrameTimeline(duration: options.duration ?? demo.duration, fps: options.fps)
    do {
      try AnimationExporter.export(
        to: options.out, width: options.size.pixelWidth, height: options.size.pixelHeight,
        timeline: timeline
      ) { _, time in demo.render(request(time: time, size: options.size)) }
    } catch {
      throw .export(error)
    }
    let seconds = Double(timeline.count) / timeline.fps
    print(
      "\(demo.name): \(timeline.count) frames at \(formatted(timeline.fps)) fps "
        + "(\(formatted(seconds)) s), \(options.size.pixelWidth)×\(options.size.pixelHeight) → "
        + URL(fileURLWithPath: options.out).path)
  }

  /// Throws unless a file can be created at `path`: it must not be a directory, and the
  /// nearest existing ancestor must be a directory this process may write to.
  static func checkFile(_ path: String, example: String) throws(ViewerError) {
    let url = URL(fileURLWithPath: path)
    var isDirectory: ObjCBool = false
    if path.hasSuffix("/")
      || (FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        && isDirectory.boolValue)
    {
      throw .outputIsDirectory(path: url.path, example: url.appendingPathComponent(example).path)
    }
    if FileManager.default.fileExists(atPath: url.path) {
      guard FileManager.default.isWritableFile(atPath: url.path) else {
        throw .writeFailed(path: url.path, reason: String(cString: strerror(EACCES)))
      }
      return
    }
    try checkWritableAncestor(of: url)
  }

  /// Throws unless the nearest existing ancestor of `url` is a writable directory.
  private static func checkWritableAncestor(of url: URL) throws(ViewerError) {
    var ancestor = url.deletingLastPathComponent()
    var isDirectory: ObjCBool = false
    while !FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
      ancestor = ancestor.deletingLastPathComponent()
    }
    guard isDirectory.boolValue else {
      throw .writeFailed(path: url.path, reason: "\(ancestor.path) is not a directory")
    }
    guard FileManager.default.isWritableFile(atPath: ancestor.path) else {
      throw .writeFailed(
        path: url.path, reason: "\(ancestor.path): \(String(cString: strerror(EACCES)))")
    }
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

  static func makeDirectory(_ url: URL) throws(ViewerError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw .writeFailed(path: url.path, reason: "it exists and is not a directory")
      }
      return
    }
    try checkWritableAncestor(of: url)
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

  static func formatted(_ time: Double) -> String {
    String(format: "%.3f", time)
  }
}
