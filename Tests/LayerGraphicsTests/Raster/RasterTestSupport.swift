import LayerGraphics

/// Makes a context, runs `draw`, and returns the image.
func render(
  _ width: Int = 64, _ height: Int = 64, background: CGColor? = .white,
  _ draw: (CGContext) -> Void
) -> CGImage {
  let ctx = CGContext(width: width, height: height)!
  if let background {
    ctx.setFillColor(background)
    ctx.fill(CGRect(x: 0, y: 0, width: width, height: height))
  }
  draw(ctx)
  return ctx.makeImage()!
}

/// The sum of all alpha values divided by 255: the covered area in pixels.
func coveredArea(_ image: CGImage) -> Double {
  var sum = 0
  for i in stride(from: 3, to: image.pixels.count, by: 4) { sum += Int(image.pixels[i]) }
  return Double(sum) / 255
}

/// A star with cubic edges, like the benchmark scene's, built with the core path API.
func starPath(center: CGPoint, outer: CGFloat, inner: CGFloat, points n: Int) -> CGMutablePath {
  let p = CGMutablePath()
  var pts: [CGPoint] = []
  for i in 0..<(2 * n) {
    let r = i % 2 == 0 ? outer : inner
    let a = -CGFloat.pi / 2 + CGFloat(i) * .pi / CGFloat(n)
    pts.append(CGPoint(x: center.x + r * cos(a), y: center.y + r * sin(a)))
  }
  p.move(to: pts[0])
  for i in 0..<pts.count {
    let a = pts[i]
    let b = pts[(i + 1) % pts.count]
    let dx = b.x - a.x
    let dy = b.y - a.y
    p.addCurve(
      to: b, control1: CGPoint(x: a.x + dx / 3 - dy * 0.2, y: a.y + dy / 3 + dx * 0.2),
      control2: CGPoint(x: a.x + 2 * dx / 3 + dy * 0.2, y: a.y + 2 * dy / 3 - dx * 0.2))
  }
  p.closeSubpath()
  return p
}

/// A rounded rectangle built from lines and cubic quarter circles.
func roundedRectPath(_ r: CGRect, radius: CGFloat) -> CGMutablePath {
  let k: CGFloat = 0.5522847498 * radius
  let p = CGMutablePath()
  p.move(to: CGPoint(x: r.minX + radius, y: r.minY))
  p.addLine(to: CGPoint(x: r.maxX - radius, y: r.minY))
  p.addCurve(
    to: CGPoint(x: r.maxX, y: r.minY + radius),
    control1: CGPoint(x: r.maxX - radius + k, y: r.minY),
    control2: CGPoint(x: r.maxX, y: r.minY + radius - k))
  p.addLine(to: CGPoint(x: r.maxX, y: r.maxY - radius))
  p.addCurve(
    to: CGPoint(x: r.maxX - radius, y: r.maxY),
    control1: CGPoint(x: r.maxX, y: r.maxY - radius + k),
    control2: CGPoint(x: r.maxX - radius + k, y: r.maxY))
  p.addLine(to: CGPoint(x: r.minX + radius, y: r.maxY))
  p.addCurve(
    to: CGPoint(x: r.minX, y: r.maxY - radius),
    control1: CGPoint(x: r.minX + radius - k, y: r.maxY),
    control2: CGPoint(x: r.minX, y: r.maxY - radius + k))
  p.addLine(to: CGPoint(x: r.minX, y: r.minY + radius))
  p.addCurve(
    to: CGPoint(x: r.minX + radius, y: r.minY),
    control1: CGPoint(x: r.minX, y: r.minY + radius - k),
    control2: CGPoint(x: r.minX + radius - k, y: r.minY))
  p.closeSubpath()
  return p
}

/// Seeded premultiplied pixels for the kernel tests (a 64-bit LCG, high bits), so runs
/// are reproducible.
struct SeededPixels {
  var state: UInt64
  mutating func next() -> UInt32 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return UInt32(truncatingIfNeeded: state >> 33)
  }
  /// A premultiplied pixel: a quarter clear, a fifth opaque; unless `valid`, one in
  /// twenty is not validly premultiplied (colour above its alpha, or colour with alpha 0).
  mutating func pixel(valid: Bool = true) -> UInt32 {
    let roll = next() % 20
    if roll == 19 && !valid { return next() & 0x00FF_FFFF | (next() % 3 == 0 ? 0 : 0x1000_0000) }
    let a: UInt32 = roll < 5 ? 0 : roll < 9 ? 255 : next() % 256
    func c() -> UInt32 { a == 0 ? 0 : next() % (a + 1) }
    return c() | c() << 8 | c() << 16 | a << 24
  }
}
