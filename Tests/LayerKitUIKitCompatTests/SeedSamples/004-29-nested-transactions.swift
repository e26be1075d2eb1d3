CATransaction.begin() //外部トランザクション
// アニメーションの長さを2秒に変更します
CATransaction.setAnimationDuration(2)
//レイヤーを新しい位置に移動します
myLayer.position = .zero

CATransaction.begin()  // 内部トランザクション
//アニメーションの長さを5秒に変更します
CATransaction.setAnimationDuration(5)
// zPositionと不透明度を変更します
myLayer.zPosition = 200.0
myLayer.opacity = 0.0
CATransaction.commit() // 内部トランザクション

CATransaction.commit() // 外部トランザクション
