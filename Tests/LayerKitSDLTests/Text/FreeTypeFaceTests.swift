import Foundation
import LayerKitSDL
import Testing

/// The FreeType provider against the Debian fonts `Scripts/setup` installs.
@Suite struct FreeTypeFaceTests {
  static let dejaVuPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  static let notoPath = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

  @Test func loadsDejaVuSansWithItsMetrics() throws {
    let face = try FreeTypeFace(path: Self.dejaVuPath)
    #expect(face.familyName == "DejaVu Sans")
    #expect(face.postScriptName == "DejaVuSans")
    #expect(!face.isBold)
    #expect(face.metrics.unitsPerEm == 2048)
    #expect(face.metrics.ascent > 0.7 * 2048 && face.metrics.ascent < 1.2 * 2048)
    #expect(face.metrics.descent > 0.1 * 2048 && face.metrics.descent < 0.4 * 2048)
  }

  @Test func outlineOfCapitalASitsOnTheBaselineBelowTheAscent() throws {
    let face = try FreeTypeFace(path: Self.dejaVuPath)
    let glyph = try #require(face.glyph(for: "A"))
    let outline = try #require(face.outline(of: glyph))
    let box = bounds(of: outline)
    // Cap height of DejaVu Sans is 0.729 em: above 0.6 em, below the ascent, on the baseline.
    #expect(abs(box.minY) < 1)
    #expect(box.maxY > 0.6 * face.metrics.unitsPerEm)
    #expect(box.maxY < face.metrics.ascent)
    // The letter lies inside its advance.
    let advance = face.advance(of: glyph)
    #expect(box.minX >= 0 && box.maxX <= advance)
    #expect(abs(advance - 1401) < 1)
  }

  @Test func trueTypeOutlinesAreQuadraticAndCFFOutlinesCubic() throws {
    let dejaVu = try FreeTypeFace(path: Self.dejaVuPath)
    let noto = try FreeTypeFace(path: Self.notoPath)
    let oGlyph = try #require(dejaVu.glyph(for: "O"))
    let aGlyph = try #require(noto.glyph(for: "あ"))
    let o = try #require(dejaVu.outline(of: oGlyph))
    let a = try #require(noto.outline(of: aGlyph))
    #expect(o.elements.contains { if case .quadCurveTo = $0 { true } else { false } })
    #expect(!o.elements.contains { if case .curveTo = $0 { true } else { false } })
    #expect(a.elements.contains { if case .curveTo = $0 { true } else { false } })
    // Every contour is closed: as many closes as moves.
    let moves = a.elements.filter { if case .moveTo = $0 { true } else { false } }.count
    let closes = a.elements.filter { $0 == .closeSubpath }.count
    #expect(moves == closes && moves > 0)
  }

  @Test func readsTheJapaneseFaceOfTheNotoCollection() throws {
    #expect(try FreeTypeFace.faceCount(path: Self.notoPath) >= 5)
    let face = try FreeTypeFace(path: Self.notoPath, faceIndex: 0)
    #expect(face.familyName == "Noto Sans CJK JP")
    #expect(face.metrics.unitsPerEm == 1000)
    let korean = try FreeTypeFace(path: Self.notoPath, faceIndex: 1)
    #expect(korean.familyName == "Noto Sans CJK KR")
  }

  @Test func opensEveryFaceOfACollection() throws {
    let faces = try FreeTypeFace.faces(inFileAt: Self.notoPath)
    #expect(faces.count == (try FreeTypeFace.faceCount(path: Self.notoPath)))
    #expect(faces.map(\.faceIndex) == Array(0..<faces.count))
    #expect(Set(faces.map(\.postScriptName)).count == faces.count)
    #expect(try FreeTypeFace.faces(inFileAt: Self.dejaVuPath).count == 1)
  }

  @Test func japaneseIsInNotoButNotInDejaVu() throws {
    let dejaVu = try FreeTypeFace(path: Self.dejaVuPath)
    let noto = try FreeTypeFace(path: Self.notoPath)
    for scalar in "あ漢。".unicodeScalars {
      #expect(dejaVu.glyph(for: scalar) == nil)
      #expect(noto.glyph(for: scalar) != nil)
    }
    #expect(dejaVu.glyph(for: "\u{10FFFD}") == nil)
  }

  @Test func kernsFromTheKernTable() throws {
    let face = try FreeTypeFace(path: Self.dejaVuPath)
    let a = try #require(face.glyph(for: "A"))
    let v = try #require(face.glyph(for: "V"))
    #expect(face.hasKerning)
    // DejaVu Sans pulls "AV" together by 131 units.
    #expect(face.kerning(between: a, and: v) == -131)
    let space = try #require(face.glyph(for: " "))
    #expect(face.kerning(between: space, and: space) == 0)
  }

  @Test func missingFileIsATypedError() {
    #expect(throws: FontError.fileNotFound(path: "/nonexistent/font.ttf")) {
      try FreeTypeFace(path: "/nonexistent/font.ttf")
    }
  }

  @Test(arguments: [
    Data(),
    Data("not a font at all, just some text".utf8),
    Data([0x00, 0x01, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80] + [UInt8](repeating: 0xFF, count: 64)),
  ])
  func corruptDataIsATypedError(data: Data) {
    #expect {
      try FreeTypeFace(data: data)
    } throws: { error in
      if case .invalidFontData(nil, _) = error as? FontError { return true }
      return false
    }
  }

  @Test func truncatedFontFileNeverCrashes() throws {
    let whole = try Data(contentsOf: URL(fileURLWithPath: Self.dejaVuPath))
    for length in [12, 200, 4096, whole.count / 2] {
      let face = try? FreeTypeFace(data: whole.prefix(length))
      if let face, let glyph = face.glyph(for: "A") {
        _ = face.outline(of: glyph)
        _ = face.advance(of: glyph)
      }
    }
  }

  @Test func faceIndexPastTheCollectionIsATypedError() {
    #expect(throws: FontError.faceIndexOutOfRange(index: 3, faceCount: 1)) {
      try FreeTypeFace(path: Self.dejaVuPath, faceIndex: 3)
    }
  }

  @Test func answersFromManyThreadsAtOnce() throws {
    let face = try FreeTypeFace(path: Self.notoPath)
    let scalars = Array("あいうえおかきくけこ漢字".unicodeScalars)
    let counts = LockedCounts()
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      var elements = 0
      for scalar in scalars {
        if let g = face.glyph(for: scalar), let path = face.outline(of: g) {
          elements += path.elements.count
        }
      }
      counts.append(elements)
    }
    #expect(counts.values.count == 8)
    #expect(counts.values[0] > 0)
    #expect(Set(counts.values).count == 1)
  }

  private func bounds(of path: CGPath) -> CGRect {
    var box = CGRect.null
    for element in path.elements {
      switch element {
      case .moveTo(let p), .lineTo(let p): box = box.union(CGRect(origin: p, size: .zero))
      case .quadCurveTo(let p, let c):
        box = box.union(CGRect(origin: p, size: .zero)).union(CGRect(origin: c, size: .zero))
      case .curveTo(let p, let c1, let c2):
        box = box.union(CGRect(origin: p, size: .zero)).union(CGRect(origin: c1, size: .zero))
          .union(CGRect(origin: c2, size: .zero))
      case .closeSubpath: break
      }
    }
    return box
  }
}

/// Results gathered from several threads.
private final class LockedCounts: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Int] = []

  func append(_ value: Int) {
    lock.lock()
    storage.append(value)
    lock.unlock()
  }

  var values: [Int] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }
}
