CATransaction.begin()
CATransaction.setCompletionBlock {
    // アニメーション完了後に実行したいことをここに記述
}
myLayer.position = CGPoint(x: 60, y: 60) // アニメーション化したいプロパティ変更
CATransaction.commit()
