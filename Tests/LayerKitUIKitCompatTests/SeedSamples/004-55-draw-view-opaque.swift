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
        let context = UIGraphicsGetCurrentContext()!
        context.setLineWidth(10)
        context.setStrokeColor(UIColor.red.cgColor)
        context.addEllipse(in: bounds)
        context.strokePath()
    }
}
