import Foundation
import Testing

@testable import LayerGraphics

/// A recorded fill replayed against filling the path again: the pixels must agree bit
/// for bit (tolerance 0), and a recording refuses a context whose transformation or
/// clip differs from the one it was made in.
@Suite struct RecordedFillTests {
  static func roundedRect(_ r: CGRect, radius: CGFloat) -> CGPath {
    let p = CGMutablePath()
    p.addRoundedRect(in: r, cornerWidth: radius, cornerHeight: radius)
    return p
  }

  /// A 64×48 context with a non-uniform background, so blending shows.
  static func context() -> CGContext {
    let ctx = CGContext(width: 64, height: 48)!
    let px = ctx.data!.assumingMemoryBound(to: UInt32.self)
    for k in 0..<(64 * 48) { px[k] = UInt32(truncatingIfNeeded: k &* 2_654_435_761) | 0xFF00_0000 }
    return ctx
  }

  static func pixels(_ ctx: CGContext) -> [UInt32] {
    Array(
      UnsafeBufferPointer(start: ctx.data!.assumingMemoryBound(to: UInt32.self), count: 64 * 48))
  }

  struct Case: Sendable, CustomStringConvertible {
    var rect: CGRect
    var radius: CGFloat
    var clip: CGRect
    var translation: CGPoint
    var alpha: CGFloat
    var color: CGColor
    var description: String { "\(rect) r=\(radius) clip=\(clip) t=\(translation) a=\(alpha)" }
  }

  static let cases: [Case] = [
    Case(
      rect: CGRect(x: 4.3, y: 5.7, width: 40, height: 20), radius: 8,
      clip: CGRect(x: 0, y: 0, width: 64, height: 48),
      translation: CGPoint(x: 3, y: 2), alpha: 1,
      color: CGColor(red: 0.9, green: 0.9, blue: 0.95, alpha: 1)),
    Case(
      rect: CGRect(x: -6, y: 10, width: 50, height: 30), radius: 12,
      clip: CGRect(x: 7, y: 3, width: 30, height: 40),
      translation: CGPoint(x: 0.25, y: 0.5), alpha: 0.6,
      color: CGColor(red: 0.2, green: 0.5, blue: 0.1, alpha: 0.8)),
    Case(
      rect: CGRect(x: 10, y: 10, width: 20, height: 20), radius: 0,
      clip: CGRect(x: 0, y: 0, width: 64, height: 48),
      translation: .zero, alpha: 1, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1)),
  ]

  @Test(arguments: cases)
  func replayPaintsWhatFillingThePathPaints(_ c: Case) {
    let path = Self.roundedRect(c.rect, radius: c.radius)
    func prepare(_ ctx: CGContext) {
      ctx.saveGState()
      ctx.clip(to: c.clip)
      ctx.translateBy(x: c.translation.x, y: c.translation.y)
      ctx.setAlpha(c.alpha)
      ctx.setFillColor(c.color)
    }
    let direct = Self.context()
    prepare(direct)
    direct.addPath(path)
    direct.fillPath()

    let recording = Self.context()
    prepare(recording)
    let recorded = recording.recordFill(path, rule: .winding)
    #expect(Self.pixels(recording) == Self.pixels(direct))

    let replayed = Self.context()
    prepare(replayed)
    guard let recorded else {
      Issue.record("no recording in a plain state")
      return
    }
    #expect(replayed.canReplay(recorded))
    replayed.fill(recorded)
    #expect(Self.pixels(replayed) == Self.pixels(direct))

    // The same fill through the stateless entry point, from the base state.
    let stateless = Self.context()
    let t = CGAffineTransform(translationX: c.translation.x, y: c.translation.y)
    let box = SIMD4(Int(c.clip.minX), Int(c.clip.minY), Int(c.clip.maxX), Int(c.clip.maxY))
    #expect(stateless.fill(recorded, transform: t, clip: box, color: c.color, alpha: c.alpha))
    #expect(Self.pixels(stateless) == Self.pixels(direct))
  }

  @Test func recordingRefusesAnotherTransformationOrClip() throws {
    let path = Self.roundedRect(CGRect(x: 4, y: 4, width: 30, height: 20), radius: 6)
    let ctx = Self.context()
    ctx.saveGState()
    ctx.translateBy(x: 2, y: 0)
    let recorded = try #require(ctx.recordFill(path, rule: .winding))
    ctx.restoreGState()
    #expect(!ctx.canReplay(recorded))
    ctx.translateBy(x: 2, y: 0)
    #expect(ctx.canReplay(recorded))
    ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 20))
    #expect(!ctx.canReplay(recorded))
    let fresh = Self.context()
    let before = Self.pixels(fresh)
    #expect(
      !fresh.fill(
        recorded, transform: .identity, clip: SIMD4(0, 0, 64, 48), color: .black, alpha: 1))
    #expect(
      !fresh.fill(
        recorded, transform: CGAffineTransform(translationX: 2, y: 0), clip: SIMD4(0, 0, 20, 48),
        color: .black, alpha: 1))
    #expect(Self.pixels(fresh) == before)
  }

  @Test func noRecordingUnderAClipMaskOrAnotherBlendMode() {
    let path = Self.roundedRect(CGRect(x: 4, y: 4, width: 30, height: 20), radius: 6)
    let blended = Self.context()
    blended.setBlendMode(.multiply)
    #expect(blended.recordFill(path, rule: .winding) == nil)
    let masked = Self.context()
    masked.addEllipse(in: CGRect(x: 0, y: 0, width: 40, height: 40))
    masked.clip()
    #expect(masked.recordFill(path, rule: .winding) == nil)
  }
}
