import Foundation
import LayerGraphics

/// libFuzzer's entry point: one input as SVG path data.
///
/// Bad data must throw `SVGPathError`; a path that parses is then measured, flattened,
/// dashed, stroked and filled into a small bitmap, so that hostile coordinates (huge,
/// tiny, degenerate arcs) reach the geometry and the rasterizer too. A crash, a leak or
/// a timeout is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVGPath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let path = try? CGPath(svgPath: text) else { return 0 }
  _ = path.boundingBox
  _ = path.boundingBoxOfPath
  _ = path.flattened(threshold: 0.5)
  _ = path.copy(dashingWithPhase: 1, lengths: [3, 2])
  _ = path.copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .miter, miterLimit: 10)
  _ = path.contains(CGPoint(x: 5, y: 5))
  guard let ctx = CGContext(width: 32, height: 32) else { return 0 }
  ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
  ctx.addPath(path)
  ctx.fillPath()
  ctx.setLineWidth(1.5)
  ctx.setLineDash(phase: 0, lengths: [2, 1])
  ctx.addPath(path)
  ctx.strokePath()
  return 0
}
