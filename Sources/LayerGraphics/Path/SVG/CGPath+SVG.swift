import Foundation

extension CGPath {
  /// A path from SVG path data, the syntax of the `d` attribute.
  ///
  /// Accepts the whole SVG grammar (see `SVGPathParser`); elliptical arcs become cubic
  /// Béziers. An empty or all-white-space string gives an empty path.
  ///
  /// ```swift
  /// let icon = try CGPath(svgPath: "M52.7 50.941l-7.913-4.396a3.504 3.504 0 004.176 2.658z")
  /// ```
  ///
  /// - Throws: `SVGPathError` with the UTF-8 byte offset of the first problem.
  public convenience init(svgPath: String) throws {
    let storage = try SVGPathParser.parse(svgPath)
    self.init(storage: storage)
  }

  /// The path as SVG path data: absolute `M`, `L`, `Q`, `C` and `Z` commands.
  ///
  /// Numbers are written in the shortest form that reads back as the same `Double`, so
  /// `CGPath(svgPath: p.svgPathData) == p` for every path with finite points. An empty
  /// path gives `""`.
  public var svgPathData: String {
    var out = ""
    out.reserveCapacity(storage.points.count * 8)
    var i = 0
    for verb in storage.verbs {
      let n = verb.pointCount
      if !out.isEmpty { out.append(" ") }
      switch verb {
      case .moveToPoint: out.append("M")
      case .addLineToPoint: out.append("L")
      case .addQuadCurveToPoint: out.append("Q")
      case .addCurveToPoint: out.append("C")
      case .closeSubpath: out.append("Z")
      }
      for k in 0..<n {
        let p = storage.points[i + k]
        if k > 0 { out.append(" ") }
        out.append(Self.svgNumber(p.x))
        out.append(" ")
        out.append(Self.svgNumber(p.y))
      }
      i += n
    }
    return out
  }

  /// The shortest decimal that round-trips `v`, in SVG number syntax (no trailing `.0`).
  package static func svgNumber(_ v: CGFloat) -> String {
    var s = Double(v).description
    if s.hasSuffix(".0") { s.removeLast(2) }
    if s == "-0" { s = "0" }
    return s
  }
}
