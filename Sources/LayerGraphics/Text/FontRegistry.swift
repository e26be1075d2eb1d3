import Foundation

/// The fonts text can use: registered faces, name aliases, a default family and the
/// fallback chain for characters a face lacks.
///
/// A `FontDescription` resolves to a *primary* face by name (see `face(named:bold:)`).
/// When the primary face has no glyph for a character, the other faces are tried in
/// registration order — faces of the same weight first — and the first that has the
/// glyph draws it (so Japanese in a Latin font is drawn by a CJK face). When no face has
/// it, layout draws a visible `.notdef` box. An empty registry is valid: every character
/// becomes a box.
///
/// `FontRegistry.shared` is what `CATextLayer` uses; `LayerKitSDL`'s
/// `FreeTypeFonts.installDefault()` fills it with DejaVu Sans and Noto Sans CJK. Tests may
/// build private registries. All methods are thread-safe.
public final class FontRegistry: @unchecked Sendable {
  // Sendable: every stored table is read and written under `lock` only.
  /// The process-wide registry used by text layers unless told otherwise.
  public static let shared = FontRegistry()

  private let lock = NSLock()
  private var cached: [CachedFace] = []
  private var aliases: [String: String] = [:]
  private var defaultFamily: String?
  private var resolved: [ResolutionKey: Int] = [:]
  private var shaping: (any TextShapingEngine)?
  private var bidi: (any BidiEngine)?
  private var source: (any FontFallbackSource)?
  /// Clusters the fallback source had no face for (keys joined scalar values).
  private var sourceMisses: Set<[UInt32]> = []

  private struct ResolutionKey: Hashable {
    var name: String
    var bold: Bool
  }

  /// A number no other registry in the process has; with `generation`, it keys cached
  /// layouts.
  package let registryID: Int = FontRegistry.nextIdentity()
  private var changes = 0

  private static let identityLock = NSLock()
  nonisolated(unsafe) private static var identities = 0
  private static func nextIdentity() -> Int {
    identityLock.lock()
    defer { identityLock.unlock() }
    identities += 1
    return identities
  }

  /// Goes up with every change that can change how text lays out (a face registered, an
  /// alias, the default family, an engine); cached layouts of older generations are not
  /// used.
  package var generation: Int { withLock { changes } }

  /// An empty registry.
  public init() {}

  /// The registered faces, in registration (fallback) order.
  public var faces: [any FontFace] {
    withLock { cached.map(\.face) }
  }

  /// The family used for names that match nothing; defaults to the family of the first
  /// registered face.
  public var defaultFamilyName: String? {
    get { withLock { defaultFamily ?? cached.first?.face.familyName } }
    set { change { defaultFamily = newValue } }
  }

  /// The engine that shapes runs (kerning, ligatures, contextual forms, marks); `nil`
  /// lays out one glyph per character. `FreeTypeFonts.installDefault()` sets HarfBuzz.
  public var shapingEngine: (any TextShapingEngine)? {
    get { withLock { shaping } }
    set { change { shaping = newValue } }
  }

  /// The engine that resolves bidirectional levels; `nil` lays text out left to right.
  /// `FreeTypeFonts.installDefault()` sets FriBidi.
  public var bidiEngine: (any BidiEngine)? {
    get { withLock { bidi } }
    set { change { bidi = newValue } }
  }

  /// Where faces for characters no registered face has come from; `nil` draws them as
  /// `.notdef` boxes. `FreeTypeFonts.installDefault()` sets fontconfig.
  public var fallbackSource: (any FontFallbackSource)? {
    get { withLock { source } }
    set {
      change {
        source = newValue
        sourceMisses.removeAll()
      }
    }
  }

  /// Adds a face at the end of the fallback chain.
  ///
  /// Registering a face whose PostScript name (or, when empty, family and style) is
  /// already registered does nothing, so installing the same fonts twice is harmless.
  /// - Returns: Whether the face was added.
  @discardableResult
  public func register(_ face: any FontFace) -> Bool {
    let identity = Self.identity(of: face)
    return change(
      if: { !cached.contains { Self.identity(of: $0.face) == identity } },
      { cached.append(CachedFace(face: face, index: cached.count)) })
  }

  /// Makes `alias` (for example `"Helvetica"`) resolve to `family`.
  public func addAlias(_ alias: String, forFamily family: String) {
    change { aliases[Self.normalized(alias)] = family }
  }

  /// Removes every face and alias and the default family.
  public func removeAll() {
    change {
      cached.removeAll()
      aliases.removeAll()
      defaultFamily = nil
    }
  }

  /// The face a font name resolves to, or `nil` when the registry is empty.
  ///
  /// Matching ignores case, spaces, hyphens and underscores and tries, in order: the
  /// PostScript name or "family style" full name; an alias; the family name; the part of
  /// the name before its last hyphen as a family (`"Helvetica-Bold"` → `"Helvetica"`),
  /// through aliases too; and finally the default family. Within a family, a face whose
  /// boldness matches `bold` wins.
  public func face(named name: String, bold: Bool) -> (any FontFace)? {
    cachedFace(named: name, bold: bold)?.face
  }

  /// Whether `name` names a registered face (by PostScript or full name, alias, family,
  /// or family before its last hyphen) rather than falling back to the default family.
  public func hasFace(named name: String) -> Bool {
    withLock { namedMatch(name: name, bold: false) != nil }
  }

  /// The cached primary face for `description`, or `nil` when the registry is empty.
  package func cachedFace(for description: FontDescription) -> CachedFace? {
    cachedFace(named: description.name, bold: description.isBold)
  }

  package func cachedFace(named name: String, bold: Bool) -> CachedFace? {
    withLock {
      let key = ResolutionKey(name: name, bold: bold)
      if let hit = resolved[key] { return cached[hit] }
      guard let found = resolve(name: name, bold: bold) else { return nil }
      resolved[key] = found
      return cached[found]
    }
  }

  /// The first face after `primary` in the fallback chain that has a glyph for `scalar`.
  ///
  /// Faces with the same boldness as `primary` are tried before the others, each group in
  /// registration order.
  package func fallback(for scalar: Unicode.Scalar, after primary: CachedFace) -> (
    face: CachedFace, glyph: CGGlyph
  )? {
    let chain = withLock { cached }
    let bold = primary.face.isBold
    for pass in 0..<2 {
      for candidate in chain where candidate !== primary {
        guard (candidate.face.isBold == bold) == (pass == 0) else { continue }
        if let glyph = candidate.glyph(for: scalar) { return (candidate, glyph) }
      }
    }
    return nil
  }

  /// The face that draws the grapheme cluster `scalars` (default-ignorable scalars already
  /// removed): `primary` when it has all of them, else the first registered face that has
  /// all of them (a colour face first when `prefersColor`), else a face from the fallback
  /// source, registered for next time; `nil` when none has them all.
  package func face(
    covering scalars: [Unicode.Scalar], primary: CachedFace?, prefersColor: Bool
  ) -> CachedFace? {
    func covers(_ face: CachedFace) -> Bool { scalars.allSatisfy { face.glyph(for: $0) != nil } }
    if !prefersColor, let primary, covers(primary) { return primary }
    let chain = withLock { cached }
    let bold = primary?.face.isBold ?? false
    let passes = prefersColor ? [true, false] : [false]
    for wantColor in passes {
      for sameWeight in [true, false] {
        for candidate in chain
        where (candidate.face.isBold == bold) == sameWeight
          && (!prefersColor || candidate.face.hasColorGlyphs == wantColor)
        {
          if covers(candidate) { return candidate }
        }
      }
    }
    let key = scalars.map(\.value)
    let lookup: (any FontFallbackSource)? = withLock {
      sourceMisses.contains(key) ? nil : source
    }
    guard let lookup else { return nil }
    guard let found = lookup.face(covering: scalars, prefersColor: prefersColor) else {
      withLock { _ = sourceMisses.insert(key) }
      return nil
    }
    register(found)
    let identity = Self.identity(of: found)
    let entry = withLock { cached.first { Self.identity(of: $0.face) == identity } }
    guard let entry, covers(entry) else {
      withLock { _ = sourceMisses.insert(key) }
      return nil
    }
    return entry
  }

  // MARK: - Resolution (called with the lock held)

  private func resolve(name: String, bold: Bool) -> Int? {
    guard !cached.isEmpty else { return nil }
    if let named = namedMatch(name: name, bold: bold) { return named }
    if let fallbackFamily = defaultFamily,
      let found = bestInFamily(Self.normalized(fallbackFamily), bold: bold)
    {
      return found
    }
    return bestInFamily(Self.normalized(cached[0].face.familyName), bold: bold) ?? 0
  }

  /// The face `name` names by full name, alias, family or family stem; `nil` when only
  /// the default family would answer.
  private func namedMatch(name: String, bold: Bool) -> Int? {
    let wanted = Self.normalized(name)
    if let exact = cached.firstIndex(where: { Self.fullNames(of: $0.face).contains(wanted) }) {
      return exact
    }
    var families = [wanted]
    if let alias = aliases[wanted] { families.insert(Self.normalized(alias), at: 0) }
    if let dash = name.lastIndex(of: "-") {
      let stem = Self.normalized(String(name[..<dash]))
      families.append(stem)
      if let alias = aliases[stem] { families.append(Self.normalized(alias)) }
    }
    for family in families {
      if let found = bestInFamily(family, bold: bold) { return found }
    }
    return nil
  }

  private func bestInFamily(_ family: String, bold: Bool) -> Int? {
    var any: Int?
    for (i, entry) in cached.enumerated() where Self.normalized(entry.face.familyName) == family {
      if entry.face.isBold == bold { return i }
      if any == nil { any = i }
    }
    return any
  }

  private static func fullNames(of face: any FontFace) -> [String] {
    var names = [normalized(face.familyName + face.styleName)]
    if !face.postScriptName.isEmpty { names.append(normalized(face.postScriptName)) }
    return names
  }

  private static func identity(of face: any FontFace) -> String {
    face.postScriptName.isEmpty ? face.familyName + "\u{0}" + face.styleName : face.postScriptName
  }

  /// Lower-cased, without spaces, hyphens or underscores.
  static func normalized(_ name: String) -> String {
    String(name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "-" && $0 != "_" })
  }

  /// Runs `body` with the lock held when `condition` (checked under the same lock) holds,
  /// then forgets resolved names and starts a new generation, so nothing resolved or laid
  /// out before the change is reused.
  /// - Returns: Whether `body` ran.
  @discardableResult
  private func change(if condition: () -> Bool = { true }, _ body: () -> Void) -> Bool {
    withLock {
      guard condition() else { return false }
      body()
      resolved.removeAll()
      changes += 1
      return true
    }
  }

  private func withLock<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}
