import Dispatch

extension CARenderer {
  /// Where the time of one ``CARenderer/render(in:scale:)`` call went, for frame-time
  /// overlays and benchmarks.
  ///
  /// Times are wall-clock seconds on the calling thread; when compositing runs in bands
  /// on several cores, `compositing` is the time until the last band finished.
  public struct FrameStatistics: Equatable, Sendable {
    /// Evaluating the presentation tree at the clock's time (animations, timing).
    public var evaluation: Double = 0
    /// Snapshotting the presentation into the render tree (layout and `display()` of
    /// layers that need it included) and finding the damage.
    public var treeBuild: Double = 0
    /// Clearing and redrawing the damaged rectangles.
    public var compositing: Double = 0
    /// Pixels redrawn: the area of the damaged rectangles.
    public var damagedPixels = 0
    /// The most bands any damaged rectangle was split into (1: one thread).
    public var bands = 1
    /// Layer bitmaps drawn this frame: `shouldRasterize` bitmaps, the flattened bitmaps of
    /// layers under perspective and the blurred masks of content-shaped shadows, each
    /// drawn when it is first needed or its own content changed. A frame in which only
    /// positions, transforms or opacities moved draws none.
    public var bitmapsDrawn = 0
    /// Layer bitmaps composited this frame from what an earlier frame drew (once per
    /// damaged rectangle that shows them).
    public var bitmapsReused = 0

    public init() {}

    /// `evaluation + treeBuild + compositing`.
    public var total: Double { evaluation + treeBuild + compositing }
  }

  /// Seconds since an arbitrary origin, for the statistics.
  static func seconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
  }
}
