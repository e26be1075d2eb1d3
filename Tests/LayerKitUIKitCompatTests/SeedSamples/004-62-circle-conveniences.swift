// 円(ライン)
context.strokeEllipse(in: CGRect(x: 30, y: 30, width: 60, height: 60))
// 円(塗りつぶし)
context.fillEllipse(in: CGRect(x: 30, y: 30, width: 60, height: 60))
