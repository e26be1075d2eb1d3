let path = UIBezierPath()
・・・
path.addLines(between: pathPoints)
