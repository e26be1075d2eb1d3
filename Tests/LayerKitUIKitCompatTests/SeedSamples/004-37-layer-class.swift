class SomeView: UIView {
    // ビューが作成される時の、ビュー直属のレイヤーのクラスのサブタイプを指定
    override class var layerClass: AnyClass {
        return SubtypeLayer.self
    }
}
