UIView.animate(duration: 1.0, animation:  {
    myView.layer.opacity = 0.0
})
