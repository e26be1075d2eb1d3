internal import CSDL2

/// A failed SDL or SDL_image call: the function's name and SDL's own explanation.
///
/// Every SDL call in LayerKitSDL that can fail goes through `SDLCall`, which turns the
/// C convention (a negative return code or a null pointer) into this error, read from
/// `SDL_GetError()` on the calling thread at the moment of failure.
public struct SDLError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The C function that failed, for example `"SDL_CreateWindow"`.
  public let function: String
  /// What SDL said (`SDL_GetError()`), or a LayerKit explanation when SDL said nothing.
  public let message: String

  public init(function: String, message: String) {
    self.function = function
    self.message = message
  }

  public var description: String { "\(function) failed: \(message)" }
}

/// The one wrapper through which LayerKitSDL calls SDL functions that can fail.
enum SDLCall {
  /// SDL's error message for the calling thread, cleared after reading so that a later
  /// failure never reports a stale message.
  static func lastError() -> String {
    guard let c = SDL_GetError() else { return "unknown SDL error" }
    let message = String(cString: c)
    SDL_ClearError()
    return message.isEmpty ? "unknown SDL error" : message
  }

  /// Runs `body` and throws ``SDLError`` when it returns a negative code.
  ///
  /// - Returns: the non-negative code, for calls whose result means something.
  @discardableResult
  static func check(_ function: String, _ body: () -> Int32) throws(SDLError) -> Int32 {
    SDL_ClearError()
    let code = body()
    if code < 0 { throw SDLError(function: function, message: lastError()) }
    return code
  }

  /// Runs `body` with the bytes of `array`, passing its ``SDLError`` through
  /// (`withUnsafeBytes` itself only rethrows untyped errors).
  static func withBytes(_ array: [UInt8], _ body: (UnsafeRawBufferPointer) throws(SDLError) -> Void)
    throws(SDLError)
  {
    let outcome = array.withUnsafeBytes { raw -> Result<Void, SDLError> in
      do throws(SDLError) {
        try body(raw)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try outcome.get()
  }

  /// Runs `body` and throws ``SDLError`` when it returns null.
  static func nonNull<T>(_ function: String, _ body: () -> T?) throws(SDLError) -> T {
    SDL_ClearError()
    guard let value = body() else { throw SDLError(function: function, message: lastError()) }
    return value
  }
}
