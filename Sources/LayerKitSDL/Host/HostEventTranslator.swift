internal import CSDL2
import Foundation

/// Turns SDL events for one window into ``HostEvent``s.
///
/// A struct with one piece of state: the mouse buttons held, which SDL's button events do
/// not carry. Events addressed to other windows, and event types LayerKit has no use
/// for, translate to nil.
struct HostEventTranslator {
  /// The window whose events are translated (`SDL_GetWindowID`).
  let windowID: UInt32
  /// Buttons held down, from the presses and releases seen so far.
  private(set) var pressedButtons: Set<MouseButton> = []

  init(windowID: UInt32) {
    self.windowID = windowID
  }

  /// The host event for `event`, or nil when there is none.
  ///
  /// - Parameter size: the window's current size, read only for resizes and to convert
  ///   points to pixels.
  mutating func translate(_ event: SDL_Event, size: () -> WindowSize) -> HostEvent? {
    let type = event.type
    switch type {
    case SDL_QUIT.rawValue:
      return .quit
    case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
      let e = event.button
      guard isOurs(e.windowID), let button = MouseButton(rawValue: Int(e.button)) else {
        return nil
      }
      let down = type == SDL_MOUSEBUTTONDOWN.rawValue
      if down { pressedButtons.insert(button) } else { pressedButtons.remove(button) }
      let mouse = mouseEvent(
        x: e.x, y: e.y, button: button, pressed: pressedButtons,
        clicks: Int(e.clicks), scale: size().scale)
      return down ? .mouseDown(mouse) : .mouseUp(mouse)
    case SDL_MOUSEMOTION.rawValue:
      let e = event.motion
      guard isOurs(e.windowID) else { return nil }
      let held = Set(MouseButton.allCases.filter { e.state & (1 << UInt32($0.rawValue - 1)) != 0 })
      return .mouseMoved(
        mouseEvent(
          x: e.x, y: e.y, button: nil, pressed: held, clicks: 0,
          scale: size().scale))
    case SDL_MOUSEWHEEL.rawValue:
      let e = event.wheel
      guard isOurs(e.windowID) else { return nil }
      let flip: CGFloat = e.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
      let scale = size().scale
      let location = CGPoint(x: CGFloat(e.mouseX), y: CGFloat(e.mouseY))
      return .scrollWheel(
        ScrollEvent(
          deltaX: CGFloat(e.preciseX) * flip, deltaY: CGFloat(e.preciseY) * flip,
          location: location, pixelLocation: CGPoint(x: location.x * scale, y: location.y * scale)))
    case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue:
      let e = event.key
      guard isOurs(e.windowID) else { return nil }
      let name = SDL_GetKeyName(e.keysym.sym).map { String(cString: $0) } ?? ""
      let key = KeyEvent(
        key: name, keyCode: e.keysym.sym,
        modifiers: Self.modifiers(e.keysym.mod), isRepeat: e.repeat != 0)
      return type == SDL_KEYDOWN.rawValue ? .keyDown(key) : .keyUp(key)
    case SDL_TEXTINPUT.rawValue:
      var e = event.text
      guard isOurs(e.windowID) else { return nil }
      let text = withUnsafeBytes(of: &e.text) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      return text.isEmpty ? nil : .textInput(text)
    case SDL_WINDOWEVENT.rawValue:
      let e = event.window
      guard isOurs(e.windowID) else { return nil }
      switch UInt32(e.event) {
      case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue: return .resized(size())
      case SDL_WINDOWEVENT_CLOSE.rawValue: return .closeRequested
      default: return nil
      }
    default:
      return nil
    }
  }

  /// Events from SDL itself may carry window 0 (no window); they are ours too.
  private func isOurs(_ id: UInt32) -> Bool { id == windowID || id == 0 }

  private func mouseEvent(
    x: Int32, y: Int32, button: MouseButton?, pressed: Set<MouseButton>, clicks: Int,
    scale: CGFloat
  ) -> MouseEvent {
    let location = CGPoint(x: CGFloat(x), y: CGFloat(y))
    return MouseEvent(
      location: location, pixelLocation: CGPoint(x: location.x * scale, y: location.y * scale),
      button: button, pressedButtons: pressed, clickCount: clicks)
  }

  static func modifiers(_ mod: UInt16) -> KeyModifiers {
    var m: KeyModifiers = []
    let bits = UInt32(mod)
    if bits & KMOD_SHIFT.rawValue != 0 { m.insert(.shift) }
    if bits & KMOD_CTRL.rawValue != 0 { m.insert(.control) }
    if bits & KMOD_ALT.rawValue != 0 { m.insert(.alternate) }
    if bits & KMOD_GUI.rawValue != 0 { m.insert(.command) }
    if bits & KMOD_CAPS.rawValue != 0 { m.insert(.capsLock) }
    return m
  }
}
