import Foundation

/// A dotLottie file (`.lottie`): a zip archive holding a `manifest.json`, one or more
/// Lottie animations (`animations/ID.json`, or `a/ID.json` in version 2) and the images
/// they use (`images/`, or `i/`).
///
/// Reading checks the archive's structure and each member's CRC-32; a damaged or
/// unsupported archive throws `LottieError.invalidArchive` naming the member, and an
/// animation's own JSON throws as `LottieAnimation(data:)` does. Image assets that the
/// animation does not embed are taken from the archive. `LottieAnimation(data:)` and
/// `LottieAnimation(contentsOf:)` open a dotLottie file's default animation on their own.
///
/// ```swift
/// let file = try DotLottie(data: Data(contentsOf: url))
/// for id in file.animationIDs {
///   let layer = LottieLayer(animation: try file.animation(id: id))
/// }
/// ```
public struct DotLottie: Sendable {
  /// The animations' ids, in the manifest's order (without a manifest, the animation
  /// members' names in order).
  public let animationIDs: [String]
  /// The animation shown by default: the manifest's `activeAnimationId` when it names one
  /// of `animationIDs`, else the first.
  public let defaultAnimationID: String
  private let archive: ZipArchive

  /// Reads the archive's directory and manifest.
  public init(data: Data) throws(LottieError) {
    let archive = try ZipArchive([UInt8](data))
    var ids: [String] = []
    var active: String?
    if let manifest = archive.entry("manifest.json") {
      let root = try Self.json(archive.contents(of: manifest), entry: manifest.name)
      do {
        for a in try root.required("animations").array() {
          if let id = try a.optionalString("id") { ids.append(id) }
        }
        active = try root.optionalString("activeAnimationId")
      } catch {
        throw .invalidArchive(entry: manifest.name, reason: error.description)
      }
    } else {
      ids = archive.entries.compactMap { Self.animationID(member: $0.name) }
    }
    ids = ids.filter {
      archive.entry("animations/\($0).json") ?? archive.entry("a/\($0).json") != nil
    }
    guard let first = ids.first else {
      throw .invalidArchive(entry: "archive", reason: "holds no animation")
    }
    self.archive = archive
    animationIDs = ids
    defaultAnimationID = active.flatMap { ids.contains($0) ? $0 : nil } ?? first
  }

  /// Reads a `.lottie` file.
  public init(contentsOf url: URL) throws(LottieError) {
    try self.init(data: try LottieAnimation.read(url))
  }

  /// Parses the animation `id` (nil: ``defaultAnimationID``), with the archive's images.
  public func animation(id: String? = nil) throws(LottieError) -> LottieAnimation {
    LottieAnimation(composition: try composition(id: id))
  }

  func composition(id: String?) throws(LottieError) -> Composition {
    let id = id ?? defaultAnimationID
    guard animationIDs.contains(id),
      let member = archive.entry("animations/\(id).json") ?? archive.entry("a/\(id).json")
    else { throw .invalidArchive(entry: "manifest.json", reason: "no animation \"\(id)\"") }
    let root = try Self.json(archive.contents(of: member), entry: member.name)
    // An image member that is damaged fails the load, after the parse that asked for it.
    // Each member is inflated once however many assets use it, and all of them together
    // at most `maxImageBytes`, so that many assets naming a large member stay bounded.
    var imageError: LottieError?
    var images: [String: Data] = [:]
    var inflated = 0
    let composition = try Composition(root) { folder, name in
      guard imageError == nil, let entry = imageEntry(folder: folder, name: name) else {
        return nil
      }
      if let data = images[entry.name] { return data }
      guard entry.size <= Self.maxImageBytes - inflated else {
        imageError = .limitExceeded(
          path: entry.name, limit: "\(Self.maxImageBytes >> 20) MiB of images per animation")
        return nil
      }
      do throws(LottieError) {
        let data = Data(try archive.contents(of: entry))
        inflated += data.count
        images[entry.name] = data
        return data
      } catch {
        imageError = error
        return nil
      }
    }
    if let imageError { throw imageError }
    return composition
  }

  /// The most image bytes one animation may take from the archive (256 MiB).
  static let maxImageBytes = 256 << 20

  /// The member holding image `name` of asset folder `folder` (`/images/`, `images/`).
  private func imageEntry(folder: String, name: String) -> ZipArchive.Entry? {
    guard !name.isEmpty else { return nil }
    var path = folder + name
    while path.hasPrefix("/") || path.hasPrefix("./") {
      path.removeFirst(path.hasPrefix("/") ? 1 : 2)
    }
    return archive.entry(path) ?? archive.entry("images/\(name)") ?? archive.entry("i/\(name)")
  }

  /// The animation id of member `name` when it is an animation (`animations/ID.json`).
  private static func animationID(member name: String) -> String? {
    for folder in ["animations/", "a/"] where name.hasPrefix(folder) && name.hasSuffix(".json") {
      let id = name.dropFirst(folder.count).dropLast(5)
      if !id.isEmpty, !id.contains("/") { return String(id) }
    }
    return nil
  }

  private static func json(_ bytes: [UInt8], entry: String) throws(LottieError) -> JSONNode {
    do {
      return try JSONNode.parse(Data(bytes))
    } catch {
      throw .invalidArchive(entry: entry, reason: error.description)
    }
  }
}
