private struct TitleBackgroundShape: Shape {
private let path: UIBezierPath
init(path: UIBezierPath) {
self.path = path
}
func path(in rect: CGRect) -> Path {
return Path(path.cgPath)
}
}
