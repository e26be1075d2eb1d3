import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An X display for window tests: the one in `DISPLAY`, or an `Xvfb` started on demand.
///
/// Xvfb picks a free display number itself (`-displayfd`) and writes it to a pipe once it
/// accepts connections, so nothing waits on a timer. A small shell watchdog kills it when
/// the test process exits, and an `atexit` handler stops the watchdog at a normal exit.
enum VirtualDisplay {
  /// The display name (`":99"`), or why there is none.
  static let status: Result<String, Unavailable> = start()

  struct Unavailable: Error, CustomStringConvertible {
    var description: String
  }

  /// True when window tests can run.
  static var isAvailable: Bool { (try? status.get()) != nil }

  private static func start() -> Result<String, Unavailable> {
    if let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty {
      return .success(display)
    }
    let candidates = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"]
    guard let xvfb = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else {
      return .failure(Unavailable(description: "Xvfb is not installed (apt-get install xvfb)"))
    }
    // -noreset: by default an X server resets when its last client disconnects and drops
    // connections that arrive meanwhile, which a test reopening a window right after
    // closing one would hit.
    // Xvfb inherits the test thread's signal mask, in which SIGTERM is blocked, so the
    // watchdog ends it with SIGKILL.
    let script = """
      "$1" -displayfd 1 -screen 0 1024x768x24 -nolisten tcp -noreset 2>/dev/null &
      x=$!
      trap 'kill -KILL $x 2>/dev/null; exit 0' TERM INT HUP
      while kill -0 "$2" 2>/dev/null && kill -0 $x 2>/dev/null; do sleep 1; done
      kill -KILL $x 2>/dev/null
      """
    let pipe = Pipe()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, "sh", xvfb, String(getpid())]
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return .failure(Unavailable(description: "could not start Xvfb: \(error)"))
    }
    watchdogPID = process.processIdentifier
    atexit { if VirtualDisplay.watchdogPID > 0 { kill(VirtualDisplay.watchdogPID, SIGTERM) } }
    var line = Data()
    let reader = pipe.fileHandleForReading
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = reader.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    let number = String(decoding: line, as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    guard !number.isEmpty, number.allSatisfy(\.isNumber) else {
      return .failure(Unavailable(description: "Xvfb did not start (no display number)"))
    }
    setenv("DISPLAY", ":\(number)", 1)
    return .success(":\(number)")
  }

  /// The watchdog shell's process id, for the exit handler.
  nonisolated(unsafe) static var watchdogPID: pid_t = 0
}
