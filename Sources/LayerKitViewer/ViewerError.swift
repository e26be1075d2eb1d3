import LayerKitSDL

/// Why the viewer could not do what it was asked; printed to standard error.
enum ViewerError: Error, CustomStringConvertible {
  case unknownOption(String)
  case missingValue(option: String)
  case invalidValue(option: String, value: String, expected: String)
  case conflictingOptions(String)
  case missingOutput(mode: String)
  case unknownDemo(String, available: [String])
  case noDemos
  case writeFailed(path: String, reason: String)
  case encodingFailed(path: String)
  case windowUnavailable(SDLError)
  case sdlFailed(SDLError)

  var description: String {
    switch self {
    case .unknownOption(let option):
      "unknown option '\(option)'"
    case .missingValue(let option):
      "option \(option) needs a value"
    case .invalidValue(let option, let value, let expected):
      "invalid value '\(value)' for \(option): expected \(expected)"
    case .conflictingOptions(let message):
      message
    case .missingOutput(let mode):
      "\(mode) needs --out"
    case .unknownDemo(let name, let available):
      "unknown demo '\(name)'; available: \(available.joined(separator: ", "))"
    case .noDemos:
      "there are no demos to render"
    case .writeFailed(let path, let reason):
      "cannot write \(path): \(reason)"
    case .encodingFailed(let path):
      "could not encode the image for \(path) as PNG"
    case .sdlFailed(let error):
      "the window failed: \(error)"
    case .windowUnavailable(let error):
      "cannot open a window (\(error)); without a display, render to files with "
        + "--all --out DIR or --demo NAME --out FILE.png"
    }
  }

  /// The process exit status: 64 (EX_USAGE) for bad arguments, 1 otherwise.
  var exitStatus: Int32 {
    switch self {
    case .unknownOption, .missingValue, .invalidValue, .conflictingOptions, .missingOutput,
      .unknownDemo:
      64
    default:
      1
    }
  }
}
