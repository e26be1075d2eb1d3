import LayerKit
import Synchronization

/// The screen, as UIKit exposes it: its scale in pixels per point.
public final class UIScreen: Sendable {
  /// The screen LayerKit draws to.
  public static let main = UIScreen()

  private let state = Mutex<(scale: CGFloat, bounds: CGRect)>(
    (1, CGRect(x: 0, y: 0, width: 1280, height: 720)))

  /// Pixels per point; 1 unless the host sets it (a HiDPI window sets 2).
  public var scale: CGFloat {
    get { state.withLock { $0.scale } }
    set {
      guard newValue.isFinite, newValue > 0 else { return }
      state.withLock { $0.scale = newValue }
    }
  }

  /// The same as ``scale``.
  public var nativeScale: CGFloat { scale }

  /// The screen (window) size in points; 1280×720 unless the host sets it.
  public var bounds: CGRect {
    get { state.withLock { $0.bounds } }
    set { state.withLock { $0.bounds = newValue } }
  }
}
