import Testing

@testable import LayerKitSDL

/// The line the viewer's panel shows for each path a served window's frames take.
@Suite struct WindowCompositorReportTests {
  static func report(_ path: WindowCompositorReport.Path, reason: String? = nil)
    -> WindowCompositorReport
  {
    var r = WindowCompositorReport()
    r.path = path
    r.renderer = path == .cpu || path == .cpuFallback ? nil : "llvmpipe (LLVM 15.0.6, 256 bits)"
    r.reason = reason
    return r
  }

  @Test(arguments: [
    (report(.starting), "starting"),
    (report(.cpu), "CPU compositor"),
    (report(.glDirect), "GL, direct to window (llvmpipe)"),
    (
      report(.glReadBack, reason: "GL \"2.1 Mesa\" is older than OpenGL ES 3.0 and OpenGL 3.3"),
      "GL, read back and uploaded (llvmpipe); not direct: GL \"2.1 Mesa\" is older than "
        + "OpenGL ES 3.0 and OpenGL 3.3"
    ),
    (report(.cpuFallback, reason: "no EGL display"), "CPU compositor (GL: no EGL display)"),
  ])
  func eachPathSaysWhatDrawsAndWhyNotDirect(_ report: WindowCompositorReport, _ line: String) {
    #expect(report.description == line)
  }
}
