import CEGL

/// ``GLLayerShader`` compiled and linked, with its uniform locations: made once when the
/// backend is made, never again.
final class GLLayerProgram {
  let id: GLuint
  /// Shader stages compiled and programs linked to make it (2 and 1).
  let compiles: Int
  /// `uViewport` and `uOrigin`: the target's size and device origin.
  let viewport, origin: GLint
  /// `uTexture` (texture unit 0), `uMask` (unit 1) and `uRecords` (unit 2, the draws'
  /// records, ``GLDrawRecord``).
  let texture, maskTexture, records: GLint
  /// The vertex array the quads are drawn with: attribute 0 is the instance's record
  /// (``GLQuadDrawer`` binds its buffer).
  let vertexArray: GLuint
  private let gl: GLFunctions
  /// The context the program lives in: it is deleted only there.
  private let context: any GLDrawingContext

  /// Compiles and links the program in `context` (current on this thread); `version` is
  /// the GLSL `#version` ("300 es" for the backend; "330 core" to check the same source
  /// on desktop GL).
  init(_ context: any GLDrawingContext, version: String = "300 es") throws(GLError) {
    self.context = context
    let gl = context.gl
    self.gl = gl
    let p = try Self.link(
      gl, vertex: GLLayerShader.vertex(version: version),
      fragment: GLLayerShader.fragment(version: version), name: "layer")
    id = p
    compiles = 3
    func at(_ name: String) -> GLint { gl.glGetUniformLocation(p, name) }
    viewport = at("uViewport")
    origin = at("uOrigin")
    texture = at("uTexture")
    maskTexture = at("uMask")
    records = at("uRecords")
    var vao: GLuint = 0
    gl.glGenVertexArrays(1, &vao)
    vertexArray = vao
  }

  deinit {
    // Names belong to one context: with another current here they would delete its
    // objects. A program whose context is current elsewhere goes with the context.
    guard context.makeCurrent() else { return }
    var vao = vertexArray
    gl.glDeleteVertexArrays(1, &vao)
    gl.glDeleteProgram(id)
  }

  /// Compiles the two stages `vertex` and `fragment` and links them into a program
  /// (two compiles and a link); `name` names it in a failure's `GLError`.
  static func link(_ gl: GLFunctions, vertex: String, fragment: String, name: String)
    throws(GLError) -> GLuint
  {
    let vs = try compile(gl, GLenum(GL_VERTEX_SHADER), vertex, name: "\(name).vert")
    defer { gl.glDeleteShader(vs) }
    let fs = try compile(gl, GLenum(GL_FRAGMENT_SHADER), fragment, name: "\(name).frag")
    defer { gl.glDeleteShader(fs) }
    let p = gl.glCreateProgram()
    gl.glAttachShader(p, vs)
    gl.glAttachShader(p, fs)
    gl.glLinkProgram(p)
    var ok: GLint = 0
    gl.glGetProgramiv(p, GLenum(GL_LINK_STATUS), &ok)
    guard ok != 0 else {
      defer { gl.glDeleteProgram(p) }
      throw failure(name) { gl.glGetProgramInfoLog(p, GLsizei($0.count), nil, &$0) }
    }
    return p
  }

  private static func compile(_ gl: GLFunctions, _ kind: GLenum, _ source: String, name: String)
    throws(GLError) -> GLuint
  {
    let s = gl.glCreateShader(kind)
    source.withCString { chars in
      var p: UnsafePointer<GLchar>? = chars
      gl.glShaderSource(s, 1, &p, nil)
    }
    gl.glCompileShader(s)
    var ok: GLint = 0
    gl.glGetShaderiv(s, GLenum(GL_COMPILE_STATUS), &ok)
    guard ok != 0 else {
      defer { gl.glDeleteShader(s) }
      throw failure(name) { gl.glGetShaderInfoLog(s, GLsizei($0.count), nil, &$0) }
    }
    return s
  }

  /// The error for a stage or program `name` that failed, with the driver's log, which
  /// `read` fills (NUL-terminated, at most 4096 characters).
  private static func failure(_ name: String, _ read: (inout [GLchar]) -> Void) -> GLError {
    var log = [GLchar](repeating: 0, count: 4096)
    read(&log)
    let bytes = log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return .shader(name: name, log: String(decoding: bytes, as: UTF8.self))
  }
}
