import Foundation
import LayerKit

/// How far a GPU frame is from the CPU compositor's, by the rule the GL backend is held
/// to: at most 2/255 per channel on at least 99.9 % of pixels, and any pixel differing by
/// more lying within one pixel of an edge of the reference.
///
/// "Within one pixel of an edge": the pixel or one of its eight neighbours in the CPU
/// frame differs from a neighbour of its own by more than 16/255 in some channel
/// (anti-aliased edges, texture edges, glyphs), so smooth gradients are no edges.
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
    func step(_ i: Int, _ j: Int) -> Bool {
      (0..<4).contains { abs(Int(a[i * 4 + $0]) - Int(a[j * 4 + $0])) > 16 }
    }
    var edge = [Bool](repeating: false, count: w * h)
    for y in 0..<h {
      for x in 0..<w {
        let i = y * w + x
        if (x + 1 < w && step(i, i + 1)) || (y + 1 < h && step(i, i + w)) {
          for yy in max(0, y - 1)...min(h - 1, y + 2) {
            for xx in max(0, x - 1)...min(w - 1, x + 2) { edge[yy * w + xx] = true }
          }
        }
      }
    }
    for i in 0..<(w * h) {
      let d = (0..<4).map { abs(Int(a[i * 4 + $0]) - Int(b[i * 4 + $0])) }.max()!
      largest = max(largest, d)
      guard d > 2 else { continue }
      over += 1
      if !edge[i] {
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
