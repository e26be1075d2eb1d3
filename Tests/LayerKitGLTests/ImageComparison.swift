import Foundation
import LayerKit

/// How far a GPU frame is from the CPU compositor's, by the rule the GL backend is held
/// to: at most 2/255 per channel on at least 99.9 % of pixels, and any pixel differing by
/// more lying within one pixel of an edge of the reference.
///
/// "Within one pixel of an edge": across the 3 × 3 pixels centred on it, the CPU frame
/// changes in some channel by at least as much as the two frames differ at the pixel (an
/// anti-aliased edge's coverage can move its pixels by at most the contrast across it;
/// a smooth gradient is no such edge for a larger difference).
struct ImageComparison: CustomStringConvertible {
  var pixels = 0
  /// Pixels differing by more than 2/255 in some channel.
  var over = 0
  /// Of those, the ones away from every edge.
  var awayFromEdges = 0
  var largest = 0
  var firstAway: (x: Int, y: Int, cpu: [UInt8], gpu: [UInt8])? = nil

  init(_ cpu: CGImage, _ gpu: CGImage) {
    precondition(cpu.width == gpu.width && cpu.height == gpu.height, "frames of other sizes")
    let w = cpu.width
    let h = cpu.height
    pixels = w * h
    let a = cpu.pixels
    let b = gpu.pixels
    // The contrast of the CPU frame around each pixel: the largest range of one channel
    // over the 3 × 3 pixels centred on it.
    func contrast(_ x: Int, _ y: Int) -> Int {
      var lo = [255, 255, 255, 255]
      var hi = [0, 0, 0, 0]
      for yy in max(0, y - 1)...min(h - 1, y + 1) {
        for xx in max(0, x - 1)...min(w - 1, x + 1) {
          for k in 0..<4 {
            let v = Int(a[(yy * w + xx) * 4 + k])
            lo[k] = min(lo[k], v)
            hi[k] = max(hi[k], v)
          }
        }
      }
      return (0..<4).map { hi[$0] - lo[$0] }.max()!
    }
    for i in 0..<(w * h) {
      let d = (0..<4).map { abs(Int(a[i * 4 + $0]) - Int(b[i * 4 + $0])) }.max()!
      largest = max(largest, d)
      guard d > 2 else { continue }
      over += 1
      // On an edge: the CPU frame changes across the pixel's neighbourhood by at least
      // as much as the two frames differ there (a coverage difference at an edge is at
      // most the contrast across it).
      if contrast(i % w, i / w) < d {
        awayFromEdges += 1
        if firstAway == nil {
          firstAway = (
            i % w, i / w, Array(a[(i * 4)..<(i * 4 + 4)]), Array(b[(i * 4)..<(i * 4 + 4)])
          )
        }
      }
    }
  }

  /// Whether the frames agree by the rule above.
  var agrees: Bool { awayFromEdges == 0 && Double(over) <= Double(pixels) * 0.001 }

  /// Whether every byte is the same.
  var exact: Bool { largest == 0 }

  var description: String {
    var s =
      "\(over) of \(pixels) pixels differ by more than 2/255 (largest \(largest)), "
      + "\(awayFromEdges) away from edges"
    if let f = firstAway { s += "; first at (\(f.x), \(f.y)): CPU \(f.cpu), GL \(f.gpu)" }
    return s
  }
}
