context.saveGState()
context.translateBy(x: 0, y: imageHeight) // 原点を作図領域の左上に移動
context.scaledBy(x: 1, y: -1) // y座標を負にする(-1)スケーリング変換を適用。スケーリングは座標系の原点を変更しません。
context.draw(image, in: CGRect(x: 0, y: 0, width: imageWidth, height: imageHeight)) 
context.restoreGState()
