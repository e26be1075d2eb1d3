import Foundation
import LayerKit
import LayerKitSDL

/// Seed 000's image loader feeding a grid of ``ImageLoadingLayer``s.
///
/// Six pictures are drawn with `CGContext` and written as PNG files into a temporary
/// folder; a seventh file holds bytes that are not an image and an eighth does not exist.
/// At 0.3 s every tile asks a fresh ``ImageLoader`` (with a disk cache in the same folder)
/// for its `file:` URL and shows a placeholder; tiles receive their image one after
/// another from 0.6 s and fade it in. At 2.6 s the first row loads again: this time the
/// memory cache answers synchronously and the image appears without a fade. The broken
/// and missing tiles keep their placeholder and show the typed error.
public final class ImageGridScene: DemoScene {
  public static let name = "image-grid"
  public static let title = "Image loader: memory cache, disk cache, placeholders"
  public static let duration = 4.0

  private var tiles: [ImageLoadingLayer] = []
  private var captions: [CATextLayer] = []
  private var loader: ImageLoader?

  public init() {}

  /// The files, written once per process into one shared folder (atomically, so
  /// processes showing the demo at once never read a half-written file): six PNGs, one
  /// broken file, one missing name.
  static let files: [URL] = {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("layerkit-image-grid")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var urls: [URL] = []
    let colors = [
      DemoStyle.blue, DemoStyle.coral, DemoStyle.teal, DemoStyle.amber, DemoStyle.violet,
      DemoStyle.sage,
    ]
    for i in 0..<6 {
      let url = folder.appendingPathComponent("picture-\(i + 1).png")
      let image =
        i % 2 == 0
        ? DemoImages.landscape(width: 200, height: 140, hue: CGFloat(i) / 5)
        : DemoImages.swatch(width: 200, height: 140, color: colors[i], stripes: i + 1)
      try? image.pngData()?.write(to: url, options: .atomic)
      urls.append(url)
    }
    let broken = folder.appendingPathComponent("broken.png")
    try? Data("this is not a PNG file".utf8).write(to: broken, options: .atomic)
    urls.append(broken)
    urls.append(folder.appendingPathComponent("missing.png"))
    return urls
  }()

  static let placeholder: CGImage = {
    let ctx = CGContext(width: 40, height: 28)!
    ctx.setFillColor(DemoStyle.hairline)
    ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 28))
    ctx.setFillColor(DemoStyle.faded(DemoStyle.muted, 0.5))
    ctx.fillEllipse(in: CGRect(x: 26, y: 5, width: 7, height: 7))
    ctx.move(to: CGPoint(x: 4, y: 24))
    ctx.addLine(to: CGPoint(x: 15, y: 11))
    ctx.addLine(to: CGPoint(x: 24, y: 24))
    ctx.closePath()
    ctx.fillPath()
    return ctx.makeImage()!
  }()

  public func build(in stage: CALayer) {
    let canvas = DemoStyle.canvas(
      in: stage, title: Self.title,
      caption:
        "loadImage(from:) answers .cached at once or .inProgress(task); loads read through a "
        + "disk cache and decode off the main thread. Broken and missing files keep the placeholder."
    )
    let folder = Self.files[0].deletingLastPathComponent()
    let disk = try? ImageDiskCache(
      directory: folder.appendingPathComponent("cache-\(UUID().uuidString)"))
    loader = ImageLoader(diskCache: disk)
    for i in 0..<Self.files.count {
      let column = CGFloat(i % 4)
      let row = CGFloat(i / 4)
      let tile = ImageLoadingLayer()
      tile.name = Self.files[i].lastPathComponent
      tile.frame = CGRect(x: 70 + column * 210, y: 130 + row * 195, width: 190, height: 133)
      tile.backgroundColor = DemoStyle.hairline
      tile.cornerRadius = 10
      tile.masksToBounds = true
      tile.contentsGravity = .center
      tile.placeholder = Self.placeholder
      tile.imageLayer.frame = tile.bounds
      canvas.addSublayer(tile)
      tiles.append(tile)
      let caption = DemoStyle.label(
        tile.name ?? "",
        frame: CGRect(x: tile.frame.minX, y: tile.frame.maxY + 6, width: 190, height: 40), size: 12,
        color: DemoStyle.muted, alignment: .center, wrapped: true)
      canvas.addSublayer(caption)
      captions.append(caption)
    }
  }

  public var cues: [SceneCue] {
    var cues = [
      SceneCue(at: 0.3, "loadImage(from:) for every tile") { [self] in
        guard let loader else { return }
        for (tile, url) in zip(tiles, Self.files) { tile.load(url, with: loader) }
      }
    ]
    for i in tiles.indices {
      cues.append(
        SceneCue(at: 0.6 + Double(i) * 0.15, "tile \(i + 1) finishes") { [self] in
          tiles[i].finishLoad()
          captions[i].string = describe(tiles[i].loadState, name: Self.files[i].lastPathComponent)
        })
    }
    cues.append(
      SceneCue(at: 2.6, "reload the first row from the memory cache") { [self] in
        guard let loader else { return }
        for i in 0..<4 {
          tiles[i].load(Self.files[i], with: loader)
          captions[i].string = describe(tiles[i].loadState, name: Self.files[i].lastPathComponent)
        }
      })
    return cues
  }

  private func describe(_ state: ImageLoadingLayer.LoadState, name: String) -> String {
    switch state {
    case .idle: "\(name): idle"
    case .loading: "\(name): loading…"
    case .loaded(_, let fromCache):
      fromCache ? "\(name): .cached (memory)" : "\(name): loaded, fading in"
    case .failed(_, let error):
      switch error {
      case .invalidImageData: "\(name): invalidImageData"
      case .unreadableFile: "\(name): unreadableFile"
      default: "\(name): \(error)"
      }
    }
  }
}
