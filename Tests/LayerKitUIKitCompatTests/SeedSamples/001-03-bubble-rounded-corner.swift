        // 始点をy軸方向に、radius 分ずらす
        path.move(to: CGPoint(x: left, y: top + radius))
        path.addCurve(
            // カーブの終点を、x軸方向に raidus 分進んだところに設定する
            to: CGPoint(x: left + radius, y: top),
            // controlPoint1, 2 は同じ場所に
            controlPoint1: CGPoint(x: left, y: top),
            controlPoint2: CGPoint(x: left, y: top)
        )
        path.addLine(to: CGPoint(x: right, y: top))
        path.addLine(to: CGPoint(x: right, y: bottom))
        path.addLine(to: CGPoint(x: left, y: bottom))
        path.close()
