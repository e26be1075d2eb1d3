override func draw(_ rect: CGRect) {
    let context = UIGraphicsGetCurrentContext()!
    context.setStrokeColor(UIColor.black.cgColor)
    context.setLineWidth(2)

    let pathPoints = [
        CGPoint(x: bounds.maxX * (0/3), y: bounds.maxY),
        CGPoint(x: bounds.maxX * (1/3), y: 0),
        CGPoint(x: bounds.maxX * (1/3), y: bounds.maxY),
        CGPoint(x: bounds.maxX * (2/3), y: 0),
        CGPoint(x: bounds.maxX * (2/3), y: bounds.maxY),
        CGPoint(x: bounds.maxX * (3/3), y: 0),
    ]
    context.addLines(between: pathPoints)
    context.strokePath()
}
