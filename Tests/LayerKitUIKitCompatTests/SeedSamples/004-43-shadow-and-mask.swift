let cornerRadius: CGFloat = 20
// レイヤー1(コンテンツを含み、masksToBoundsが有効)
let contentsLayer = CALayer()
contentsLayer.cornerRadius = cornerRadius
contentsLayer.masksToBounds = true
contentsLayer.contents = UIImage(named: "imageName")?.cgImage
contentsLayer.contentsScale = UIScreen.main.scale

// レイヤー2(シャドウ効果を有効。)
let view = UIView(frame: CGRect(x:0, y:0, width:300, height:200))
view.layer.cornerRadius = cornerRadius
view.layer.shadowColor = UIColor.black.cgColor
view.layer.shadowOffset = .zero
view.layer.shadowOpacity = 0.5
view.layer.shadowRadius = 10
view.layer.addSublayer(imageLayer)
contentsLayer.frame = view.bounds // レイヤーのサイズを合わせる
