context.move(to: pathPoints[0])
for i in 1..<pathPoints.count {
    context.addLine(to: pathPoints[i])
}
