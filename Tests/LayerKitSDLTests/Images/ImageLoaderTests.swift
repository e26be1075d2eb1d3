import Foundation
import LayerKitDemos
import Testing

@testable import LayerKitSDL

/// Seed 000's loader: memory cache, disk cache read-through, cancellation, typed errors.
@Suite struct ImageLoaderTests {
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "layerkit-loader-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func writeImage(to url: URL) throws -> CGImage {
    let image = DemoImages.swatch(
      width: 12, height: 8, color: CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1), stripes: 2)
    try #require(image.pngData()).write(to: url)
    return image
  }

  @Test func aMemoryCacheHitIsAnsweredSynchronously() async throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let url = dir.appendingPathComponent("a.png")
    let original = try Self.writeImage(to: url)
    let loader = ImageLoader()
    guard case .inProgress(let task) = loader.loadImage(from: url) else {
      Issue.record("an empty cache must start a task")
      return
    }
    let loaded = try await task.value
    #expect(loaded == original)
    guard case .cached(let cached) = loader.loadImage(from: url) else {
      Issue.record("the second load must come from the memory cache")
      return
    }
    #expect(cached === loaded)
  }

  @Test func loadsReadThroughTheDiskCache() async throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let url = dir.appendingPathComponent("b.png")
    let original = try Self.writeImage(to: url)
    let disk = try ImageDiskCache(directory: dir.appendingPathComponent("cache"))
    guard case .inProgress(let first) = ImageLoader(diskCache: disk).loadImage(from: url) else {
      return
    }
    _ = try await first.value
    #expect(disk.data(for: url) != nil)
    // The source is gone; a new loader (empty memory cache) still gets the bytes from disk.
    try FileManager.default.removeItem(at: url)
    guard case .inProgress(let second) = ImageLoader(diskCache: disk).loadImage(from: url) else {
      Issue.record("a new loader has an empty memory cache")
      return
    }
    #expect(try await second.value == original)
    // Without the disk cache the missing file is an error.
    guard case .inProgress(let third) = ImageLoader().loadImage(from: url) else { return }
    await #expect(throws: ImageLoadingError.self) { try await third.value }
  }

  @Test func cancellingALoadThrowsCancellationAndCachesNothing() async throws {
    let gate = AsyncStream<Void>.makeStream()
    let url = URL(fileURLWithPath: "/nonexistent/c.png")
    let loader = ImageLoader { _ in
      for await _ in gate.stream { break }
      return Data([0x89])
    }
    guard case .inProgress(let task) = loader.loadImage(from: url) else { return }
    task.cancel()
    gate.continuation.yield()
    gate.continuation.finish()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(loader.cachedImage(for: url) == nil)
  }

  @Test func brokenDataGivesATypedErrorAndTheLayerKeepsItsPlaceholder() async throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let url = dir.appendingPathComponent("broken.png")
    try Data("not an image".utf8).write(to: url)
    let loader = ImageLoader()
    guard case .inProgress(let task) = loader.loadImage(from: url) else { return }
    do {
      _ = try await task.value
      Issue.record("broken data must not decode")
    } catch let error as ImageLoadingError {
      guard case .invalidImageData(let failed, _) = error else {
        Issue.record("expected invalidImageData, got \(error)")
        return
      }
      #expect(failed == url)
    }
    let placeholder = try #require(CGImage(width: 1, height: 1, premultipliedRGBA: [9, 9, 9, 255]))
    let layer = ImageLoadingLayer()
    layer.placeholder = placeholder
    layer.load(url, with: loader)
    #expect(layer.finishLoad())
    guard case .failed(_, .invalidImageData) = layer.loadState else {
      Issue.record("expected a failed state, got \(layer.loadState)")
      return
    }
    #expect(layer.contents as? CGImage === placeholder)
    #expect(layer.imageLayer.contents == nil)
  }

  @Test(arguments: ["ftp://example.com/a.png", "data:image/png;base64,AAAA"])
  func unsupportedSchemesAreTypedErrors(_ string: String) async throws {
    let url = try #require(URL(string: string))
    guard case .inProgress(let task) = ImageLoader().loadImage(from: url) else { return }
    await #expect(throws: ImageLoadingError.unsupportedScheme(url: url)) { try await task.value }
  }

  @Test func theLayerFadesInAFirstLoadButNotACacheHit() async throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let url = dir.appendingPathComponent("d.png")
    let original = try Self.writeImage(to: url)
    let loader = ImageLoader()
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let layer = ImageLoadingLayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 12, height: 8)
    context.layer = layer
    context.commit()
    layer.load(url, with: loader)
    guard case .loading = layer.loadState else { return }
    await layer.waitForLoad()
    #expect(layer.deliverCompletedLoad())
    #expect(layer.loadState == .loaded(url, fromCache: false))
    #expect(layer.imageLayer.contents as? CGImage == original)
    context.advance(by: 0.15)
    let midway = try #require(layer.imageLayer.presentation()).opacity
    #expect(midway > 0.3 && midway < 1)
    context.advance(by: 0.3)
    #expect(layer.imageLayer.presentation()?.opacity == 1)
    // Loading again is a memory-cache hit: shown at once, no fade.
    let second = ImageLoadingLayer()
    second.load(url, with: loader)
    #expect(second.loadState == .loaded(url, fromCache: true))
    #expect(second.imageLayer.opacity == 1)
    #expect(second.imageLayer.animationKeys()?.isEmpty ?? true)
  }
}
