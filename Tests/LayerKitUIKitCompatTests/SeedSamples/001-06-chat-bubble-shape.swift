import SwiftUI

struct ChatBubble: Shape {
    var radius: CGFloat = 30
    var arrowWidth: CGFloat = 20
    var arrowHeight: CGFloat = 40

    func path(in rect: CGRect) -> Path {
        let shapeRect = CGRect(
            x: 0, y: 0, width: rect.width, height: rect.height
        )
        let left = shapeRect.minX + arrowWidth
        let right = shapeRect.maxX
        let top = shapeRect.minY
        let bottom = shapeRect.maxY

        let path = UIBezierPath()
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
        path.close()
        return Path(path.cgPath)
    }
}

#Preview {
    ChatBubble()
        .stroke(.black, lineWidth: 2)
        .frame(width: 300, height: 100)
}
