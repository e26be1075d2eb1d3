internal import CSDL2

/// The few OpenGL entry points a ``GLWindowPresenter`` calls, loaded at run time with
/// `SDL_GL_GetProcAddress` so that nothing but SDL is linked at build time.
///
/// Loading needs a current context. It fails, with the names of what is missing, when the
/// driver lacks any of them or its version is below OpenGL 3.0 / OpenGL ES 3.0 (the first
/// with `glBlitFramebuffer`, which draws the texture without a shader).
struct GLFunctions {
  typealias Enum = UInt32
  typealias GetString = @convention(c) (Enum) -> UnsafePointer<UInt8>?
  typealias GetError = @convention(c) () -> Enum
  typealias GenNames = @convention(c) (Int32, UnsafeMutablePointer<UInt32>?) -> Void
  typealias DeleteNames = @convention(c) (Int32, UnsafePointer<UInt32>?) -> Void
  typealias BindName = @convention(c) (Enum, UInt32) -> Void
  typealias SetParameter = @convention(c) (Enum, Enum, Int32) -> Void
  typealias PixelStore = @convention(c) (Enum, Int32) -> Void
  typealias TexImage2D =
    @convention(c) (
      Enum, Int32, Int32, Int32, Int32, Int32, Enum, Enum, UnsafeRawPointer?
    ) -> Void
  typealias TexSubImage2D =
    @convention(c) (
      Enum, Int32, Int32, Int32, Int32, Int32, Enum, Enum, UnsafeRawPointer?
    ) -> Void
  typealias FramebufferTexture2D = @convention(c) (Enum, Enum, Enum, UInt32, Int32) -> Void
  typealias CheckFramebufferStatus = @convention(c) (Enum) -> Enum
  typealias BlitFramebuffer =
    @convention(c) (
      Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, UInt32, Enum
    ) -> Void
  typealias ClearColor = @convention(c) (Float, Float, Float, Float) -> Void
  typealias Clear = @convention(c) (UInt32) -> Void
  typealias ReadPixels =
    @convention(c) (
      Int32, Int32, Int32, Int32, Enum, Enum, UnsafeMutableRawPointer?
    ) -> Void

  let getString: GetString
  let getError: GetError
  let genTextures: GenNames
  let deleteTextures: DeleteNames
  let bindTexture: BindName
  let texParameteri: SetParameter
  let pixelStorei: PixelStore
  let texImage2D: TexImage2D
  let texSubImage2D: TexSubImage2D
  let genFramebuffers: GenNames
  let deleteFramebuffers: DeleteNames
  let bindFramebuffer: BindName
  let framebufferTexture2D: FramebufferTexture2D
  let checkFramebufferStatus: CheckFramebufferStatus
  let blitFramebuffer: BlitFramebuffer
  let clearColor: ClearColor
  let clear: Clear
  let readPixels: ReadPixels
  /// `GL_VERSION` as the driver reports it.
  let version: String
  /// `GL_RENDERER` as the driver reports it (`"llvmpipe (LLVM 15.0.7, 256 bits)"`…).
  let rendererName: String

  /// Loads every entry point from the context current on this thread.
  ///
  /// - Throws: ``SDLError`` naming the missing functions, or the version when it is too
  ///   old.
  init() throws(SDLError) {
    var missing: [String] = []
    func load<F>(_ name: String, as type: F.Type) -> F? {
      guard let address = SDL_GL_GetProcAddress(name) else {
        missing.append(name)
        return nil
      }
      return unsafeBitCast(address, to: type)
    }
    let getString = load("glGetString", as: GetString.self)
    let getError = load("glGetError", as: GetError.self)
    let genTextures = load("glGenTextures", as: GenNames.self)
    let deleteTextures = load("glDeleteTextures", as: DeleteNames.self)
    let bindTexture = load("glBindTexture", as: BindName.self)
    let texParameteri = load("glTexParameteri", as: SetParameter.self)
    let pixelStorei = load("glPixelStorei", as: PixelStore.self)
    let texImage2D = load("glTexImage2D", as: TexImage2D.self)
    let texSubImage2D = load("glTexSubImage2D", as: TexSubImage2D.self)
    let genFramebuffers = load("glGenFramebuffers", as: GenNames.self)
    let deleteFramebuffers = load("glDeleteFramebuffers", as: DeleteNames.self)
    let bindFramebuffer = load("glBindFramebuffer", as: BindName.self)
    let framebufferTexture2D = load("glFramebufferTexture2D", as: FramebufferTexture2D.self)
    let checkStatus = load("glCheckFramebufferStatus", as: CheckFramebufferStatus.self)
    let blitFramebuffer = load("glBlitFramebuffer", as: BlitFramebuffer.self)
    let clearColor = load("glClearColor", as: ClearColor.self)
    let clear = load("glClear", as: Clear.self)
    let readPixels = load("glReadPixels", as: ReadPixels.self)
    guard missing.isEmpty, let getString, let getError, let genTextures, let deleteTextures,
      let bindTexture, let texParameteri, let pixelStorei, let texImage2D, let texSubImage2D,
      let genFramebuffers, let deleteFramebuffers, let bindFramebuffer, let framebufferTexture2D,
      let checkStatus, let blitFramebuffer, let clearColor, let clear, let readPixels
    else {
      throw SDLError(
        function: "SDL_GL_GetProcAddress",
        message: "the GL driver lacks \(missing.joined(separator: ", "))")
    }
    let version = getString(GL.version).map { String(cString: $0) } ?? ""
    guard let major = Self.majorVersion(version), major >= 3 else {
      throw SDLError(
        function: "glGetString",
        message: "GL version '\(version)' is below 3.0 (glBlitFramebuffer is needed)")
    }
    self.getString = getString
    self.getError = getError
    self.genTextures = genTextures
    self.deleteTextures = deleteTextures
    self.bindTexture = bindTexture
    self.texParameteri = texParameteri
    self.pixelStorei = pixelStorei
    self.texImage2D = texImage2D
    self.texSubImage2D = texSubImage2D
    self.genFramebuffers = genFramebuffers
    self.deleteFramebuffers = deleteFramebuffers
    self.bindFramebuffer = bindFramebuffer
    self.framebufferTexture2D = framebufferTexture2D
    self.checkFramebufferStatus = checkStatus
    self.blitFramebuffer = blitFramebuffer
    self.clearColor = clearColor
    self.clear = clear
    self.readPixels = readPixels
    self.version = version
    rendererName = getString(GL.renderer).map { String(cString: $0) } ?? "unknown"
  }

  /// The major version in a `GL_VERSION` string: `"4.5 (Compatibility Profile) Mesa 23"`
  /// → 4, `"OpenGL ES 3.2 Mesa"` → 3; nil when there is none.
  static func majorVersion(_ version: String) -> Int? {
    let trimmed = version.hasPrefix("OpenGL ES ") ? version.dropFirst(10) : Substring(version)
    guard let dot = trimmed.firstIndex(of: ".") else { return nil }
    return Int(trimmed[..<dot])
  }

  /// Throws when `glGetError` reports an error, naming `function`.
  func check(_ function: String) throws(SDLError) {
    let code = getError()
    guard code != 0 else { return }
    // Later errors queue behind the first; drain them so they are not blamed on the next call.
    for _ in 0..<8 where getError() != 0 {}
    throw SDLError(function: function, message: "GL error 0x\(String(code, radix: 16))")
  }
}

/// The OpenGL constants a ``GLWindowPresenter`` uses (values from the Khronos registry).
enum GL {
  static let renderer: UInt32 = 0x1F01
  static let version: UInt32 = 0x1F02
  static let texture2D: UInt32 = 0x0DE1
  static let rgba: UInt32 = 0x1908
  static let rgba8: Int32 = 0x8058
  static let unsignedByte: UInt32 = 0x1401
  static let textureMinFilter: UInt32 = 0x2801
  static let textureMagFilter: UInt32 = 0x2800
  static let nearest: Int32 = 0x2600
  static let unpackRowLength: UInt32 = 0x0CF2
  static let unpackAlignment: UInt32 = 0x0CF5
  static let packAlignment: UInt32 = 0x0D05
  static let readFramebuffer: UInt32 = 0x8CA8
  static let drawFramebuffer: UInt32 = 0x8CA9
  static let colorAttachment0: UInt32 = 0x8CE0
  static let framebufferComplete: UInt32 = 0x8CD5
  static let colorBufferBit: UInt32 = 0x4000
}
