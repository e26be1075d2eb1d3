override func draw(_ rect: CGRect) {
    let context = UIGraphicsGetCurrentContext()!
    context.addArc(center: CGPoint(x: 45, y: 45), radius: 30, startAngle: 0, endAngle: CGFloat.pi/2, clockwise: false)
    // context.strokePath()

    context.addArc(center: CGPoint(x: 45, y: 45), radius: 30, startAngle: 3*CGFloat.pi/2, endAngle: CGFloat.pi, clockwise: true)
    context.strokePath()
}
