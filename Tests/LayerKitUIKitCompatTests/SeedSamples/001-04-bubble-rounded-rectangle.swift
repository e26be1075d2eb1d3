        path.move(to: CGPoint(x: left, y: top + radius))
        // top left corner
        path.addCurve(
            to: CGPoint(x: left + radius, y: top),
            controlPoint1: CGPoint(x: left, y: top),
            controlPoint2: CGPoint(x: left, y: top)
        )
        path.addLine(to: CGPoint(x: right - radius, y: top))
        // top right corner
        path.addCurve(
            to: CGPoint(x: right, y: top + radius),
            controlPoint1: CGPoint(x: right, y: top),
            controlPoint2: CGPoint(x: right, y: top)
        )
        path.addLine(to: CGPoint(x: right, y: bottom - radius))
        // bottom right corner
        path.addCurve(
            to: CGPoint(x: right - radius, y: bottom),
            controlPoint1: CGPoint(x: right, y: bottom),
            controlPoint2: CGPoint(x: right, y: bottom)
        )
        path.addLine(to: CGPoint(x: left + radius, y: bottom))
        // bottom left corner
        path.addCurve(
            to: CGPoint(x: left, y: bottom - radius),
            controlPoint1: CGPoint(x: left, y: bottom),
            controlPoint2: CGPoint(x: left, y: bottom)
        )
        path.close()
