import Foundation

/// The coverage a solid fill of one path produced, kept to paint the same path again
/// without flattening or scan-converting it.
///
/// A recording holds exactly the spans and masks the rasterizer reported for the path
/// under the context's transformation and clip box at the time it was made, and remembers
/// both. Replaying it into a context in the same transformation and clip box hands the
/// same calls to the same blitter, so the pixels are identical to filling the path again
/// — with whatever fill colour and alpha the context has when it replays.
package struct RecordedFill: Sendable {
  /// One reported run: pixels `x..<x + count` of row `y`; `mask < 0` is a span of
  /// constant coverage `-(mask + 1)`, otherwise the offset of its coverages in `masks`.
  struct Run: Sendable {
    var y: Int32
    var x: Int32
    var count: Int32
    var mask: Int32
  }

  /// The device transformation the path was filled under.
  let ctm: CGAffineTransform
  /// The device clip box `x0, y0, x1, y1` it was filled in.
  let clip: SIMD4<Int>
  /// The rows its edges were cut to (`CGContext.setEdgeRows(_:)`).
  let edgeRows: Range<Int>
  let rule: CGPathFillRule
  let antialias: Bool
  var runs: [Run] = []
  var masks: [UInt8] = []
}

/// Stage 3 that writes the reported coverage down instead of painting it.
struct FillRecorder: SpanBlitter {
  var fill: RecordedFill

  mutating func blitSpan(y: Int, x0: Int, x1: Int, alpha: UInt8) {
    fill.runs.append(
      RecordedFill.Run(
        y: Int32(truncatingIfNeeded: y), x: Int32(truncatingIfNeeded: x0),
        count: Int32(truncatingIfNeeded: x1 - x0),
        mask: -1 - Int32(alpha)))
  }

  mutating func blitMask(y: Int, x: Int, count: Int, mask: UnsafePointer<UInt8>) {
    fill.runs.append(
      RecordedFill.Run(
        y: Int32(truncatingIfNeeded: y), x: Int32(truncatingIfNeeded: x),
        count: Int32(truncatingIfNeeded: count),
        mask: Int32(truncatingIfNeeded: fill.masks.count)))
    fill.masks.append(contentsOf: UnsafeBufferPointer(start: mask, count: count))
  }
}

extension CGContext {
  /// Whether a solid fill in the current state goes straight through `SolidBlitter`
  /// (normal blending, no clip mask, no shadow): the fills a recording can stand for.
  private var fillsThroughSolidBlitter: Bool {
    state.blendMode == .normal && state.clipMask == nil && !state.hasShadow
  }

  /// The current clip box, `x0, y0, x1, y1` in device pixels.
  private var clipBox: SIMD4<Int> { SIMD4(state.clipX0, state.clipY0, state.clipX1, state.clipY1) }

  /// Fills `path` (user space, under the current transformation) with the fill colour
  /// like `addPath` + `fillPath(using:)`, and returns what the rasterizer reported so
  /// `fill(_:)` can repeat it; nil (and nothing drawn) when the state is not one a
  /// recording can stand for, in which case fill the path the ordinary way. The current
  /// path is left as it was.
  package func recordFill(_ path: CGPath, rule: CGPathFillRule) -> RecordedFill? {
    guard fillsThroughSolidBlitter, path.storage.points.count <= 1 << 20 else { return nil }
    var device = PathStorage()
    device.append(path.storage, state.ctm)
    var recorder = FillRecorder(
      fill: RecordedFill(
        ctm: state.ctm, clip: clipBox, edgeRows: state.edgeY0..<state.edgeY1, rule: rule,
        antialias: state.antialias))
    if !missesClip(device, outset: 0) {
      buildFillEdges(device)
      rasterizer.fill(edges, rule: rule, antialias: state.antialias, into: &recorder)
    }
    fill(recorder.fill)
    return recorder.fill
  }

  /// Whether `recorded` was made in this context's current transformation, clip box and
  /// antialiasing, for a fill `fill(_:)` can repeat.
  package func canReplay(_ recorded: RecordedFill) -> Bool {
    fillsThroughSolidBlitter && recorded.antialias == state.antialias && recorded.ctm == state.ctm
      && recorded.clip == clipBox && recorded.edgeRows == state.edgeY0..<state.edgeY1
  }

  /// Paints `recorded` in `color` at opacity `alpha` if it is what saving the state,
  /// clipping to the device box `clip` (`x0, y0, x1, y1`) and concatenating `transform`
  /// would fill — without changing the state. Only a context in its base state (identity
  /// transformation, no clip mask, alpha 1) qualifies, where that clip box is `clip`
  /// intersected with the current one and the transformation is `transform` itself;
  /// `edgeRows`, when given, are the rows `setEdgeRows(_:)` would have set. False
  /// (nothing drawn) otherwise.
  package func fill(
    _ recorded: RecordedFill, transform: CGAffineTransform, clip: SIMD4<Int>,
    edgeRows: Range<Int>? = nil,
    color: CGColor, alpha: CGFloat
  ) -> Bool {
    guard fillsThroughSolidBlitter, state.ctm == .identity, state.alpha == 1, !alpha.isNaN,
      recorded.antialias == state.antialias, recorded.ctm == transform
    else { return false }
    let box = SIMD4(
      Swift.max(clip.x, state.clipX0), Swift.max(clip.y, state.clipY0),
      Swift.min(clip.z, state.clipX1),
      Swift.min(clip.w, state.clipY1))
    guard recorded.clip == box else { return false }
    let rows = edgeRows ?? box.y..<box.w
    let edgeY0 = Swift.min(Swift.max(rows.lowerBound, 0), box.y)
    let edge = edgeY0..<Swift.max(Swift.min(rows.upperBound, height), box.w)
    guard recorded.edgeRows == edge else { return false }
    replay(
      recorded, color: PixelMath.premultiplied(color, opacity: Swift.min(Swift.max(alpha, 0), 1)))
    return true
  }

  /// Paints `recorded`'s coverage with the current fill colour and alpha; the caller has
  /// checked `canReplay(_:)`.
  package func fill(_ recorded: RecordedFill) {
    guard case .solid(let color) = fillPaint else { return }
    replay(recorded, color: color)
  }

  private func replay(_ recorded: RecordedFill, color: UInt32) {
    var solid = SolidBlitter(pixels: pixels, stride: stride, color: color)
    recorded.runs.withUnsafeBufferPointer { runs in
      recorded.masks.withUnsafeBufferPointer { masks in
        for r in runs {
          if r.mask < 0 {
            solid.blitSpan(
              y: Int(r.y), x0: Int(r.x), x1: Int(r.x) + Int(r.count),
              alpha: UInt8(truncatingIfNeeded: -1 - r.mask))
          } else {
            solid.blitMask(
              y: Int(r.y), x: Int(r.x), count: Int(r.count), mask: masks.baseAddress! + Int(r.mask))
          }
        }
      }
    }
  }
}
