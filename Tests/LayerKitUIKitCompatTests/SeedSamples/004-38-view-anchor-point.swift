let subView = UIView()
view.addSubview(subView)

subView.frame = CGRect(x:0, y:0, width:300, height:200)
print(subView.center) // 出力 (150.0, 100.0)
print(subView.layer.position) // 出力 (150.0, 100.0)
print(subView.frame) // 出力 (0.0, 0.0, 300.0, 200.0)

subView.layer.anchorPoint = CGPoint(x: 1.0, y: 1.0) // アンカーポイントを変更
print(subView.center) // 出力 (150.0, 100.0)
print(subView.layer.position) // 出力 (150.0, 100.0) ←positionの位置が維持され、
print(subView.frame) // 出力 (-150.0, -100.0, 300.0, 200.0) ←frameが移動される

subView.center = view.center
