import LayerKitExport
import LayerKitLottie
import LayerKitSDL

/// Why the viewer could not do what it was asked; printed to standard error.
enum ViewerError: Error, Equatable, CustomStringConvertible {
  case invalidValue(option: String, value: String, expected: String)
  case conflictingOptions(String)
  /// A window option given with a file mode.
  case windowOnly(String)
  case missingOutput(mode: String)
  case unknownDemo(String, available: [String])
  case noDemos
  /// An output path names a directory where a file is wanted.
  case outputIsDirectory(path: String, example: String)
  case writeFailed(path: String, reason: String)
  case encodingFailed(path: String)
  /// DISPLAY (and WAYLAND_DISPLAY) are not set.
  case noDisplay
  /// The display named by DISPLAY could not be opened.
  case windowUnavailable(display: String, SDLError)
  case sdlFailed(SDLError)
  case export(AnimationExportError)
  /// The Lottie file at `file` could not be loaded; the error names the JSON path.
  case lottie(file: String, LottieError)

  var description: String {
    switch self {
    case .invalidValue(let option, let value, let expected):
      "invalid value '\(value)' for \(option): expected \(expected)"
    case .conflictingOptions(let message):
      message
    case .windowOnly(let option):
      "\(option) applies only to the window, not with --out, --all or --export"
    case .missingOutput(let mode):
      "\(mode) needs --out"
    case .unknownDemo(let name, let available):
      "unknown demo '\(name)'; available: \(available.joined(separator: ", "))"
    case .noDemos:
      "there are no demos to render"
    case .outputIsDirectory(let path, let example):
      "cannot write \(path): it is a directory; name a file in it, such as \(example)"
    case .writeFailed(let path, let reason):
      "cannot write \(path): \(reason)"
    case .encodingFailed(let path):
      "could not encode the image for \(path) as PNG"
    case .sdlFailed(let error):
      "the window failed: \(error)"
    case .noDisplay:
      "cannot open a window: DISPLAY is not set (no X server); run under a display, e.g. "
        + "xvfb-run, or render to files with --all --out DIR or --demo NAME --out FILE.png"
    case .windowUnavailable(let display, let error):
      "cannot open a window on display '\(display)' (\(error)); check that the X server runs "
        + "and DISPLAY is right, or render to files with --all --out DIR or "
        + "--demo NAME --out FILE.png"
    case .export(let error):
      "\(error)"
    case .lottie(let file, .unreadableFile(_, let reason)):
      "cannot read the Lottie file \(file): \(reason)"
    case .lottie(let file, let error):
      "cannot load the Lottie file \(file): \(error)"
    }
  }

  /// The process exit status: 64 (EX_USAGE) for bad arguments, 1 otherwise.
  var exitStatus: Int32 {
    switch self {
    case .invalidValue, .conflictingOptions, .windowOnly, .missingOutput, .unknownDemo,
      .export(.unsupportedFrameRate), .export(.unsupportedFormat):
      64
    default:
      1
    }
  }
}
