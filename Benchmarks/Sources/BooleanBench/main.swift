// Boolean operations on self-crossing paths (issue 31), timed the way
// Scripts/bench-boolean times Clipper and Skia PathOps on the same polygons: the union of a
// star with a square, one thread, fastest of a few runs. Prints one line per row:
// `row<TAB>n<TAB>fastest seconds<TAB>median seconds<TAB>result area`.
//
// Rows:
// - `star`: point k at angle 2.4·k on a circle of radius 40 around (50, 50), n points
//   (about 0.2·n² crossings), with the square (20, 20, 60, 60).
// - `twice`: the spiky star that goes around twice (radius 400 and 250 alternately around
//   (500, 500), about n crossings), with the square (300, 300, 400, 400), as in the
//   compositor benchmark's trees-and-paths table.
//
// Usage: layerkit-boolean-bench [ROW:N ...]   (default: star:300 star:1000 star:4000
//        star:10000 twice:1000 twice:10000)
import Foundation
import LayerGraphics

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func polygon(_ row: String, _ n: Int) -> ([CGPoint], CGRect) {
  if row == "twice" {
    let points = (0..<n).map { k in
      let a = Double(k) * 4 * Double.pi / Double(n)
      let radius = k % 2 == 0 ? 400.0 : 250.0
      return CGPoint(x: 500 + radius * cos(a), y: 500 + radius * sin(a))
    }
    return (points, CGRect(x: 300, y: 300, width: 400, height: 400))
  }
  let points = (0..<n).map { k in
    CGPoint(x: 50 + 40 * cos(2.4 * Double(k)), y: 50 + 40 * sin(2.4 * Double(k)))
  }
  return (points, CGRect(x: 20, y: 20, width: 60, height: 60))
}

/// The area the result fills (its loops are simple, interiors on the left).
func area(_ path: CGPath) -> Double {
  var total = 0.0
  var first = CGPoint.zero
  var last = CGPoint.zero
  for e in path.elements {
    switch e {
    case .moveTo(let p):
      first = p
      last = p
    case .lineTo(let p):
      total += Double(last.x * p.y - p.x * last.y)
      last = p
    case .closeSubpath:
      total += Double(last.x * first.y - first.x * last.y)
      last = first
    default:
      break
    }
  }
  return total / 2
}

let args = CommandLine.arguments.dropFirst()
let rows =
  args.isEmpty
  ? ["star:300", "star:1000", "star:4000", "star:10000", "twice:1000", "twice:10000"] : Array(args)
for spec in rows {
  let parts = spec.split(separator: ":")
  guard parts.count == 2, let n = Int(parts[1]) else { continue }
  let (points, rect) = polygon(String(parts[0]), n)
  let star = CGMutablePath()
  star.addLines(between: points)
  star.closeSubpath()
  let square = CGPath(rect: rect, transform: nil)
  var times: [Double] = []
  var result = CGPath(rect: .zero, transform: nil)
  var spent = 0.0
  // Up to five runs, fewer when one takes long (at least one, and two when under 20 s).
  while times.count < 5 && (times.count < 2 ? spent < 20 : spent < 5) {
    let t0 = now()
    result = star.union(square)
    let t = Double(now() - t0) / 1e9
    times.append(t)
    spent += t
  }
  times.sort()
  print("\(parts[0])\t\(n)\t\(times[0])\t\(times[times.count / 2])\t\(area(result))")
}
