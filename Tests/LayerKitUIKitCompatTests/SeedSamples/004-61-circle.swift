override func draw(_ rect: CGRect) {
    let context = UIGraphicsGetCurrentContext()!
    context.setStrokeColor(UIColor.black.cgColor)
    context.setLineWidth(2)
    // 円(ライン)
    context.addEllipse(in: CGRect(x: 10, y: 10, width: 60, height: 60))
    context.strokePath()
}
