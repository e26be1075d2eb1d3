let keyPath = "backgroundColor"
let fromValue = UIColor.red.cgColor
let toValue = UIColor.blue.cgColor

let animation = CABasicAnimation(keyPath: keyPath)
animation.fromValue = fromValue
animation.toValue = toValue
animation.duration = 4
myLayer.add(animation, forKey: keyPath)

myLayer.backgroundColor = toValue // アニメーションの終了値を反映する場合はセットする必要がある(*1)
