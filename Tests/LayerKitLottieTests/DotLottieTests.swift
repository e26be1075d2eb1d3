import Foundation
import LayerGraphics
import LayerKitTestSupport
import Testing

@testable import LayerKitLottie

/// dotLottie (`.lottie`) archives: the manifest, several animations, images taken from the
/// archive, both folder layouts, and damaged or hostile archives ending in typed errors.
@Suite struct DotLottieTests {
  /// 60 × 30 points, 10 fps, frames 0 to 20: one red rectangle over the left half.
  static func json(width: Int = 60, color: String = "1,0,0,1") -> [UInt8] {
    Array(
      """
      {"fr":10,"ip":0,"op":20,"w":\(width),"h":30,"layers":[{"ty":4,"ind":1,"ip":0,"op":20,
      "ks":{"p":{"k":[0,0]},"a":{"k":[0,0]}},
      "shapes":[{"ty":"rc","p":{"k":[15,15]},"s":{"k":[30,30]},"r":{"k":0}},
      {"ty":"fl","c":{"k":[\(color)]},"o":{"k":100}}]}]}
      """.utf8)
  }

  static func manifest(_ ids: [String], active: String? = nil) -> [UInt8] {
    let list = ids.map { #"{"id":"\#($0)"}"# }.joined(separator: ",")
    let extra = active.map { #","activeAnimationId":"\#($0)""# } ?? ""
    return Array(#"{"version":"1","animations":[\#(list)]\#(extra)}"#.utf8)
  }

  static func file(_ members: [ZipFixture.Member]) -> Data { Data(ZipFixture.archive(members)) }

  /// The archive of one animation `a`, deflated.
  static let single = file([
    .init(name: "manifest.json", bytes: manifest(["a"])),
    .init(name: "animations/a.json", bytes: json()),
  ])

  /// Written by Python's `zipfile` (zlib's deflate): the manifest, `animations/blue.json`
  /// (40 × 20 points) and `images/img_0.png`, a 20 × 20 opaque blue square the animation's
  /// image layer refers to by `"u": "/images/", "p": "img_0.png"` without embedding it.
  static let pythonArchive = Data(
    base64Encoded: [
      "UEsDBBQAAAAIAIAUel3HewAASQAAAFMAAAANAAAAbWFuaWZlc3QuanNvbqtWKkstKs7Mz1OyUlAyVNJRUEpPzUst",
      "SizJLwKJlKQWl4AEE/MycxNLgMqKgaLR1UqZKSDZpJzSVJBsTn5+AZBfUlSaWhtbCwBQSwMEFAAAAAgAgBR6XeTr",
      "h+eSAAAADwEAABQAAABhbmltYXRpb25zL2JsdWUuanNvbm2OUQrCMBBEr1L2W9q0KII38AwSSsA0hmoNSVVK2Lu7",
      "U+uHxb+3w+zMZHrSoaBduadNQV2Uo1ZCPggB7oAG9BLYAi5fxaRkxyTXKZM/I8ffjLOtosXe/NgfcFSzJVWwhM+L",
      "a1UZBgfFopW10NVMNi7Z44QIrBrQUgtF2x3XjX8290jIc1GmHmmiKs0Yv9aYNb8BUEsDBBQAAAAIAIAUel1NqTdd",
      "UgAAAFYAAAAQAAAAaW1hZ2VzL2ltZ18wLnBuZ+sM8HPn5ZLiYmBg4PX0cAkC0iIgzMEGJHs7ZXmBlKyni2NIxZzk",
      "hIQf/+fvqrhyIJDZnVfGtODKAcEsBYab+2T5os8lqgMVMni6+rmsc0poAgBQSwECFAMUAAAACACAFHpdx3sAAEkA",
      "AABTAAAADQAAAAAAAAAAAAAAgAEAAAAAbWFuaWZlc3QuanNvblBLAQIUAxQAAAAIAIAUel3k64fnkgAAAA8BAAAU",
      "AAAAAAAAAAAAAACAAXQAAABhbmltYXRpb25zL2JsdWUuanNvblBLAQIUAxQAAAAIAIAUel1NqTddUgAAAFYAAAAQ",
      "AAAAAAAAAAAAAACAATgBAABpbWFnZXMvaW1nXzAucG5nUEsFBgAAAAADAAMAuwAAALgBAAAAAA==",
    ].joined())!

  @Test func opensTheDefaultAnimationLikeItsJSON() throws {
    let fromArchive = try LottieAnimation(data: Self.single)
    let fromJSON = try LottieAnimation(data: Data(Self.json()))
    #expect(fromArchive.size == fromJSON.size)
    #expect(fromArchive.frameRate == 10 && fromArchive.endFrame == 20)
    let a = LottieSnapshot.render(fromArchive, progress: 0.5, pixelSize: (60, 30))
    let b = LottieSnapshot.render(fromJSON, progress: 0.5, pixelSize: (60, 30))
    #expect(a.pixels == b.pixels)
    #expect(RenderFixtures.bytes(a, 10, 10) == [255, 0, 0, 255])
    #expect(RenderFixtures.bytes(a, 50, 10)[3] == 0)
  }

  @Test func storedMembersAndTheVersion2Layout() throws {
    let data = Self.file([
      .init(name: "manifest.json", bytes: Self.manifest(["b"]), deflated: false),
      .init(name: "a/b.json", bytes: Self.json(width: 90), deflated: false),
    ])
    #expect(try LottieAnimation(data: data).size == CGSize(width: 90, height: 30))
  }

  @Test func severalAnimationsAndTheActiveOne() throws {
    let data = Self.file([
      .init(name: "manifest.json", bytes: Self.manifest(["one", "two"], active: "two")),
      .init(name: "animations/one.json", bytes: Self.json(width: 10)),
      .init(name: "animations/two.json", bytes: Self.json(width: 20)),
    ])
    let file = try DotLottie(data: data)
    #expect(file.animationIDs == ["one", "two"])
    #expect(file.defaultAnimationID == "two")
    #expect(try file.animation().size.width == 20)
    #expect(try file.animation(id: "one").size.width == 10)
    #expect(
      throws: LottieError.invalidArchive(entry: "manifest.json", reason: #"no animation "three""#)
    ) {
      try file.animation(id: "three")
    }
  }

  @Test func withoutAManifestTheAnimationMembersCount() throws {
    let data = Self.file([
      .init(name: "animations/z.json", bytes: Self.json(width: 30)),
      .init(name: "images/unused.png", bytes: [1, 2, 3]),
    ])
    let file = try DotLottie(data: data)
    #expect(file.animationIDs == ["z"])
    #expect(try file.animation().size.width == 30)
  }

  /// The image layer draws the PNG the archive holds (blue over the left half of 40 × 20).
  @Test func imagesComeFromTheArchive() throws {
    let animation = try LottieAnimation(data: Self.pythonArchive)
    #expect(animation.size == CGSize(width: 40, height: 20))
    let image = LottieSnapshot.render(
      animation, progress: 0, pixelSize: (40, 20), imageDecoder: { try? CGImage(pngData: $0) })
    #expect(RenderFixtures.bytes(image, 5, 10) == [0, 0, 255, 255])
    #expect(RenderFixtures.bytes(image, 30, 10)[3] == 0)
  }

  @Test func opensFromAFile() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("layerkit-dotlottie-\(UInt32.random(in: 0...UInt32.max)).lottie")
    try Self.single.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(try LottieAnimation(contentsOf: url).size.width == 60)
    #expect(try DotLottie(contentsOf: url).animationIDs == ["a"])
  }

  // MARK: Bad archives

  /// Every truncation of a valid archive throws a `LottieError`; none crashes.
  @Test func everyTruncationThrowsATypedError() {
    let bytes = [UInt8](Self.pythonArchive)
    for n in 4..<bytes.count {
      do {
        _ = try LottieAnimation(data: Data(bytes[..<n]))
        Issue.record("a truncation to \(n) bytes loaded")
      } catch {}
    }
  }

  /// Every single-byte corruption loads or throws a `LottieError`: the CRC-32 or the
  /// structure checks catch damaged members, never a crash or a wrong read.
  @Test func everyCorruptedByteLoadsOrThrows() {
    let bytes = [UInt8](Self.pythonArchive)
    var failures = 0
    for i in 4..<bytes.count {
      var damaged = bytes
      damaged[i] ^= 0x5A
      do {
        _ = try LottieAnimation(data: Data(damaged))
      } catch {
        failures += 1
      }
    }
    // Most bytes are member data under a checksum or structure.
    #expect(failures > bytes.count / 2)
  }

  @Test func aDamagedMemberFailsItsChecksum() {
    var bytes = ZipFixture.archive([
      .init(name: "manifest.json", bytes: Self.manifest(["a"]), deflated: false),
      .init(name: "animations/a.json", bytes: Self.json(), deflated: false),
    ])
    // The JSON's first byte, after the second local header (30 bytes + the name).
    let second = 30 + "manifest.json".utf8.count + Self.manifest(["a"]).count
    bytes[second + 30 + "animations/a.json".utf8.count] = UInt8(ascii: "[")
    #expect(
      throws: LottieError.invalidArchive(entry: "animations/a.json", reason: "CRC-32 mismatch")
    ) {
      try LottieAnimation(data: Data(bytes))
    }
  }

  @Test func unsupportedMethodsAndEncryptionAreNamed() {
    var bytes = ZipFixture.archive([.init(name: "animations/a.json", bytes: Self.json())])
    let directory = bytes.count - 22 - (46 + "animations/a.json".utf8.count)
    bytes[directory + 10] = 12  // bzip2
    #expect(
      throws: LottieError.invalidArchive(
        entry: "animations/a.json", reason: "compression method 12 is not supported")
    ) { try LottieAnimation(data: Data(bytes)) }
    bytes[directory + 8] = 1  // encrypted
    #expect(
      throws: LottieError.invalidArchive(
        entry: "animations/a.json", reason: "encrypted entries are not supported")
    ) { try LottieAnimation(data: Data(bytes)) }
  }

  /// A member that inflates past its stated size stops at that size (a zip bomb allocates
  /// no more than the archive admits to), and absurd stated sizes are refused unread.
  @Test func sizesAreBounded() {
    let big = [UInt8](repeating: 0x20, count: 100_000) + Self.json()
    var bytes = ZipFixture.archive([.init(name: "animations/a.json", bytes: big)])
    let directory = bytes.count - 22 - (46 + "animations/a.json".utf8.count)
    let stated = ZipFixture.le32(1000)
    bytes.replaceSubrange((directory + 24)..<(directory + 28), with: stated)
    #expect {
      try LottieAnimation(data: Data(bytes))
    } throws: { error in
      guard case .invalidArchive(let entry, _)? = error as? LottieError else { return false }
      return entry == "animations/a.json"
    }
    bytes.replaceSubrange((directory + 24)..<(directory + 28), with: ZipFixture.le32(0xFFFF_FFF0))
    #expect(throws: LottieError.limitExceeded(path: "animations/a.json", limit: "64 MiB per entry"))
    {
      try LottieAnimation(data: Data(bytes))
    }
  }

  /// Thousands of image assets naming one member all get its bytes (inflated once).
  @Test func manyAssetsShareOneImageMember() throws {
    let python = try ZipArchive([UInt8](Self.pythonArchive))
    let image = try python.contents(of: try #require(python.entry("images/img_0.png")))
    let assets = (0..<2_000).map {
      #"{"id":"i\#($0)","w":20,"h":20,"u":"/images/","p":"a.png","e":0}"#
    }
    let json =
      #"{"fr":10,"ip":0,"op":20,"w":40,"h":20,"layers":[],"assets":["#
      + assets.joined(separator: ",") + "]}"
    let data = Self.file([
      .init(name: "animations/a.json", bytes: Array(json.utf8)),
      .init(name: "images/a.png", bytes: image),
    ])
    let animation = try LottieAnimation(data: data)
    var withBytes = 0
    for case .image(_, _, let bytes?, _, _, _) in animation.composition.assets.values
    where bytes.count > 0 {
      withBytes += 1
    }
    #expect(withBytes == 2_000)
  }

  @Test func archivesWithoutAnimationsOrWithBadManifestsAreNamed() {
    #expect(throws: LottieError.invalidArchive(entry: "archive", reason: "holds no animation")) {
      try LottieAnimation(data: Self.file([.init(name: "images/x.png", bytes: [1])]))
    }
    #expect {
      try LottieAnimation(
        data: Self.file([
          .init(name: "manifest.json", bytes: Array("{\"animations\":".utf8)),
          .init(name: "animations/a.json", bytes: Self.json()),
        ]))
    } throws: { error in
      guard case .invalidArchive(let entry, _)? = error as? LottieError else { return false }
      return entry == "manifest.json"
    }
    // The animation's own JSON errors keep their JSON path.
    #expect(throws: LottieError.missingValue(path: "$.w")) {
      try LottieAnimation(
        data: Self.file([
          .init(name: "animations/a.json", bytes: Array(#"{"h":1,"fr":1,"ip":0,"op":1}"#.utf8))
        ]))
    }
  }
}
