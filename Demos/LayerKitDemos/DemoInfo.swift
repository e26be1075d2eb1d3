import LayerKit

/// One demo scene: what the viewer lists, shows and renders to PNG.
public struct DemoInfo: Sendable {
  /// The name used on the command line (`--demo test-pattern`): lowercase, dashes.
  public let name: String
  /// A short human title for window titles and listings.
  public let title: String
  /// The length of one run of the demo in seconds; the viewer loops it.
  public let duration: Double
  /// Renders the demo at a time into an image of the requested size.
  public let render: @Sendable (DemoFrameRequest) -> CGImage
  /// Builds the demo as a live layer tree in a container (nil for demos drawn straight
  /// into pixels, such as the test pattern).
  public let makeDriver: (@Sendable (CALayer, CAContext) -> SceneDriver)?

  public init(
    name: String, title: String, duration: Double,
    makeDriver: (@Sendable (CALayer, CAContext) -> SceneDriver)? = nil,
    render: @escaping @Sendable (DemoFrameRequest) -> CGImage
  ) {
    self.name = name
    self.title = title
    self.duration = duration
    self.makeDriver = makeDriver
    self.render = render
  }
}

/// What a demo is asked to draw: a time and a framebuffer.
public struct DemoFrameRequest: Equatable, Sendable {
  /// Seconds since the demo started.
  public var time: Double
  /// The image size in pixels.
  public var pixelWidth: Int
  public var pixelHeight: Int
  /// Pixels per point (2 for a HiDPI window); the scene is laid out in points.
  public var scale: CGFloat

  public init(time: Double, pixelWidth: Int, pixelHeight: Int, scale: CGFloat = 1) {
    self.time = time
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.scale = scale
  }
}
