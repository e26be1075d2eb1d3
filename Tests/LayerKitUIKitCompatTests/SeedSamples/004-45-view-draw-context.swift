class SomeView: UIView {
    override func draw(_ rect: CGRect) {
        let context = UIGraphicsGetCurrentContext()!
        // contextに対する描画操作が以下に続く…
    }
}
