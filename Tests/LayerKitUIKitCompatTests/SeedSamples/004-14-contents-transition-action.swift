let myAnimation = CATransition()
myAnimation.duration = 1
myAnimation.timingFunction = CAMediaTimingFunction(name: .easeIn)
myAnimation.type = .push
myAnimation.subtype = .fromRight
layer.actions = ["contents": myAnimation]
