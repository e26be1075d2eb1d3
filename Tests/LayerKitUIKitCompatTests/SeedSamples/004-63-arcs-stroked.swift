override func draw(_ rect: CGRect) {
    let context = UIGraphicsGetCurrentContext()!
    let center = CGPoint(x: 45, y: 45)
    // 右下の円弧
    context.addArc(center: center, radius: 30, startAngle: 0, endAngle: .pi/2, clockwise: false)
    // context.strokePath()
    // 左上の円弧
    context.addArc(center: center, radius: 30, startAngle: 3 * .pi / 2, endAngle: .pi, clockwise: true)
    context.strokePath()
}
