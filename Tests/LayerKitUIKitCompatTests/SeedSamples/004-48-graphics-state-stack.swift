override func draw(_ rect: CGRect) {
    let context = UIGraphicsGetCurrentContext()!
    /* 🌝  */
    // 輪郭を描く
    …
    // 目を描く
    drawEye(inContext: context) 
    // まぶたや頬の膨らみを描く…(drawEyeはGステートを最後に戻したので、この処理を行うGステートは、輪郭を描いた後と同じものになる)
    …
    // 口を描く
    …
}

/// 目のペイントを出力
private func drawEye(inContext: CGContext) {
     inContext.saveGState() // カレントのGステートの**コピー**が、スタックにプッシュされる⤵️
     // 目を描くためにGステートである色、線の幅などを様々に変更したとする
     inContext.setFillColor(UIColor.white.cgColor)
     …
     inContext.fillPath()
     inContext.setStrokeColor(UIColor.black.cgColor)
     …
     inContext.strokePath() // 描画を出力し終えたらGステートを次のリストアで最初に戻す
     inContext.restoreGState() // スタックからポップ⤴️され、カレントのGステートに適用される(このメソッドの最初に保存した状態に戻る)
}
