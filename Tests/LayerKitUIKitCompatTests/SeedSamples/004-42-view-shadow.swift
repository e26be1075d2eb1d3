let view = UIView(frame: CGRect(x: 0, y:0, width: 200, height: 150)
view.layer.backgroundColor = UIColor.blue.cgColor
view.layer.shadowOffset = CGSize(width: -20, height: -20) // 影の位置(この値では、左上に移動)
view.layer.shadowRadius = 20 // 影の大きさ
view.layer.shadowColor = UIColor.black.cgColor // 影の色
view.layer.shadowOpacity = 0.5 // 影の透明度
