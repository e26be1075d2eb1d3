        let path = UIBezierPath()
        path.move(to: CGPoint(x: left, y: top)) // 1. path の始点へ移動
        path.addLine(to: CGPoint(x: right, y: top)) // 2. 左上から右上へ直線を描く
        path.addLine(to: CGPoint(x: right, y: bottom)) // 3. 右上から右下へ直線を描く
        path.addLine(to: CGPoint(x: left, y: bottom)) // 4. 右下から左下へ直線を描く
        path.close() // path を閉じる(右下から右上へ直線を描く)
