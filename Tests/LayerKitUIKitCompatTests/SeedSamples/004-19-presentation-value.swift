// アニメーション再生中に実行。presentation()から変化中の値を取得できる
let opacityDuringAnimation = animatingLayer.presentation()?.opacity 
myLayer.opacity = opacityDuringAnimation
myLayer.removeAnimation(forKey: "OpacityAnimation")
