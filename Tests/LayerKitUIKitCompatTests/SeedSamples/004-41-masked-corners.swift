layer.cornerRadius = 5.0
layer.masksToBounds = true // contents に画像を設定している場合、デフォルトの false から true に変更する
layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner] // 上辺だけ角丸
