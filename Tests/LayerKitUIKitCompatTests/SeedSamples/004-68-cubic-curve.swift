override func draw(_ rect: CGRect) {
    let start = CGPoint(x: 0, y: 60)
    let end = CGPoint(x: 100, y: 50)
    let cp1 = CGPoint(x: 40, y: 10)
    let cp2 = CGPoint(x: 60, y: 90)

    let context = UIGraphicsGetCurrentContext()!
    context.setLineWidth(3)
    context.setStrokeColor(UIColor.black.cgColor)
    context.move(to: start)
    context.addCurve(to: end, control1: cp1, control2: cp2)
    context.strokePath()
}
