let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
let mutableCGPath = path.cgPath.mutableCopy()
