let animation1 = CABasicAnimation(keyPath: "position")
let targetPosition = CGPoint(x: 60, y: 60)
animation1.fromValue = subLayer.position
animation1.toValue = targetPosition
animation1.duration = 2.0
animation1.beginTime = 0
var totalDuration = animation1.duration

let animation2 = CABasicAnimation(keyPath: "opacity")
let targetOpacity: Float = 0
animation2.fromValue = 1
animation2.toValue = targetOpacity
animation2.duration = 2.0
animation2.beginTime = animation2.duration // 2.0秒
animation2.fillMode = .backwards
totalDuration += animation2.duration

let group = CAAnimationGroup()
group.duration = totalDuration
group.animations = [animation1, animation2]
subLayer.position = targetPosition // (※)
subLayer.opacity = targetOpacity // (※)
subLayer.add(group, forKey: "MyChainAnimation")
