override func draw(_ rect: CGRect) {
    let context = UIGraphicsGetCurrentContext()!
    context.setStrokeColor(UIColor.black.cgColor)
    context.setLineWidth(2)

    let pathPoints = [
        CGPoint(x: bounds.maxX * (0/3), y: 100),
        CGPoint(x: bounds.maxX * (1/3), y: 10),
        CGPoint(x: bounds.maxX * (1/3), y: 100),
        CGPoint(x: bounds.maxX * (2/3), y: 10),
        CGPoint(x: bounds.maxX * (2/3), y: 100),
        CGPoint(x: bounds.maxX * (3/3), y: 10),
    ]
    // 要素の1番目と2番目がペア、3番目と4番目がペア…という風に2つの点のペアの直線パスが作成される
    context.strokeLineSegments(between: pathPoints)
}
