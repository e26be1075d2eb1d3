CATransaction.begin()
CATransaction.setDisableActions(true)
myLayer.opacity = 0.0 // アニメーション化をしたくないプロパティ変更
CATransaction.commit()
