// メディアタイムを、レイヤーのタイムスペース上の時間値に変換する
let currentTimeInSuperLayer = superLayer.convertTime(CACurrentMediaTime(), from: nil) // 親となるレイヤーがない場合は nil 
let currentTimeInSubLayer = subLayer.convertTime(currentTimeInSuperLayer, from: superLayer) // 親となるレイヤーをfromに指定

// 暗黙的アニメーションは3秒遅れて実行されます
let delay: Float = 3
subLayer.beginTime = currentTimeInSubLayer + delay
subLayer.fillMode = .backwards
subLayer.position = CGPoint(x: 60, y: 60)
