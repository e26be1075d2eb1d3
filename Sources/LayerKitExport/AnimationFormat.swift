/// The container an animation is exported to, chosen by the file name's extension.
public enum AnimationFormat: String, CaseIterable, Sendable {
  /// Animated GIF through giflib: 256 colours per frame (median cut, dithered), 1-bit
  /// transparency, delays in centiseconds.
  case gif
  /// Animated WebP through libwebp's mux: full colour and alpha, delays in milliseconds.
  case webp
  /// H.264 (or ffmpeg's default MP4 codec) through an `ffmpeg` process; opaque.
  case mp4

  /// The format for `path`'s extension (case-insensitive), or nil.
  public init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    self.init(rawValue: path[path.index(after: dot)...].lowercased())
  }
}
