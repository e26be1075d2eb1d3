import LayerKit

/// The context being drawn into on this thread: inside a layer's `draw(in:)` (or its
/// delegate's `draw(_:in:)`), the layer's backing store; inside
/// ``UIGraphicsBeginImageContextWithOptions(_:_:_:)`` or ``UIGraphicsImageRenderer``,
/// the image's; otherwise nil.
public func UIGraphicsGetCurrentContext() -> CGContext? { CGContext.current }

/// Makes `context` current until ``UIGraphicsPopContext()``.
public func UIGraphicsPushContext(_ context: CGContext) { CGContext.pushCurrent(context) }

/// Ends the innermost ``UIGraphicsPushContext(_:)``.
public func UIGraphicsPopContext() { CGContext.popCurrent() }

/// Starts drawing an image of `size` points at `scale` pixels per point (0: the main
/// screen's scale); `opaque` is accepted and ignored (the bitmap always has alpha).
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat)
{
  let scale = scale > 0 ? scale : UIScreen.main.scale
  let width = max(1, Int((size.width * scale).rounded(.up)))
  let height = max(1, Int((size.height * scale).rounded(.up)))
  guard let context = CGContext(width: width, height: height) else { return }
  context.scaleBy(x: scale, y: scale)
  ImageContextScale.push(scale)
  UIGraphicsPushContext(context)
}

/// The image drawn so far in the innermost image context, or nil.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
  guard let scale = ImageContextScale.current,
    let image = UIGraphicsGetCurrentContext()?.makeImage()
  else { return nil }
  return UIImage(cgImage: image, scale: scale)
}

/// Ends the innermost ``UIGraphicsBeginImageContextWithOptions(_:_:_:)``.
public func UIGraphicsEndImageContext() {
  guard ImageContextScale.pop() else { return }
  UIGraphicsPopContext()
}

/// The scales of the open image contexts of this thread.
private enum ImageContextScale {
  private final class Stack { var scales: [CGFloat] = [] }
  private static var stack: Stack {
    let key = "LayerKitUIKitCompat.imageContextScales"
    if let stack = Thread.current.threadDictionary[key] as? Stack { return stack }
    let stack = Stack()
    Thread.current.threadDictionary[key] = stack
    return stack
  }
  static var current: CGFloat? { stack.scales.last }
  static func push(_ scale: CGFloat) { stack.scales.append(scale) }
  static func pop() -> Bool { stack.scales.popLast() != nil }
}

/// Draws images with a closure, as UIKit's renderer does.
public final class UIGraphicsImageRenderer {
  /// The image size in points.
  public let size: CGSize
  /// Pixels per point.
  public let scale: CGFloat

  /// A renderer for images of `size` points at the main screen's scale.
  public init(size: CGSize) {
    self.size = size
    scale = UIScreen.main.scale
  }

  /// The drawing context handed to ``image(actions:)``.
  public struct Context {
    /// The context to draw into, origin top left, in points.
    public let cgContext: CGContext
  }

  /// An image of everything `actions` draws; the context is current while it runs.
  public func image(actions: (Context) -> Void) -> UIImage {
    UIGraphicsBeginImageContextWithOptions(size, false, scale)
    defer { UIGraphicsEndImageContext() }
    if let context = UIGraphicsGetCurrentContext() { actions(Context(cgContext: context)) }
    return UIGraphicsGetImageFromCurrentImageContext() ?? UIImage()
  }
}
