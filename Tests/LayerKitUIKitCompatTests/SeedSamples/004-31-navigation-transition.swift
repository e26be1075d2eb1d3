CATransaction.begin()
CATransaction.setDisableActions(true)

let transition = CATransition()
transition.type = .moveIn
transition.subtype = .fromTop
transition.duration = 0.7

// UINavigationController#view直属のレイヤーオブジェクトに自前のアニメーションを加えることで動作させられる
navigationController.view.layer.add(transition, forKey: nil) 
// 標準のアニメーションをオフにして遷移vcのスタックにpushまたはpopする
navigationController.pushViewController(vc, animated: false)
もしくは 
navigationController.popViewControllerAnimated(false)

CATransaction.commit()
