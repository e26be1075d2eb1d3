override func draw(_ rect: CGRect) {
    let center = CGPoint(x: 45, y: 45)
    let path = UIBezierPath()
    // 右下の円弧
    path.addArc(withCenter: center, radius: 30, startAngle: 0, endAngle: .pi / 2, clockwise: true)
    path.stroke()
    path.removeAllPoints()
    // 左下の円弧
    path.addArc(withCenter: center, radius: 30, startAngle: 3 * .pi / 2, endAngle: .pi, clockwise: false)
    path.stroke()
}
