extension UIBezierPath {

    /// CGContext#addLines(between:)と同じになる実装
    func addLines(between pathPoints: [CGPoint]) {
        guard !pathPoints.isEmpty else { return }
        move(to: pathPoints[0])
        for i in 1..<pathPoints.count {
            addLine(to: pathPoints[i])
        }
    }
}
