import Foundation
import LayerGraphics

/// The benchmark scenes, read from the files `bench-anchors/scene.py` writes, so LayerKit
/// draws exactly what the reference renderers draw.
struct Scene {
  struct RoundedRect {
    var path: CGPath
    var fill: CGColor
    var border: CGColor
  }

  struct Star {
    var path: CGPath
    var stroke: CGColor
    var fill: CGColor
  }

  var rects: [RoundedRect] = []
  var stars: [Star] = []

  static let radius: CGFloat = 8

  /// Reads `scene_rrects.txt` and `scene_stars.txt` from `directory`.
  init(directory: String) throws {
    let rr = try String(contentsOfFile: directory + "/scene_rrects.txt", encoding: .utf8)
    for line in rr.split(separator: "\n") {
      let v = line.split(separator: " ").compactMap { Double($0) }
      guard v.count == 12 else { continue }
      let r = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
      rects.append(
        RoundedRect(
          path: Self.roundedRect(r, radius: Self.radius),
          fill: CGColor(red: v[4], green: v[5], blue: v[6], alpha: v[7]),
          border: CGColor(red: v[8], green: v[9], blue: v[10], alpha: v[11])))
    }
    let st = try String(contentsOfFile: directory + "/scene_stars.txt", encoding: .utf8)
    var lines = st.split(separator: "\n")[...]
    while let header = lines.popFirst() {
      let h = header.split(separator: " ").compactMap { Double($0) }
      guard h.count == 9 else { continue }
      let n = Int(h[0])
      let p = CGMutablePath()
      for k in 0..<n {
        guard let seg = lines.popFirst() else { break }
        let s = seg.split(separator: " ").compactMap { Double($0) }
        guard s.count == 8 else { continue }
        if k == 0 { p.move(to: CGPoint(x: s[0], y: s[1])) }
        p.addCurve(
          to: CGPoint(x: s[6], y: s[7]), control1: CGPoint(x: s[2], y: s[3]),
          control2: CGPoint(x: s[4], y: s[5]))
      }
      p.closeSubpath()
      stars.append(
        Star(
          path: p, stroke: CGColor(red: h[1], green: h[2], blue: h[3], alpha: h[4]),
          fill: CGColor(red: h[5], green: h[6], blue: h[7], alpha: h[8])))
    }
  }

  /// A rounded rectangle from lines and quarter-circle cubics (κ = 0.5523).
  static func roundedRect(_ r: CGRect, radius: CGFloat) -> CGPath {
    let rad = min(radius, r.width / 2, r.height / 2)
    let k = 0.5522847498 * rad
    let p = CGMutablePath()
    p.move(to: CGPoint(x: r.minX + rad, y: r.minY))
    p.addLine(to: CGPoint(x: r.maxX - rad, y: r.minY))
    p.addCurve(
      to: CGPoint(x: r.maxX, y: r.minY + rad), control1: CGPoint(x: r.maxX - rad + k, y: r.minY),
      control2: CGPoint(x: r.maxX, y: r.minY + rad - k))
    p.addLine(to: CGPoint(x: r.maxX, y: r.maxY - rad))
    p.addCurve(
      to: CGPoint(x: r.maxX - rad, y: r.maxY), control1: CGPoint(x: r.maxX, y: r.maxY - rad + k),
      control2: CGPoint(x: r.maxX - rad + k, y: r.maxY))
    p.addLine(to: CGPoint(x: r.minX + rad, y: r.maxY))
    p.addCurve(
      to: CGPoint(x: r.minX, y: r.maxY - rad), control1: CGPoint(x: r.minX + rad - k, y: r.maxY),
      control2: CGPoint(x: r.minX, y: r.maxY - rad + k))
    p.addLine(to: CGPoint(x: r.minX, y: r.minY + rad))
    p.addCurve(
      to: CGPoint(x: r.minX + rad, y: r.minY), control1: CGPoint(x: r.minX, y: r.minY + rad - k),
      control2: CGPoint(x: r.minX + rad - k, y: r.minY))
    p.closeSubpath()
    return p
  }
}
