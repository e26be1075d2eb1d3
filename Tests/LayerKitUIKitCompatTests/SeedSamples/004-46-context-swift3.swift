let context = UIGraphicsGetCurrentContext()!
context.setLineWidth(2)
context.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
context.fillPath()
