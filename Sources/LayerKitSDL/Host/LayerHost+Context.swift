import Foundation

extension LayerHost {
  /// Shows a context's layer tree in the window until ``stop()`` is called or the window
  /// is closed: the few lines an app needs to put LayerKit on screen.
  ///
  /// Each frame:
  /// 1. pending events go to `onEvent`, mouse events with the frontmost model layer under
  ///    the pointer (hit-tested on the presentation tree, so a moving layer is hit where
  ///    it is seen);
  /// 2. the root layer is sized to the window (in points; actions disabled) and its
  ///    `contentsScale` set to the window's pixel scale;
  /// 3. `context.advance(by: 0)` commits the implicit transaction and evaluates the frame
  ///    at the context clock's time (share one `CASystemClock`, or the same
  ///    `CAManualClock`, between host and context);
  /// 4. `CARenderer` redraws only the damaged rectangles of a persistent bitmap, and only
  ///    those are uploaded to the streaming texture; a frame with no damage uploads and
  ///    presents nothing.
  ///
  /// Steps 2 and 3 and the render tree's build run while the previous frame's pixels are
  /// copied into the texture on another thread (``run(onEvent:prepare:frame:)``).
  ///
  /// A host that presents from a render thread (``Configuration/presentation``
  /// `.renderThread`, with GL) runs a `RenderServer` instead
  /// (``runServed(context:onEvent:prepare:)``): step 4 moves to the render thread, which
  /// keeps the animations running at the display's rate while this thread is busy.
  ///
  /// ```swift
  /// let context = CAContext()
  /// let root = CALayer()
  /// context.layer = root
  /// let host = try LayerHost(configuration: .init(title: "Hello"))
  /// try host.run(context: context) { event, layer in
  ///   if case .mouseDown = event { layer?.opacity = 0.5 }   // fades: an implicit animation
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - context: the context whose root layer fills the window.
  ///   - onEvent: called for every event with the hit layer (nil for non-mouse events and
  ///     when no layer is under the pointer).
  /// - Throws: ``SDLError`` when SDL fails; the loop stops first.
  public func run(
    context: CAContext, onEvent: (HostEvent, CALayer?) -> Void = { _, _ in }
  ) throws(SDLError) {
    // Presenting from a render thread: a render server draws, whatever this thread does.
    let served = try runServed(
      context: context,
      onEvent: { event in onEvent(event, Self.hitLayer(for: event, in: context)) },
      prepare: { info in
        Self.fit(context.layer, to: info)
        context.advance(by: 0)
      })
    if served { return }
    let renderer = CARenderer(context: context)
    var bitmap: FrameBitmap?
    try run(
      onEvent: { event in onEvent(event, Self.hitLayer(for: event, in: context)) },
      prepare: { info in
        Self.fit(context.layer, to: info)
        context.advance(by: 0)
        // A new bitmap for a new size; the previous one stays with its upload.
        if bitmap?.context.width != info.pixelWidth || bitmap?.context.height != info.pixelHeight {
          bitmap = CGContext(width: info.pixelWidth, height: info.pixelHeight).flatMap(
            FrameBitmap.init)
        }
        renderer.prepareFrame(width: info.pixelWidth, height: info.pixelHeight, scale: info.scale)
      },
      frame: { info in
        guard let bitmap else { return .unchanged }
        let damage = renderer.render(in: bitmap.context, scale: info.scale)
        return damage.isEmpty ? .unchanged : .bitmap(bitmap, damage: damage)
      })
  }

  /// The model layer under a mouse event's location, or nil.
  static func hitLayer(for event: HostEvent, in context: CAContext) -> CALayer? {
    let location: CGPoint
    switch event {
    case .mouseDown(let m), .mouseUp(let m), .mouseMoved(let m): location = m.location
    default: return nil
    }
    return context.layer?.presentation()?.hitTest(location)?.model()
  }

  /// Sizes the root layer to the window without animating it.
  static func fit(_ root: CALayer?, to info: FrameInfo) {
    guard let root else { return }
    let bounds = CGRect(origin: .zero, size: info.pointSize)
    guard root.bounds != bounds || root.contentsScale != info.scale else { return }
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    root.bounds = bounds
    root.position = CGPoint(x: bounds.midX, y: bounds.midY)
    root.contentsScale = info.scale
    CATransaction.commit()
  }
}
