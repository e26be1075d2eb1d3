internal import CSDL2
import Foundation
import Synchronization

/// Reference-counted ownership of SDL's video and events subsystems.
///
/// Each ``LayerHost`` acquires the runtime when it opens and releases it when it closes;
/// SDL is initialised by the first acquirer and shut down (`SDL_Quit`) by the last, so
/// tests can create and destroy hosts one after another. The count is process-wide and
/// guarded by a lock.
enum SDLRuntime {
  private struct State {
    var users = 0
    var driver = ""
  }

  private static let state = Mutex(State())

  /// Drivers that open no visible window; SDL falls back to them when there is no
  /// display, so they are used only when asked for by name.
  static let invisibleDrivers: Set<String> = ["offscreen", "dummy", "evdev"]

  /// The number of live acquisitions; zero means SDL is not initialised by LayerKit.
  static var userCount: Int { state.withLock { $0.users } }

  /// Initialises SDL's video subsystem if nobody has, and counts one more user.
  ///
  /// - Parameter driver: the SDL video driver to use (`"x11"`, `"wayland"`, `"dummy"`…),
  ///   or nil for SDL's own choice (which honours `SDL_VIDEODRIVER`). A driver can only be
  ///   chosen by the first user; asking for a different one while SDL is running throws.
  /// - Returns: the name of the video driver in use.
  static func acquireVideo(driver: String?) throws(SDLError) -> String {
    try state.withLock { (s: inout State) throws(SDLError) -> String in
      if s.users > 0 {
        if let driver, driver != s.driver {
          throw SDLError(
            function: "SDL_InitSubSystem",
            message: "video is already running with driver '\(s.driver)'; "
              + "cannot switch to '\(driver)' until every host is closed")
        }
        s.users += 1
        return s.driver
      }
      if let driver {
        SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, driver, SDL_HINT_OVERRIDE)
      }
      try SDLCall.check("SDL_InitSubSystem") {
        SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
      }
      let current = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
      let requested = driver ?? ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"]
      if invisibleDrivers.contains(current), requested != current {
        SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
        SDL_Quit()
        throw SDLError(
          function: "SDL_InitSubSystem",
          message: "no display found (set DISPLAY or WAYLAND_DISPLAY); SDL fell back to its "
            + "'\(current)' driver, which shows nothing. Ask for it by name to render headless")
      }
      s.driver = current
      s.users = 1
      return s.driver
    }
  }

  /// Counts one user less, and shuts SDL down when it was the last.
  static func releaseVideo() {
    state.withLock { s in
      precondition(s.users > 0, "SDLRuntime.releaseVideo without a matching acquire")
      s.users -= 1
      if s.users == 0 {
        SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
        SDL_Quit()
        s.driver = ""
      }
    }
  }
}
