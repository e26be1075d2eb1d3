let context = UIGraphicsGetCurrentContext()!
// ライン色のステートを変更
context.setStrokeColor(UIColor.black.cgColor)
// ストローク幅のステートを2ptに変更
context.setLineWidth(2.0)
