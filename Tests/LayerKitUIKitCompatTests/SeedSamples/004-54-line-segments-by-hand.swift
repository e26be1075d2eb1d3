context.move(to: CGPoint(x: bounds.maxX * (0/3), y: 100))
context.addLine(to: CGPoint(x: bounds.maxX * (1/3), y: 10))
context.strokePath()

context.move(to: CGPoint(x: bounds.maxX * (1/3), y: 100))
context.addLine(to: CGPoint(x: bounds.maxX * (2/3), y: 10))
context.strokePath()

context.move(to: CGPoint(x: bounds.maxX * (2/3), y: 100))
context.addLine(to: CGPoint(x: bounds.maxX * (3/3), y: 10))
context.strokePath()
