import Foundation
import LayerKitDemos
import Testing

@testable import LayerKitSDL

/// The loader's `http:` path through `URLSession`, against a server on 127.0.0.1.
@Suite struct ImageLoaderHTTPTests {
  @Test func fetchesDecodesAndCachesAnHTTPImage() async throws {
    let image = DemoImages.swatch(
      width: 10, height: 6, color: CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1), stripes: 2)
    let png = try #require(image.pngData())
    let server = try #require(LoopbackHTTPServer(responses: ["/picture.png": (200, png)]))
    defer { server.stop() }
    let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/picture.png"))
    let loader = ImageLoader()
    guard case .inProgress(let task) = loader.loadImage(from: url) else {
      Issue.record("an empty cache must start a task")
      return
    }
    #expect(try await task.value == image)
    guard case .cached(let cached) = loader.loadImage(from: url) else {
      Issue.record("the second load must come from the memory cache")
      return
    }
    #expect(cached == image)
  }

  @Test func anErrorStatusIsATypedError() async throws {
    let server = try #require(LoopbackHTTPServer(responses: [:]))
    defer { server.stop() }
    let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/missing.png"))
    guard case .inProgress(let task) = ImageLoader().loadImage(from: url) else {
      Issue.record("an empty cache must start a task")
      return
    }
    do {
      _ = try await task.value
      Issue.record("a 404 must fail")
    } catch let error as ImageLoadingError {
      guard case .httpStatus(_, let status) = error else {
        Issue.record("expected httpStatus, got \(error)")
        return
      }
      #expect(status == 404)
    }
  }

  @Test func aRefusedConnectionIsATransportFailure() async throws {
    // A port that was just listening and is now closed refuses at once.
    let server = try #require(LoopbackHTTPServer(responses: [:]))
    let port = server.port
    server.stop()
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/picture.png"))
    guard case .inProgress(let task) = ImageLoader().loadImage(from: url) else {
      Issue.record("an empty cache must start a task")
      return
    }
    do {
      _ = try await task.value
      Issue.record("a refused connection must fail")
    } catch let error as ImageLoadingError {
      guard case .transportFailed = error else {
        Issue.record("expected transportFailed, got \(error)")
        return
      }
    }
  }
}
