let view = UIView()
// そもそもUIView直属のlayerオブジェクトはプロパティ変更してもアニメーション化されない。
view.layer.opacity = 0.0 // view.alpha も共通して値が 0.0 に変更される
