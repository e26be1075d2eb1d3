import Foundation

/// An input or window event, translated from SDL.
///
/// Locations are in points with a top-left origin — the coordinate space of the root
/// layer, ready for `hitTest(_:)` — and also in framebuffer pixels.
public enum HostEvent: Equatable, Sendable {
  case mouseDown(MouseEvent)
  case mouseUp(MouseEvent)
  /// The pointer moved; `button` is nil, `pressedButtons` says what is held.
  case mouseMoved(MouseEvent)
  case scrollWheel(ScrollEvent)
  case keyDown(KeyEvent)
  case keyUp(KeyEvent)
  /// Text typed, after the keyboard layout and input method: one or more characters.
  case textInput(String)
  /// The window changed size; the next frame's ``FrameInfo`` has the new size.
  case resized(WindowSize)
  /// The user asked to close the window (title bar button, window manager).
  case closeRequested
  /// The application was asked to quit (last window closed, SIGINT, …).
  case quit
}

/// A mouse button.
public enum MouseButton: Int, Hashable, Sendable, CaseIterable {
  case left = 1
  case middle, right, back, forward
}

/// A mouse button press, release or pointer motion.
public struct MouseEvent: Equatable, Sendable {
  /// Where the pointer is, in points from the window's top-left corner.
  public var location: CGPoint
  /// The same place in framebuffer pixels (`location · scale`).
  public var pixelLocation: CGPoint
  /// The button pressed or released; nil for motion.
  public var button: MouseButton?
  /// The buttons held down, after this event.
  public var pressedButtons: Set<MouseButton>
  /// 1 for a single click, 2 for a double click, …; 0 for motion.
  public var clickCount: Int

  public init(
    location: CGPoint, pixelLocation: CGPoint, button: MouseButton?,
    pressedButtons: Set<MouseButton>, clickCount: Int
  ) {
    self.location = location
    self.pixelLocation = pixelLocation
    self.button = button
    self.pressedButtons = pressedButtons
    self.clickCount = clickCount
  }
}

/// A scroll-wheel or trackpad scroll.
public struct ScrollEvent: Equatable, Sendable {
  /// Scroll amounts in wheel steps (fractional for precise devices); positive `deltaY`
  /// scrolls up (away from the user), positive `deltaX` to the right.
  public var deltaX: CGFloat
  public var deltaY: CGFloat
  /// Where the pointer is, in points from the window's top-left corner.
  public var location: CGPoint
  /// The same place in framebuffer pixels.
  public var pixelLocation: CGPoint

  public init(deltaX: CGFloat, deltaY: CGFloat, location: CGPoint, pixelLocation: CGPoint) {
    self.deltaX = deltaX
    self.deltaY = deltaY
    self.location = location
    self.pixelLocation = pixelLocation
  }
}

/// A key press or release.
public struct KeyEvent: Equatable, Sendable {
  /// The key's name under the current layout, as SDL spells it: `"A"`, `"Escape"`,
  /// `"Return"`, `"Space"`, `"Left"`, `"F1"`. Use ``HostEvent/textInput(_:)`` for text.
  public var key: String
  /// SDL's layout-dependent key code (`SDL_Keycode`), for exact comparisons.
  public var keyCode: Int32
  /// The modifier keys held during the event.
  public var modifiers: KeyModifiers
  /// True when the key is held and this is an auto-repeat.
  public var isRepeat: Bool

  public init(key: String, keyCode: Int32, modifiers: KeyModifiers, isRepeat: Bool) {
    self.key = key
    self.keyCode = keyCode
    self.modifiers = modifiers
    self.isRepeat = isRepeat
  }
}

/// Modifier keys held during a key event; left and right keys are not told apart.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  public let rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  public static let shift = KeyModifiers(rawValue: 1 << 0)
  public static let control = KeyModifiers(rawValue: 1 << 1)
  /// Alt, or Option on Apple keyboards.
  public static let alternate = KeyModifiers(rawValue: 1 << 2)
  /// The Super/Windows key, or Command on Apple keyboards.
  public static let command = KeyModifiers(rawValue: 1 << 3)
  public static let capsLock = KeyModifiers(rawValue: 1 << 4)
}

/// A window's size in points and in framebuffer pixels.
public struct WindowSize: Equatable, Sendable {
  public var pointSize: CGSize
  public var pixelWidth: Int
  public var pixelHeight: Int

  public init(pointSize: CGSize, pixelWidth: Int, pixelHeight: Int) {
    self.pointSize = pointSize
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
  }

  /// Pixels per point (horizontally); 1 when the window has no width.
  public var scale: CGFloat {
    pointSize.width > 0 ? CGFloat(pixelWidth) / pointSize.width : 1
  }
}
