class DrawView: UIView {
    /// どちらも同じ描画結果になりますが、`clockwise`に対するBoolの値が逆なことに注目
    override func draw(_ rect: CGRect) {
        ・・・
        // UIBezierPath
        path.addArc(withCenter: center, radius: 30, startAngle: 0, endAngle: .pi/2, clockwise: true)
        // CGContext
        context.addArc(center: center, radius: 30, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    }
}
