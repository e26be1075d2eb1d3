import Foundation
import LayerGraphics
import LayerKitSDL
import Testing

@testable import LayerKitExport

/// Test frames: a diagonal colour gradient (thousands of colours), a white square that
/// moves 4 pixels per frame, and a transparent band along the bottom.
func sampleFrame(_ index: Int, width: Int = 48, height: Int = 32) -> CGImage {
  var rgba = [UInt8](repeating: 0, count: width * height * 4)
  for y in 0..<height {
    for x in 0..<width {
      let o = (y * width + x) * 4
      if y >= height - 4 { continue }  // transparent band
      let inSquare = (x - index * 4 >= 2 && x - index * 4 < 10 && y >= 4 && y < 12)
      rgba[o] = inSquare ? 255 : UInt8(x * 255 / (width - 1))
      rgba[o + 1] = inSquare ? 255 : UInt8(y * 255 / (height - 1))
      rgba[o + 2] = inSquare ? 255 : UInt8((x + y) * 255 / (width + height - 2))
      rgba[o + 3] = 255
    }
  }
  return CGImage(width: width, height: height, straightRGBA: rgba)!
}

/// A fresh path in one shared scratch folder (`$TMPDIR/layerkit-export-tests`), so runs
/// reuse one folder instead of leaving a new one each time.
func temporaryFile(_ name: String) -> String {
  let dir = FileManager.default.temporaryDirectory
    .appendingPathComponent("layerkit-export-tests")
  try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  return dir.appendingPathComponent("\(UUID().uuidString)-\(name)").path
}

@Suite struct FrameTimelineTests {
  @Test(arguments: [(30.0, 30, 100), (25, 50, 200), (12, 7, 58), (50, 3, 6), (7, 10, 143)])
  func centisecondDelaysAddUpToTheExactLength(fps: Double, count: Int, total: Int) {
    let timeline = FrameTimeline(count: count, fps: fps)
    let delays = (0..<count).map { timeline.delay(ofFrame: $0, unitsPerSecond: 100) }
    #expect(delays.reduce(0, +) == total)
    // No delay is more than one unit from the exact 100 / fps.
    for d in delays { #expect(abs(Double(d) - 100 / fps) < 1) }
  }

  @Test func thirtyFramesPerSecondAlternateThreeAndFourCentiseconds() {
    let timeline = FrameTimeline(duration: 0.2, fps: 30)
    #expect(timeline.count == 6)
    #expect((0..<6).map { timeline.delay(ofFrame: $0, unitsPerSecond: 100) } == [3, 4, 3, 3, 4, 3])
    #expect(timeline.time(ofFrame: 3) == 0.1)
  }

  @Test func durationRoundsToWholeFramesAndKeepsOne() {
    #expect(FrameTimeline(duration: 1.01, fps: 10).count == 10)
    #expect(FrameTimeline(duration: 0, fps: 10).count == 1)
  }
}

@Suite struct ColorQuantizerTests {
  @Test func fewColoursMapExactly() {
    let rgba: [UInt8] = [
      255, 0, 0, 255, 0, 255, 0, 255, 255, 0, 0, 255, 0, 0, 0, 0,
    ]
    let frame = ColorQuantizer().quantize(CGImage(width: 2, height: 2, straightRGBA: rgba)!)
    #expect(frame.palette == [SIMD3(255, 0, 0), SIMD3(0, 255, 0)])
    #expect(frame.transparentIndex == 2)
    #expect(frame.indices == [0, 1, 0, 2])
  }

  @Test(arguments: [ColorQuantizer.Dithering.none, .floydSteinberg])
  func aGradientKeepsItsColoursClosely(dithering: ColorQuantizer.Dithering) {
    let image = sampleFrame(0, width: 128, height: 96)
    let quantizer = ColorQuantizer(dithering: dithering)
    let frame = quantizer.quantize(image)
    #expect(frame.entryCount <= 256)
    #expect(frame.palette.count > 200)
    #expect(frame.transparentIndex == frame.palette.count)
    var restored = [UInt8](repeating: 0, count: image.pixels.count)
    for (i, index) in frame.indices.enumerated() where Int(index) < frame.palette.count {
      let c = frame.palette[Int(index)]
      restored.replaceSubrange(i * 4..<(i * 4 + 4), with: [c.x, c.y, c.z, 255])
    }
    let d = difference(image.straightRGBA(), restored)
    #expect(d.maxAlpha == 0)
    #expect(d.meanRGB < 4.5, "mean error \(d.meanRGB)")
  }

  @Test func ditheringFollowsARampWithTwoColours() {
    // A horizontal grey ramp with a two-colour palette: each column's mean tracks the ramp.
    let rgba = (0..<(64 * 64)).flatMap { i -> [UInt8] in
      let v = UInt8((i % 64) * 4)
      return [v, v, v, 255]
    }
    let image = CGImage(width: 64, height: 64, straightRGBA: rgba)!
    let frame = ColorQuantizer(maximumColors: 2).quantize(image)
    let levels = frame.palette.map { Double($0.x) }.sorted()
    #expect(levels.count == 2)
    // Blocks of 4 columns × 64 rows: the dithered mean follows the ramp; the nearest
    // colour alone would be off by up to half the gap between the two levels.
    for block in 0..<16 {
      let v = Double(block * 16 + 6)
      guard v > levels[0] + 8, v < levels[1] - 8 else { continue }
      var sum = 0.0
      for x in (block * 4)..<(block * 4 + 4) {
        for y in 0..<64 { sum += Double(frame.palette[Int(frame.indices[y * 64 + x])].x) }
      }
      #expect(abs(sum / 256 - v) < 8, "columns \(block * 4)…: mean \(sum / 256) for \(v)")
    }
  }
}

@Suite struct AnimatedGIFWriterTests {
  @Test func writesFramesDelaysSizeAndPixels() throws {
    let path = temporaryFile("moving.gif")
    let timeline = FrameTimeline(count: 6, fps: 30)
    try AnimationExporter.export(to: path, width: 48, height: 32, timeline: timeline) { i, _ in
      sampleFrame(i)
    }
    let gif = try DecodedAnimation.gif(at: path)
    #expect(gif.width == 48 && gif.height == 32)
    #expect(gif.frames.count == 6)
    #expect(gif.timing == [3, 4, 3, 3, 4, 3])
    #expect(gif.loops == 0)
    for i in 0..<6 {
      let d = difference(sampleFrame(i).straightRGBA(), gif.frames[i])
      #expect(d.maxAlpha == 0, "transparent band and opaque pixels keep their alpha")
      #expect(d.meanRGB < 4, "frame \(i): mean error \(d.meanRGB)")
    }
  }

  @Test func refusesFrameRatesAboveFifty() {
    #expect(throws: AnimationExportError.unsupportedFrameRate(format: "GIF", fps: 60, maximum: 50))
    {
      _ = try AnimatedGIFWriter(
        path: temporaryFile("x.gif"), width: 4, height: 4, timeline: .init(count: 1, fps: 60))
    }
  }

  @Test func reportsAnUnwritablePath() {
    #expect(throws: AnimationExportError.self) {
      _ = try AnimatedGIFWriter(
        path: "/proc/layerkit/x.gif", width: 4, height: 4, timeline: .init(count: 1, fps: 10))
    }
  }
}

@Suite struct AnimatedWebPWriterTests {
  @Test func losslessFramesComeBackExactlyWithExactTimestamps() throws {
    let path = temporaryFile("moving.webp")
    let timeline = FrameTimeline(count: 5, fps: 30)
    let writer = try AnimatedWebPWriter(
      path: path, width: 48, height: 32, timeline: timeline, compression: .lossless)
    for i in 0..<5 { try writer.append(sampleFrame(i), index: i) }
    try writer.finish()
    let webp = try DecodedAnimation.webp(at: path)
    #expect(webp.width == 48 && webp.height == 32)
    #expect(webp.frames.count == 5)
    // End of each frame: round((i + 1) · 1000 / 30) ms.
    #expect(webp.timing == [33, 67, 100, 133, 167])
    #expect(webp.loops == 0)
    for i in 0..<5 { #expect(webp.frames[i] == sampleFrame(i).straightRGBA()) }
  }

  @Test func lossyFramesStayClose() throws {
    let path = temporaryFile("moving-lossy.webp")
    try AnimationExporter.export(
      to: path, width: 48, height: 32, timeline: FrameTimeline(count: 3, fps: 10)
    ) { i, _ in sampleFrame(i) }
    let webp = try DecodedAnimation.webp(at: path)
    #expect(webp.frames.count == 3)
    #expect(webp.timing == [100, 200, 300])
    for i in 0..<3 {
      let d = difference(sampleFrame(i).straightRGBA(), webp.frames[i])
      #expect(d.meanRGB < 6, "frame \(i): mean error \(d.meanRGB)")
    }
  }
}

@Suite struct AnimatedWebPGhostTests {
  /// A white square moving over a flat colour.
  func flatFrame(_ index: Int) -> CGImage {
    var rgba = [UInt8](repeating: 0, count: 64 * 32 * 4)
    for y in 0..<32 {
      for x in 0..<64 {
        let inSquare = x >= index * 6 + 4 && x < index * 6 + 16 && y >= 10 && y < 22
        let o = (y * 64 + x) * 4
        rgba.replaceSubrange(
          o..<(o + 4), with: inSquare ? [255, 255, 255, 255] : [60, 120, 200, 255])
      }
    }
    return CGImage(width: 64, height: 32, straightRGBA: rgba)!
  }

  @Test func lossyFramesLeaveNoGhostWhereTheSquareWas() throws {
    let path = temporaryFile("ghost.webp")
    try AnimationExporter.export(
      to: path, width: 64, height: 32, timeline: FrameTimeline(count: 6, fps: 12)
    ) { i, _ in flatFrame(i) }
    let webp = try DecodedAnimation.webp(at: path)
    #expect(webp.frames.count == 6)
    for i in 1..<6 {
      var worst = 0
      for y in 0..<32 {
        for x in 0..<64 {
          // Away from the current square by 4 pixels: the flat colour, nothing left behind
          // (lossy ringing stays under 11 here; blended sub-frames left ghosts off by 28).
          guard x < i * 6 || x >= i * 6 + 20 || y < 6 || y >= 26 else { continue }
          let o = (y * 64 + x) * 4
          for (c, want) in [60, 120, 200].enumerated() {
            worst = max(worst, abs(Int(webp.frames[i][o + c]) - want))
          }
        }
      }
      #expect(worst <= 14, "frame \(i): a pixel off by \(worst)")
    }
  }
}

@Suite struct FFmpegVideoWriterTests {
  @Test func saysClearlyWhenFFmpegIsMissing() {
    #expect(throws: AnimationExportError.ffmpegMissing) {
      _ = try FFmpegVideoWriter(
        path: temporaryFile("x.mp4"), width: 4, height: 4, timeline: .init(count: 1, fps: 10),
        executable: FFmpegVideoWriter.locate(environment: ["PATH": "/nonexistent"]))
    }
    #expect("\(AnimationExportError.ffmpegMissing)".contains("apt-get install ffmpeg"))
  }

  @Test(.enabled(if: FFmpegVideoWriter.locate() != nil, "ffmpeg is not installed"))
  func writesAnMP4WithEveryFrame() throws {
    let path = temporaryFile("moving.mp4")
    try AnimationExporter.export(
      to: path, width: 48, height: 32, timeline: FrameTimeline(count: 6, fps: 30)
    ) { i, _ in sampleFrame(i) }
    // ffmpeg counts the frames it decodes back.
    let probe = Process()
    probe.executableURL = FFmpegVideoWriter.locate()!.deletingLastPathComponent()
      .appendingPathComponent("ffprobe")
    probe.arguments = [
      "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
      "stream=nb_read_frames,width,height,r_frame_rate", "-of", "csv=p=0", path,
    ]
    let out = Pipe()
    probe.standardOutput = out
    try probe.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    probe.waitUntilExit()
    #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "48,32,30/1,6")
  }
}
