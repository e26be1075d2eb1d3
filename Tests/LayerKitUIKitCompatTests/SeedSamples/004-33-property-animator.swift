let animator = UIViewPropertyAnimator(duration: duration, curve: .linear) {
  self.myView.backgroundColor = .green
}
animator.addAnimations {
  self.myView.layer.cornerRadius = 50.0
}
animator.startAnimation()
