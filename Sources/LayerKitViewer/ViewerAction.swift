import Foundation

/// What the viewer was asked to do: the checked result of ``ViewerCommand``'s flags.
enum ViewerAction: Equatable {
  /// Open a window showing a demo (nil: the first).
  case interactive(WindowOptions)
  /// Render one frame of one demo to a PNG file.
  case renderOne(demo: String, time: Double?, size: PixelSize, out: String)
  /// Render one frame of every demo into a directory.
  case renderAll(time: Double?, size: PixelSize, out: String)
  /// Render a sequence of frames of one demo (nil: every demo) into a directory.
  case renderFrames(demo: String?, count: Int, fps: Double, size: PixelSize, out: String)
  /// Write an animation of one demo (GIF, WebP or MP4 by the file's extension).
  case export(ExportOptions)
  /// Render a Lottie file at `progress` (0…1) to a PNG, framed like Apple's snapshots;
  /// `size` nil: the snapshot size.
  case renderLottie(file: String, progress: Double, size: PixelSize?, out: String)
  /// Write an animation of a Lottie file from its first frame; `duration` nil: the file's,
  /// `size` nil: the snapshot size.
  case exportLottie(file: String, duration: Double?, fps: Double, size: PixelSize?, out: String)
  case list

  /// How to run the window.
  struct WindowOptions: Equatable {
    var demo: String?
    var width: Int
    var height: Int
    var vsync: Bool
    /// Quit by itself after this many frames (for scripted runs and tests).
    var quitAfterFrames: Int?
    /// Where to save the last frame shown, read back from the window, when it closes.
    var screenshot: String?
    /// A Lottie file to play first, as a scene before the demos.
    var lottie: String? = nil
    /// Present through GL from a render thread (`LayerHost`'s `.renderThread`).
    var glThread = false
    /// What composites the frames: the CPU compositor, or the GL backend on the render
    /// thread (which needs `glThread`'s render thread).
    var backend: CompositorChoice = .cpu
  }

  /// An image size and its pixels-per-point scale.
  struct PixelSize: Equatable {
    var width: Int
    var height: Int
    var scale: Double

    var pixelWidth: Int { Int((Double(width) * scale).rounded()) }
    var pixelHeight: Int { Int((Double(height) * scale).rounded()) }
  }

  /// An animation export: `duration` seconds of the demo from time 0 at `fps`.
  struct ExportOptions: Equatable {
    var demo: String
    /// Seconds; nil: the demo's own duration.
    var duration: Double?
    var fps: Double
    var size: PixelSize
    var out: String
  }
}

/// The compositor a window draws with (`--backend`).
enum CompositorChoice: String, Equatable, CaseIterable {
  /// LayerKit's CPU compositor.
  case cpu
  /// The GL ES backend (`LayerKitGL`), on the render server's thread.
  case gl
}
