@IBDesignable // (1) Storyboard、Xib でのプレビューを有効化
class SomeView: UIView {

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false // (2) rect 引数の領域全体を描画で埋めない場合は false を設定する
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        isOpaque = false
    }

    override func draw(_ rect: CGRect) {
         /* (3) 描画を行うコードをここに描く */
    }
}
