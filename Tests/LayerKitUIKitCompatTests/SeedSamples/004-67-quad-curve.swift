override func draw(_ rect: CGRect) {
    let start = CGPoint(x: 0, y: 100)
    let end = CGPoint(x: 100, y: 90)
    let cp1 = CGPoint(x: 50, y: 10)

    let context = UIGraphicsGetCurrentContext()!
    context.setLineWidth(3)
    context.setStrokeColor(UIColor.black.cgColor)
    context.move(to: start)
    context.addQuadCurve(to: end, control: cp1)
    context.strokePath()
}
