// addEllipseに渡すrectを線の幅半分ほど
override func draw(_ rect: CGRect) {
    let context = UIGraphicsGetCurrentContext()!
    let lineWidth: CGFloat = 10
    let halfLineWidth = lineWidth / 2
    context.setLineWidth(lineWidth)
    context.setStrokeColor(UIColor.red.cgColor)
    context.addEllipse(in: bounds.insetBy(dx: halfLineWidth, dy: halfLineWidth))
    context.strokePath()
}
