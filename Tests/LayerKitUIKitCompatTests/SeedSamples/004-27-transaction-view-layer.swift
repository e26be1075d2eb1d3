// 試したコード。トランザクションを使用した直属のレイヤーオブジェクトのアニメーション化は不可能だった
CATransaction.begin()
CATransaction.setDisableActions(false)
CATransaction.setAnimationDuration(2)
fooView.layer.opacity = 0
CATransaction.commit()
