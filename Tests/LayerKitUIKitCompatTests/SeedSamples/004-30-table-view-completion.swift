CATransaction.begin()
tableView.beginUpdates()
CATransaction.setCompletionBlock {
    // UITableViewのセル挿入アニメーション完了後に実行したいことをここに記述
}
tableView.insertRows(at: indexArray, with: .top)
tableView.endUpdates()
CATransaction.commit()
