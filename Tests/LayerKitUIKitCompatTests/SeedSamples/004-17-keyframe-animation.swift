let keyPath = "backgroundColor"
let keyTimes: [NSNumber] = [0, 0.5, 1]
let values = [UIColor.red.cgColor, UIColor.yellow.cgColor, UIColor.blue.cgColor]
let duration: CFTimeInterval = 4

let keyframeAnimation = CAKeyframeAnimation(keyPath: keyPath)
keyframeAnimation.calculationMode = .linear
keyframeAnimation.repeatCount = .greatestFiniteMagnitude
keyframeAnimation.keyTimes = keyTimes
keyframeAnimation.values = values
keyframeAnimation.duration = duration
keyframeAnimation.delegate = self
layer.add(keyframeAnimation, forKey: keyPath)

layer.backgroundColor = toValue // アニメーションの結果を反映する場合はセットする(*1)
