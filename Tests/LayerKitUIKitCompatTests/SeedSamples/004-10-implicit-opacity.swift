myLayer.opacity = 0.0
