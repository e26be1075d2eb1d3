import Foundation
import Synchronization

/// A layer that shows an image loaded by ``ImageLoader``: a placeholder until the image
/// arrives, then the image faded in.
///
/// The layer's own `contents` is the placeholder (`placeholder`, drawn with the layer's
/// `contentsGravity`); the loaded image goes into ``imageLayer``, a sublayer that fills the
/// bounds. A memory-cache hit shows the image at once, without a fade. A load that has to
/// wait finishes on another thread; layers belong to their context's thread, so the result
/// waits in the layer until the owner calls ``deliverCompletedLoad()`` on that thread (the
/// viewer does so every frame). Then ``imageLayer``'s opacity animates from 0 to 1 over
/// ``fadeDuration``. A failed load leaves the placeholder and records the error in
/// ``loadState``.
open class ImageLoadingLayer: CALayer {
  /// Where a load stands.
  public enum LoadState: Equatable, Sendable {
    /// Nothing asked for, or the last load was cancelled.
    case idle
    /// Waiting for the image of the URL.
    case loading(URL)
    /// Showing the image of the URL; `fromCache` when it came from the memory cache.
    case loaded(URL, fromCache: Bool)
    /// The URL gave no image; the placeholder stays.
    case failed(URL, ImageLoadingError)
  }

  /// The sublayer that shows the loaded image.
  public let imageLayer = CALayer()
  /// The placeholder image shown until an image loads; nil shows the background only.
  public var placeholder: CGImage? {
    didSet { withoutActions { contents = placeholder } }
  }
  /// Seconds the image takes to fade in after a load that had to wait. Default 0.3.
  public var fadeDuration: CFTimeInterval = 0.3
  /// Where the current load stands.
  public private(set) var loadState: LoadState = .idle

  private var task: Task<CGImage, any Error>?
  private var watcher: Task<Void, Never>?
  private var outcome = OutcomeBox()
  private var currentLoader: ImageLoader?

  public override init() {
    super.init()
    imageLayer.contentsGravity = .resizeAspectFill
    imageLayer.masksToBounds = true
    withoutActions { imageLayer.opacity = 0 }
    addSublayer(imageLayer)
  }

  public required init(layer: Any) {
    super.init(layer: layer)
  }

  open override func layoutSublayers() {
    super.layoutSublayers()
    withoutActions { imageLayer.frame = bounds }
  }

  /// Starts showing the image at `url`, cancelling a load in progress.
  public func load(_ url: URL, with loader: ImageLoader) {
    cancelLoad()
    currentLoader = loader
    withoutActions { imageLayer.frame = bounds }
    switch loader.loadImage(from: url) {
    case .cached(let image):
      withoutActions {
        imageLayer.contents = image
        imageLayer.opacity = 1
      }
      loadState = .loaded(url, fromCache: true)
    case .inProgress(let task):
      withoutActions {
        imageLayer.contents = nil
        imageLayer.opacity = 0
      }
      loadState = .loading(url)
      self.task = task
      let box = OutcomeBox()
      outcome = box
      watcher = Task.detached {
        let result = await task.result
        box.value.withLock { $0 = result }
      }
    }
  }

  /// Cancels the load in progress, if any; the placeholder stays.
  public func cancelLoad() {
    task?.cancel()
    task = nil
    watcher = nil
    outcome = OutcomeBox()
    if case .loading = loadState { loadState = .idle }
  }

  /// Waits until the load in progress has finished (or returns at once when there is
  /// none). Call ``deliverCompletedLoad()`` afterwards, on the layer's thread.
  public func waitForLoad() async {
    await watcher?.value
  }

  /// Delivers the load in progress now: its task's result if it has finished, otherwise
  /// the task is cancelled and the `file:` URL is loaded on the calling thread through the
  /// same loader and caches. For scripted scenes and headless rendering, where a frame
  /// must show the loaded image deterministically without waiting on the concurrency pool.
  /// - Returns: true when a load was delivered.
  @discardableResult
  public func finishLoad() -> Bool {
    guard case .loading(let url) = loadState, let loader = currentLoader else { return false }
    if outcome.value.withLock({ $0 == nil }) {
      task?.cancel()
      let box = OutcomeBox()
      outcome = box
      let result: Result<CGImage, any Error>
      do {
        result = .success(try loader.loadImageSynchronously(from: url))
      } catch {
        result = .failure(error)
      }
      box.value.withLock { $0 = result }
    }
    return deliverCompletedLoad()
  }

  /// Shows the finished load's image (fading it in) or records its failure.
  /// - Returns: true when a load finished since the last call.
  @discardableResult
  public func deliverCompletedLoad() -> Bool {
    guard case .loading(let url) = loadState,
      let result = outcome.value.withLock({ value -> Result<CGImage, any Error>? in
        defer { value = nil }
        return value
      })
    else { return false }
    task = nil
    watcher = nil
    switch result {
    case .success(let image):
      withoutActions { imageLayer.contents = image }
      let fade = CABasicAnimation(keyPath: "opacity")
      fade.fromValue = 0
      fade.toValue = 1
      fade.duration = fadeDuration
      fade.timingFunction = CAMediaTimingFunction(name: .easeOut)
      withoutActions { imageLayer.opacity = 1 }
      imageLayer.add(fade, forKey: "fadeIn")
      loadState = .loaded(url, fromCache: false)
    case .failure(let error as ImageLoadingError):
      loadState = .failed(url, error)
    case .failure(is CancellationError):
      loadState = .idle
    case .failure(let error):
      loadState = .failed(url, .transportFailed(url: url, reason: "\(error)"))
    }
    return true
  }

  private func withoutActions(_ body: () -> Void) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    body()
    CATransaction.commit()
  }
}

/// The finished load, handed from the task that awaited it to the layer's thread.
private final class OutcomeBox: Sendable {
  let value = Mutex<Result<CGImage, any Error>?>(nil)
}
