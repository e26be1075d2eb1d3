extension ViewController: CAAnimationDelegate {

    func animationDidStop(_ animation: CAAnimation, finished: Bool) {
         // アニメーション完了後に実行したいことをここに記述
    }   
}
