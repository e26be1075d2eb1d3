// アニメーション1
let bgAnimation = CABasicAnimation(keyPath: "backgroundColor")
bgAnimation.fromValue = UIColor.red.cgColor
bgAnimation.toValue = UIColor.blue.cgColor

// アニメーション2
let positionYAnimation = CAKeyframeAnimation(keyPath: "position.y")
positionYAnimation.calculationMode = .cubic
positionYAnimation.keyTimes = [0, 0.25, 0.5, 0.75, 1]
positionYAnimation.values = [310, 60, 120, 60, 310]

// アニメーショングループ
let animationGroup = CAAnimationGroup()
animationGroup.animations = [bgAnimation, positionYAnimation]
animationGroup.duration = 6
layer.add(animationGroup, forKey: "MyAnimationGroup")
