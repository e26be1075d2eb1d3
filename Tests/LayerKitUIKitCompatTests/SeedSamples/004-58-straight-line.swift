@IBDesignable
class DrawView: UIView {

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        isOpaque = false
    }

    override func draw(_ rect: CGRect) {
        // 直線一本
        let context = UIGraphicsGetCurrentContext()!
        context.move(to: CGPoint(x: 0, y: rect.midY))
        context.addLine(to: CGPoint(x: rect.maxX, y: rect.midY))
        context.setStrokeColor(UIColor.black.cgColor) // 色を設定
        context.setLineWidth(2.0) // ストローク幅を2ptに設定
        context.strokePath()
    }
}
