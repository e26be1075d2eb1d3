CATransaction.begin()
CATransaction.setAnimationDuration(3)
myLayer.opacity = 0 
CATransaction.commit()
