// 一時停止
func pauseLayer(_ layer: CALayer) {
   let pausedTime: CFTimeInterval = layer.convertTime(CACurrentMediaTime(), from: nil)
   layer.speed = 0.0
   layer.timeOffset = pausedTime
}

// 再開
func resumeLayer(_ layer: CALayer) {
   let pausedTime: CFTimeInterval = layer.timeOffset
   layer.speed = 1.0
   layer.timeOffset = 0.0
   layer.beginTime = 0.0 // 0をセットすることで、再びアクティブになったレイヤーをグローバル時間に一致させる
   let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil)
   layer.beginTime = timeSincePause // 再生開始のオフセットを一時停止した時に移動する
}
