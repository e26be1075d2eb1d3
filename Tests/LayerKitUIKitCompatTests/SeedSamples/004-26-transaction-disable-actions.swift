CATransaction.begin()
CATransaction.setDisableActions(true)
myLayer.opacity = 0.0
CATransaction.commit()
