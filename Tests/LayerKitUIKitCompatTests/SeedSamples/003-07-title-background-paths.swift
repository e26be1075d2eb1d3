// ...other code...
private var whitePath: UIBezierPath {
let shape = UIBezierPath()
shape.move(to: CGPoint(x: 247, y: 15.79))
shape.addLine(to: CGPoint(x: 8.72, y: 21))
shape.addLine(to: CGPoint(x: 2, y: -2.08))
shape.addLine(to: CGPoint(x: 245.12, y: -3))
shape.close()
return shape
}
private var purplePath: UIBezierPath {
let shape = UIBezierPath()
shape.move(to: CGPoint(x: 245, y: 18.79))
shape.addLine(to: CGPoint(x: 6.72, y: 24))
shape.addLine(to: CGPoint(x: 0, y: 0.92))
shape.addLine(to: CGPoint(x: 243.12, y: 0))
shape.close()
return shape
}
// ...other code...
