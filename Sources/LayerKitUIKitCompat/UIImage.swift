import LayerKit
internal import LayerKitSDL
import Synchronization

/// An image as UIKit spells it: a `CGImage` and a scale (pixels per point).
///
/// PNG, JPEG and WebP files decode through LayerKit's codecs. ``init(named:)`` looks in
/// ``searchDirectories`` (the main bundle's resources and the current directory unless
/// changed) for `name`, `name.png`, `name.jpg`, `name.jpeg` and `name.webp`, preferring
/// the `@3x`, then `@2x` variant when the main screen's scale asks for it.
open class UIImage: @unchecked Sendable {
  // Sendable: its pixels and scale are `let`s of immutable values; the search
  // directories are behind a `Mutex`.
  /// The pixels; nil only for the empty image.
  public let cgImage: CGImage?
  /// Pixels per point. Default 1.
  public let scale: CGFloat

  private static let directories = Mutex<[URL]>(UIImage.defaultDirectories)

  private static var defaultDirectories: [URL] {
    var list: [URL] = []
    if let resources = Bundle.main.resourceURL { list.append(resources) }
    list.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    return list
  }

  /// Where ``init(named:)`` looks, in order.
  public static var searchDirectories: [URL] {
    get { directories.withLock { $0 } }
    set { directories.withLock { $0 = newValue } }
  }

  /// An empty image (no pixels, zero size).
  public init() {
    cgImage = nil
    scale = 1
  }

  public init(cgImage: CGImage, scale: CGFloat = 1) {
    self.cgImage = cgImage
    self.scale = scale.isFinite && scale > 0 ? scale : 1
  }

  /// Decodes PNG, JPEG or WebP data; nil when it is not an image.
  public convenience init?(data: Data, scale: CGFloat = 1) {
    guard let image = try? CGImage(encodedData: data) else { return nil }
    self.init(cgImage: image, scale: scale)
  }

  /// Decodes the file at `path`; an `@2x`/`@3x` suffix in the name sets the scale.
  public convenience init?(contentsOfFile path: String) {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    self.init(data: data, scale: Self.scale(inFileName: path))
  }

  /// The image called `name` in ``searchDirectories``, or nil.
  public convenience init?(named name: String) {
    guard !name.isEmpty, let path = Self.path(named: name) else { return nil }
    self.init(contentsOfFile: path)
  }

  /// The size in points: pixels divided by ``scale``.
  open var size: CGSize {
    guard let cgImage else { return .zero }
    return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
  }

  /// The image as PNG data.
  open func pngData() -> Data? { cgImage?.pngData() }

  /// Draws the image into the current context, filling `rect` (in points).
  open func draw(in rect: CGRect) {
    guard let cgImage, let context = UIGraphicsGetCurrentContext() else { return }
    context.draw(cgImage, in: rect)
  }

  /// Draws the image at its size with its top-left corner at `point`.
  open func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }

  static func scale(inFileName path: String) -> CGFloat {
    let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    if stem.hasSuffix("@3x") { return 3 }
    if stem.hasSuffix("@2x") { return 2 }
    return 1
  }

  private static func path(named name: String) -> String? {
    let screen = Int(UIScreen.main.scale.rounded())
    let suffixes = [3, 2].filter { $0 <= max(screen, 1) }.map { "@\($0)x" } + [""]
    let hasExtension = !URL(fileURLWithPath: name).pathExtension.isEmpty
    let extensions = hasExtension ? [""] : ["png", "jpg", "jpeg", "webp"]
    for directory in searchDirectories {
      for suffix in suffixes {
        for ext in extensions {
          let file =
            ext.isEmpty
            ? "\((name as NSString).deletingPathExtension)\(suffix).\((name as NSString).pathExtension)"
            : "\(name)\(suffix).\(ext)"
          let url = directory.appendingPathComponent(file)
          if FileManager.default.isReadableFile(atPath: url.path) { return url.path }
        }
      }
    }
    return nil
  }
}
