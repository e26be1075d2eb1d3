// 例(1)
override func draw(_ rect: CGRect) {
    let context = UIGraphicsGetCurrentContext()!
    let size = CGSize(width: 100, height: 100)
    // 青い長方形(ライン)を描画
    context.setStrokeColor(UIColor.blue.cgColor)
    context.addRect(CGRect(origin: CGPoint(x: 70, y: 70), size: size))
    context.strokePath()
    // 赤い長方形(塗りつぶし)を描画
    context.setFillColor(UIColor.red.cgColor)
    context.addRect(CGRect(origin: CGPoint(x: 80, y: 80), size: size))
    context.fillPath()
}
// 例(2)
override func draw(_ rect: CGRect) {
    let context = UIGraphicsGetCurrentContext()!
    let size = CGSize(width: 100, height: 100)
    // 赤い長方形(塗りつぶし)を描画
    context.setFillColor(UIColor.red.cgColor)
    context.addRect(CGRect(origin: CGPoint(x: 80, y: 80), size: size))
    context.fillPath()
    // 青い長方形(ライン)を描画
    context.setStrokeColor(UIColor.blue.cgColor)
    context.addRect(CGRect(origin: CGPoint(x: 70, y: 70), size: size))
    context.strokePath()
}
