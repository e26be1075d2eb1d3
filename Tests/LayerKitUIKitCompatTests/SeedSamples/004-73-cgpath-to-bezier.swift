let cgPath = CGMutablePath()
cgPath.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))

let path = UIBezierPath(cgPath: cgPath)
もしくは
let path = UIBezierPath()
path.cgPath = cgPath
