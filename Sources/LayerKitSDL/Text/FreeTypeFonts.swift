import Foundation
import LayerGraphics

/// The system fonts LayerKit draws text with, found on the usual Debian paths.
///
/// One line makes text work: call `FreeTypeFonts.installDefault()` once at start-up (the
/// SDL host and the viewer do) and every `CATextLayer` can draw Latin and Japanese text.
///
/// ```swift
/// import LayerKitSDL
///
/// try FreeTypeFonts.installDefault()       // DejaVu Sans + Noto Sans CJK JP
/// let text = CATextLayer()
/// text.string = "こんにちは, LayerKit"     // Japanese falls back to Noto Sans CJK
/// ```
///
/// The Latin family is DejaVu Sans (`fonts-dejavu-core`); Japanese comes from the JP face
/// of Noto Sans CJK (`fonts-noto-cjk`), regular and bold of each. A file missing from the
/// known paths is looked up with `fc-match` when fontconfig is installed. Aliases map the
/// names Apple code asks for (Helvetica, Helvetica Neue, Arial, the system font, Hiragino)
/// to these families.
public enum FreeTypeFonts {
  /// The Latin family, and the registry's default family once installed.
  public static let latinFamily = "DejaVu Sans"
  /// The Japanese family.
  public static let japaneseFamily = "Noto Sans CJK JP"

  /// A font to look for: candidate paths, the face index in each, and the fontconfig
  /// pattern to try when none exists.
  struct Candidate {
    var paths: [String]
    var faceIndex: Int
    var pattern: String
  }

  static let candidates: [Candidate] = [
    Candidate(
      paths: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"], faceIndex: 0,
      pattern: "DejaVu Sans:style=Book"),
    Candidate(
      paths: ["/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"], faceIndex: 0,
      pattern: "DejaVu Sans:style=Bold"),
    Candidate(
      paths: [
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
      ], faceIndex: 0, pattern: "Noto Sans CJK JP:style=Regular"),
    Candidate(
      paths: [
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
        "/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc",
      ], faceIndex: 0, pattern: "Noto Sans CJK JP:style=Bold"),
  ]

  /// Names Apple code uses, and the family each is drawn with.
  public static let aliases: [String: String] = [
    "Helvetica": latinFamily, "Helvetica Neue": latinFamily, "Arial": latinFamily,
    ".AppleSystemUIFont": latinFamily, ".SFUI": latinFamily, "SF Pro": latinFamily,
    "SF Pro Text": latinFamily, "SF Pro Display": latinFamily, "System": latinFamily,
    "sans-serif": latinFamily, "Hiragino Sans": japaneseFamily,
    "Hiragino Kaku Gothic ProN": japaneseFamily, "HiraKakuProN": japaneseFamily,
    "Hiragino Kaku Gothic Pro": japaneseFamily, "HiraKakuPro": japaneseFamily,
    "Noto Sans JP": japaneseFamily,
  ]

  /// The HarfBuzz shaper every installed registry shares.
  public static let shaper = HarfBuzzShaper()
  /// The FriBidi engine every installed registry shares.
  public static let bidi = FriBidiEngine()
  /// The fontconfig fallback every installed registry shares (its faces are opened once).
  public static let fallback = FontconfigFallback()

  /// The default faces, loaded once per process.
  private static let loaded: Result<[FreeTypeFace], FontError> = loadDefaultFaces()

  /// Registers the default fonts with `registry`, makes DejaVu Sans its default family,
  /// adds the aliases, and (unless the registry has its own) sets HarfBuzz shaping,
  /// FriBidi bidi levels and fontconfig fallback for every other script and emoji. Safe to call more than once and from several threads: the files
  /// are read once, and registering a face twice does nothing.
  ///
  /// Installs whichever of the four faces exist; text in a missing family falls back to
  /// the others (or to `.notdef` boxes).
  /// - Returns: The faces installed.
  /// - Throws: `FontError.noDefaultFonts` when none of them can be found or read.
  @discardableResult
  public static func installDefault(into registry: FontRegistry = .shared) throws(FontError)
    -> [FreeTypeFace]
  {
    let faces = try loaded.get()
    for face in faces { registry.register(face) }
    if faces.contains(where: { $0.familyName == latinFamily }) {
      registry.defaultFamilyName = latinFamily
    }
    for (alias, family) in aliases { registry.addAlias(alias, forFamily: family) }
    if registry.shapingEngine == nil { registry.shapingEngine = shaper }
    if registry.bidiEngine == nil { registry.bidiEngine = bidi }
    if registry.fallbackSource == nil { registry.fallbackSource = fallback }
    return faces
  }

  private static func loadDefaultFaces() -> Result<[FreeTypeFace], FontError> {
    var faces: [FreeTypeFace] = []
    for candidate in candidates {
      if let face = load(candidate) { faces.append(face) }
    }
    guard !faces.isEmpty else {
      return .failure(.noDefaultFonts(searched: candidates.map(\.pattern)))
    }
    return .success(faces)
  }

  /// The first readable face among the candidate's paths, then fontconfig's answer.
  static func load(_ candidate: Candidate) -> FreeTypeFace? {
    for path in candidate.paths {
      if let face = try? FreeTypeFace(path: path, faceIndex: candidate.faceIndex) { return face }
    }
    guard let (path, index) = fontconfigMatch(candidate.pattern) else { return nil }
    return try? FreeTypeFace(path: path, faceIndex: index)
  }

  /// The file and face index fontconfig's `fc-match` gives for `pattern`, if fontconfig is
  /// installed and its match is in the requested family.
  static func fontconfigMatch(_ pattern: String) -> (path: String, index: Int)? {
    let tool = ["/usr/bin/fc-match", "/bin/fc-match", "/usr/local/bin/fc-match"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let tool else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = ["-f", "%{family[0]}\n%{file}\n%{index}", pattern]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return nil
    }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    let fields = String(decoding: output, as: UTF8.self).split(separator: "\n")
    guard fields.count >= 2 else { return nil }
    let family = pattern.split(separator: ":").first.map(String.init) ?? pattern
    guard fields[0].caseInsensitiveCompare(family) == .orderedSame else { return nil }
    let index = fields.count >= 3 ? Int(fields[2]) ?? 0 : 0
    return (String(fields[1]), index)
  }
}
