import CEGL

// The EGL and OpenGL ES 3.0 entry points LayerKitGL calls, loaded once per context from
// `GLLibrary` (named as in the headers; each is the header's `PFN…PROC` typedef).

/// EGL's entry points.
struct EGLFunctions {
  let eglGetPlatformDisplay: PFNEGLGETPLATFORMDISPLAYPROC
  let eglGetDisplay: PFNEGLGETDISPLAYPROC
  let eglInitialize: PFNEGLINITIALIZEPROC
  let eglTerminate: PFNEGLTERMINATEPROC
  let eglBindAPI: PFNEGLBINDAPIPROC
  let eglChooseConfig: PFNEGLCHOOSECONFIGPROC
  let eglCreateContext: PFNEGLCREATECONTEXTPROC
  let eglDestroyContext: PFNEGLDESTROYCONTEXTPROC
  let eglMakeCurrent: PFNEGLMAKECURRENTPROC
  let eglCreatePbufferSurface: PFNEGLCREATEPBUFFERSURFACEPROC
  let eglDestroySurface: PFNEGLDESTROYSURFACEPROC
  let eglGetError: PFNEGLGETERRORPROC
  let eglQueryString: PFNEGLQUERYSTRINGPROC
  let eglGetCurrentContext: PFNEGLGETCURRENTCONTEXTPROC
  /// `eglGetPlatformDisplayEXT`, where the client library has the extension.
  let eglGetPlatformDisplayEXT: PFNEGLGETPLATFORMDISPLAYEXTPROC?

  init(_ lib: GLLibrary) throws(GLError) {
    eglGetPlatformDisplay = try lib.function("eglGetPlatformDisplay")
    eglGetDisplay = try lib.function("eglGetDisplay")
    eglInitialize = try lib.function("eglInitialize")
    eglTerminate = try lib.function("eglTerminate")
    eglBindAPI = try lib.function("eglBindAPI")
    eglChooseConfig = try lib.function("eglChooseConfig")
    eglCreateContext = try lib.function("eglCreateContext")
    eglDestroyContext = try lib.function("eglDestroyContext")
    eglMakeCurrent = try lib.function("eglMakeCurrent")
    eglCreatePbufferSurface = try lib.function("eglCreatePbufferSurface")
    eglDestroySurface = try lib.function("eglDestroySurface")
    eglGetError = try lib.function("eglGetError")
    eglQueryString = try lib.function("eglQueryString")
    eglGetCurrentContext = try lib.function("eglGetCurrentContext")
    eglGetPlatformDisplayEXT = lib.optionalFunction("eglGetPlatformDisplayEXT")
  }
}

/// OpenGL ES 3.0's entry points (and the timer query of `GL_EXT_disjoint_timer_query`).
struct GLFunctions {
  let glGetError: PFNGLGETERRORPROC
  let glGetString: PFNGLGETSTRINGPROC
  let glGetIntegerv: PFNGLGETINTEGERVPROC
  let glViewport: PFNGLVIEWPORTPROC
  let glScissor: PFNGLSCISSORPROC
  let glEnable: PFNGLENABLEPROC
  let glDisable: PFNGLDISABLEPROC
  let glBlendFunc: PFNGLBLENDFUNCPROC
  let glClearColor: PFNGLCLEARCOLORPROC
  let glClear: PFNGLCLEARPROC
  let glCreateShader: PFNGLCREATESHADERPROC
  let glShaderSource: PFNGLSHADERSOURCEPROC
  let glCompileShader: PFNGLCOMPILESHADERPROC
  let glGetShaderiv: PFNGLGETSHADERIVPROC
  let glGetShaderInfoLog: PFNGLGETSHADERINFOLOGPROC
  let glDeleteShader: PFNGLDELETESHADERPROC
  let glCreateProgram: PFNGLCREATEPROGRAMPROC
  let glAttachShader: PFNGLATTACHSHADERPROC
  let glLinkProgram: PFNGLLINKPROGRAMPROC
  let glGetProgramiv: PFNGLGETPROGRAMIVPROC
  let glGetProgramInfoLog: PFNGLGETPROGRAMINFOLOGPROC
  let glDeleteProgram: PFNGLDELETEPROGRAMPROC
  let glUseProgram: PFNGLUSEPROGRAMPROC
  let glGetUniformLocation: PFNGLGETUNIFORMLOCATIONPROC
  let glUniform1i: PFNGLUNIFORM1IPROC
  let glUniform1f: PFNGLUNIFORM1FPROC
  let glUniform2f: PFNGLUNIFORM2FPROC
  let glUniform4f: PFNGLUNIFORM4FPROC
  let glUniform2i: PFNGLUNIFORM2IPROC
  let glUniform3i: PFNGLUNIFORM3IPROC
  let glUniform4fv: PFNGLUNIFORM4FVPROC
  let glUniformMatrix3fv: PFNGLUNIFORMMATRIX3FVPROC
  let glGenTextures: PFNGLGENTEXTURESPROC
  let glDeleteTextures: PFNGLDELETETEXTURESPROC
  let glBindTexture: PFNGLBINDTEXTUREPROC
  let glTexImage2D: PFNGLTEXIMAGE2DPROC
  let glCopyTexSubImage2D: PFNGLCOPYTEXSUBIMAGE2DPROC
  let glTexSubImage2D: PFNGLTEXSUBIMAGE2DPROC
  let glTexParameteri: PFNGLTEXPARAMETERIPROC
  let glPixelStorei: PFNGLPIXELSTOREIPROC
  let glActiveTexture: PFNGLACTIVETEXTUREPROC
  let glGenerateMipmap: PFNGLGENERATEMIPMAPPROC
  let glGenFramebuffers: PFNGLGENFRAMEBUFFERSPROC
  let glDeleteFramebuffers: PFNGLDELETEFRAMEBUFFERSPROC
  let glBindFramebuffer: PFNGLBINDFRAMEBUFFERPROC
  let glFramebufferTexture2D: PFNGLFRAMEBUFFERTEXTURE2DPROC
  let glCheckFramebufferStatus: PFNGLCHECKFRAMEBUFFERSTATUSPROC
  let glReadPixels: PFNGLREADPIXELSPROC
  let glGenVertexArrays: PFNGLGENVERTEXARRAYSPROC
  let glBindVertexArray: PFNGLBINDVERTEXARRAYPROC
  let glDeleteVertexArrays: PFNGLDELETEVERTEXARRAYSPROC
  let glDrawArrays: PFNGLDRAWARRAYSPROC
  let glDrawArraysInstanced: PFNGLDRAWARRAYSINSTANCEDPROC
  let glGenBuffers: PFNGLGENBUFFERSPROC
  let glDeleteBuffers: PFNGLDELETEBUFFERSPROC
  let glBindBuffer: PFNGLBINDBUFFERPROC
  let glBufferData: PFNGLBUFFERDATAPROC
  let glEnableVertexAttribArray: PFNGLENABLEVERTEXATTRIBARRAYPROC
  let glVertexAttribIPointer: PFNGLVERTEXATTRIBIPOINTERPROC
  let glVertexAttribDivisor: PFNGLVERTEXATTRIBDIVISORPROC
  let glFinish: PFNGLFINISHPROC
  let glGenQueries: PFNGLGENQUERIESPROC
  let glDeleteQueries: PFNGLDELETEQUERIESPROC
  let glBeginQuery: PFNGLBEGINQUERYPROC
  let glEndQuery: PFNGLENDQUERYPROC
  let glGetQueryObjectuiv: PFNGLGETQUERYOBJECTUIVPROC
  /// `glGetQueryObjectui64vEXT`, where the driver has `GL_EXT_disjoint_timer_query`.
  let glGetQueryObjectui64vEXT: PFNGLGETQUERYOBJECTUI64VEXTPROC?

  init(_ lib: GLLibrary) throws(GLError) {
    glGetError = try lib.function("glGetError")
    glGetString = try lib.function("glGetString")
    glGetIntegerv = try lib.function("glGetIntegerv")
    glViewport = try lib.function("glViewport")
    glScissor = try lib.function("glScissor")
    glEnable = try lib.function("glEnable")
    glDisable = try lib.function("glDisable")
    glBlendFunc = try lib.function("glBlendFunc")
    glClearColor = try lib.function("glClearColor")
    glClear = try lib.function("glClear")
    glCreateShader = try lib.function("glCreateShader")
    glShaderSource = try lib.function("glShaderSource")
    glCompileShader = try lib.function("glCompileShader")
    glGetShaderiv = try lib.function("glGetShaderiv")
    glGetShaderInfoLog = try lib.function("glGetShaderInfoLog")
    glDeleteShader = try lib.function("glDeleteShader")
    glCreateProgram = try lib.function("glCreateProgram")
    glAttachShader = try lib.function("glAttachShader")
    glLinkProgram = try lib.function("glLinkProgram")
    glGetProgramiv = try lib.function("glGetProgramiv")
    glGetProgramInfoLog = try lib.function("glGetProgramInfoLog")
    glDeleteProgram = try lib.function("glDeleteProgram")
    glUseProgram = try lib.function("glUseProgram")
    glGetUniformLocation = try lib.function("glGetUniformLocation")
    glUniform1i = try lib.function("glUniform1i")
    glUniform1f = try lib.function("glUniform1f")
    glUniform2f = try lib.function("glUniform2f")
    glUniform4f = try lib.function("glUniform4f")
    glUniform2i = try lib.function("glUniform2i")
    glUniform3i = try lib.function("glUniform3i")
    glUniform4fv = try lib.function("glUniform4fv")
    glUniformMatrix3fv = try lib.function("glUniformMatrix3fv")
    glGenTextures = try lib.function("glGenTextures")
    glDeleteTextures = try lib.function("glDeleteTextures")
    glBindTexture = try lib.function("glBindTexture")
    glTexImage2D = try lib.function("glTexImage2D")
    glCopyTexSubImage2D = try lib.function("glCopyTexSubImage2D")
    glTexSubImage2D = try lib.function("glTexSubImage2D")
    glTexParameteri = try lib.function("glTexParameteri")
    glPixelStorei = try lib.function("glPixelStorei")
    glActiveTexture = try lib.function("glActiveTexture")
    glGenerateMipmap = try lib.function("glGenerateMipmap")
    glGenFramebuffers = try lib.function("glGenFramebuffers")
    glDeleteFramebuffers = try lib.function("glDeleteFramebuffers")
    glBindFramebuffer = try lib.function("glBindFramebuffer")
    glFramebufferTexture2D = try lib.function("glFramebufferTexture2D")
    glCheckFramebufferStatus = try lib.function("glCheckFramebufferStatus")
    glReadPixels = try lib.function("glReadPixels")
    glGenVertexArrays = try lib.function("glGenVertexArrays")
    glBindVertexArray = try lib.function("glBindVertexArray")
    glDeleteVertexArrays = try lib.function("glDeleteVertexArrays")
    glDrawArrays = try lib.function("glDrawArrays")
    glDrawArraysInstanced = try lib.function("glDrawArraysInstanced")
    glGenBuffers = try lib.function("glGenBuffers")
    glDeleteBuffers = try lib.function("glDeleteBuffers")
    glBindBuffer = try lib.function("glBindBuffer")
    glBufferData = try lib.function("glBufferData")
    glEnableVertexAttribArray = try lib.function("glEnableVertexAttribArray")
    glVertexAttribIPointer = try lib.function("glVertexAttribIPointer")
    glVertexAttribDivisor = try lib.function("glVertexAttribDivisor")
    glFinish = try lib.function("glFinish")
    glGenQueries = try lib.function("glGenQueries")
    glDeleteQueries = try lib.function("glDeleteQueries")
    glBeginQuery = try lib.function("glBeginQuery")
    glEndQuery = try lib.function("glEndQuery")
    glGetQueryObjectuiv = try lib.function("glGetQueryObjectuiv")
    glGetQueryObjectui64vEXT = lib.optionalFunction("glGetQueryObjectui64vEXT")
  }
}
