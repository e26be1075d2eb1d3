class RectangleView: UIView {

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = .lightGray
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        isOpaque = false
        backgroundColor = .lightGray
    }

    override func draw(_ rect: CGRect) {
        let context =  UIGraphicsGetCurrentContext()!
        let lineWidth: CGFloat = 10
        let halfLineWidth = lineWidth / 2
        // 赤い線で囲まれた長方形
        context.setStrokeColor(UIColor.red.cgColor)
        context.setLineWidth(lineWidth)
        context.addRect(CGRect(x: 0, y: 0, width: bounds.midX, height: bounds.midY).insetBy(dx: halfLineWidth, dy: halfLineWidth))
        context.strokePath()

        // 青で塗りつぶしされた長方形
        context.setFillColor(UIColor.blue.cgColor)
        context.addRect(CGRect(x: bounds.midX, y: bounds.midY, width: bounds.midX, height: bounds.midY))
        context.fillPath()
    }
}
