        // bottom left corner
        path.addCurve(
            to: CGPoint(
                x: left + radius - radius / sqrt(2),
                y: bottom - radius + radius / sqrt(2)
            ),
            controlPoint1: CGPoint(x: left + radius * 0.9, y: bottom),
            controlPoint2: CGPoint(x: left + radius * 0.2, y: bottom)
        )
        path.addCurve(
            to: CGPoint(x: 0, y: bottom),
            controlPoint1: CGPoint(x: left + radius * 0.15, y: bottom),
            controlPoint2: CGPoint(x: left, y: bottom)
        )
        path.addCurve(
            to: CGPoint(x: left, y: bottom - arrowHeight),
            controlPoint1: CGPoint(x: left, y: bottom - radius * 0.1),
            controlPoint2: CGPoint(
                x: left, y: bottom - arrowHeight + radius * 0.8)
        )
